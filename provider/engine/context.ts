// The one way a Ctx (kind.ts) is built over clients: the provider's (generic.ts, clients from a resource's
// connection), chat-export's (provider/environment/export/read.ts) and the lookups' (sdk/nodejs/lookups.ts) reads all go
// through the kinds with a context from here.
import type { ChatClient, ManagementClient } from "../client";
import type { Args, Ctx } from "./kind";
import { listingsOf } from "./listings";

export interface ContextClients {
  /** The chat client, built on first use; absent when the caller has no chat credentials. */
  chat?: (() => ChatClient) | undefined;
  /** The management client, built on first use; absent when the caller has no management credentials. */
  management?: (() => ManagementClient) | undefined;
  /** The app a management resource acts on when its args name none; default: the chat client's app. */
  appId?: (() => string | undefined) | undefined;
}

/** A context over `clients`: reads share each client's listings (listings.ts) for as long as it lives. */
export function clientContext(clients: ContextClients): Ctx {
  const missing = (what: string) => () => {
    throw new Error(`no ${what} credentials`);
  };
  const chat = clients.chat ?? missing("chat API");
  const management = clients.management ?? missing("management");
  const made = new Map<string, Promise<unknown>>();
  return {
    once: <T>(key: string, make: () => Promise<T>) => {
      if (!made.has(key)) made.set(key, make());
      return made.get(key) as Promise<T>;
    },
    chat,
    management,
    listed: (listing, id, alone) =>
      listingsOf(listing.api === "chat" ? chat() : management()).get(listing, id, alone),
    appId: (args: Args) => {
      const explicit = args.appId;
      if (typeof explicit === "string" && explicit) return explicit;
      const id = clients.appId ? clients.appId() : clients.chat?.().appId;
      if (!id) throw new Error("appId: set the resource's appId, a connection, or chat:appId");
      return id;
    },
  };
}
