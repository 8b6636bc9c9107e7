// Reads answered from shared listings (bug class 12, docs/bug-classes.md): a `pulumi refresh` of 1,000 users would
// otherwise send a GET (and a tags listing) per user and spend the app's whole rate limit. Reads of one kind
// that keep coming are answered from one paged listing of the kind, fetched once and reused while nothing
// was written through the same client; the first few reads go one by one, and a listing is fetched only when
// it costs less than the reads it replaces (ski rental: list once the reads so far have cost twice the
// listing's pages), so an app with 100,000 users and 10 declared is never listed whole.
// An object missing from the listing is asked for on its own: some are left out of listings (private groups,
// deactivated users), and a 404 then says it is gone.

import type { ChatClient, ManagementClient } from "../client";
import type { AnyRequest, PagedChatRouteName, PagedManagementRouteName } from "../client/types";
import { LIMITS } from "../contract";
import type { Ctx } from "./kind";

type Item = Record<string, unknown>;
/** `call` of either client, by a route name checked where the listings are declared. */
type LooseCall = (name: Listing["route"], req: AnyRequest) => Promise<unknown>;
type LooseListAll = (name: Listing["route"], req: AnyRequest) => Promise<Item[]>;

/** A page-based list route that lists the objects of one kind, and the field that names each. */
export type Listing =
  | ListingOf<"chat", PagedChatRouteName>
  | ListingOf<"management", PagedManagementRouteName>;
interface ListingOf<A extends "chat" | "management", R extends string> {
  api: A;
  route: R;
  params?: Readonly<Record<string, string>>;
  query?: Readonly<Record<string, unknown>>;
  key: string;
  /**
   * Reads answered one by one before a listing is considered (default 5). 1 where one read costs a listing
   * anyway (a group's members).
   */
  after?: number;
}

interface Shared {
  reads: number;
  /** Pages of the whole listing, once a first page said. */
  pages?: number;
  items?: Promise<Map<string, Item>>;
  /** The client's write count when the listing started: a later write makes it stale. */
  writes: number;
}

const DEFAULT_AFTER = 5;
const PER_PAGE = LIMITS.perPageMax;

export class Listings {
  readonly #shared = new Map<string, Shared>();

  readonly #call: LooseCall;

  constructor(private readonly client: ChatClient | ManagementClient) {
    this.#call = client.call.bind(client) as unknown as LooseCall;
  }

  /** The object `id` of the kind `listing` lists: from a shared listing when that pays, else from `alone`. */
  async get<T>(listing: Listing, id: string, alone: () => Promise<T>): Promise<T> {
    const key = JSON.stringify([listing.route, listing.params ?? {}, listing.query ?? {}]);
    let s = this.#shared.get(key);
    if (!s || (s.items && s.writes !== this.client.writes)) {
      s = { reads: 0, writes: this.client.writes };
      this.#shared.set(key, s);
    }
    if (!s.items) {
      s.reads++;
      if (s.reads >= (listing.after ?? DEFAULT_AFTER) && (s.pages === undefined || s.reads >= 2 * s.pages)) {
        const shared = s;
        const items = this.#list(listing, shared);
        shared.writes = this.client.writes;
        shared.items = items;
        // Reads go on one by one: until the listing pays (NotYet), or for good after it failed.
        items.catch((e: unknown) => {
          if (shared.items === items) shared.items = undefined;
          if (!(e instanceof NotYet)) shared.pages = Number.POSITIVE_INFINITY;
        });
      }
    }
    if (s.items) {
      const found = (await s.items.catch(() => undefined))?.get(id);
      if (found !== undefined) return found as T;
    }
    return alone();
  }

  /** The whole listing; after a first page that shows it is large, only that page is kept, as a measure. */
  async #list(listing: Listing, s: Shared): Promise<Map<string, Item>> {
    const items = new Map<string, Item>();
    for (let page = 1; ; page++) {
      const r = (await this.#call(listing.route, {
        ...(listing.params ? { params: listing.params } : {}),
        query: { ...listing.query, page, perPage: PER_PAGE },
      })) as { data: Item[]; meta: { pagination: { total_pages: number } } };
      for (const item of r.data) items.set(String(item[listing.key]), item);
      const pages = r.meta.pagination.total_pages;
      if (page === 1 && s.pages === undefined && pages > 1 && s.reads < 2 * pages) {
        // Listing it all would cost more than the reads so far: go on one by one until it pays.
        s.pages = pages;
        throw new NotYet();
      }
      if (r.data.length === 0 || page >= pages) return items;
    }
  }
}

class NotYet extends Error {}

// Each client's shared listings, as long as the client lives (the provider's and chat-export's reads).
const perClient = new WeakMap<ChatClient | ManagementClient, Listings>();

/** The shared listings of `client`. */
export function listingsOf(client: ChatClient | ManagementClient): Listings {
  let l = perClient.get(client);
  if (!l) {
    l = new Listings(client);
    perClient.set(client, l);
  }
  return l;
}

/**
 * The one rule for tags (users, groups): `object` with the tags the service holds, its own when the answer
 * carries them (a group's GET, a listing with tags), else those of `listing` (one with tags) searched by `id`;
 * none when that does not list it either.
 */
export async function withTags<T extends { tags?: string[] | undefined }>(
  ctx: Ctx,
  listing: Listing,
  id: string,
  object: T,
): Promise<T> {
  if (object.tags) return object;
  const client = listing.api === "chat" ? ctx.chat() : ctx.management();
  const listAll = client.listAll.bind(client) as unknown as LooseListAll;
  const listed = await listAll(listing.route, {
    ...(listing.params ? { params: listing.params } : {}),
    query: { ...listing.query, searchKey: id },
  });
  const tags = listed.find((x) => String(x[listing.key]) === id)?.tags as string[] | undefined;
  return tags ? { ...object, tags } : object;
}
