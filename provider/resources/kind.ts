// What one resource kind tells the generic CRUD provider (pulumi-eks keeps one small file per kind).
import type { z } from "zod";
import type { ChatClient, ManagementClient } from "../client";
import type { Listing } from "./listings";

export type Args = Record<string, unknown>;

/** A problem with one input, reported by check (the preview) before any change is made. */
export interface CheckFailure {
  property: string;
  reason: string;
}

/** Clients for the connection the resource uses, built on first use. */
export interface Ctx {
  chat(): ChatClient;
  management(): ManagementClient;
  /** The app a management resource acts on (its `appId`, else the chat connection's, else config). */
  appId(args: Args): string;
  /** Object `id` of the kind `listing` lists: from a listing shared with other reads when that pays (listings.ts). */
  listed<T>(listing: Listing, id: string, alone: () => Promise<T>): Promise<T>;
}

export interface Kind<A extends Args = Args, S extends Args = Args> {
  /** Type name: the token is `pulumi-nodejs:dynamic/chat:<name>`. */
  readonly name: string;
  /** Which credentials the kind needs. */
  readonly api: "chat" | "management";
  /** Validates and normalises the kind's own arguments (the provider options are handled generically). */
  readonly args: z.ZodObject<z.ZodRawShape, z.core.$strict> & z.ZodType<A>;
  /** Arguments that force replacement (caller-chosen ids, parents, create-only fields). */
  readonly replaceOn: readonly string[];
  /**
   * The caller-chosen arguments that name the object inside its app (uid; guid and uid; …). A replacement
   * that keeps them would collide with the old object, so it deletes first. Absent for server-chosen ids.
   */
  readonly identity?: readonly string[];
  /** Arrays compared as sets. */
  readonly sets?: readonly string[];
  /** Server-side defaults: a field equal to its default is the same as an absent one. */
  readonly defaults?: Readonly<Record<string, unknown>>;
  /** Secret arguments and outputs: never returned as refreshed inputs, kept from prior state on read. */
  readonly secrets?: readonly string[];
  /** Arguments that only steer the provider (never sent to the API): a change is stored, not applied. */
  readonly local?: readonly string[];
  /**
   * Arguments whose default is ambient (the configured app, for `appId`): check resolves it once and stores
   * the resolved value, so a later change of the configuration shows as a change (design.md bug class 10).
   */
  readonly ambient?: readonly "appId"[];

  /** Rules that involve the provider options (e.g. what `adopt` allows); checked at preview. */
  checkOptions?(args: A, options: { adopt?: boolean | undefined }): CheckFailure[];
  /**
   * Rules that depend on the object as the service has it now (e.g. a group's owner), checked at preview
   * when the object can be read; [] when it cannot tell. The write path enforces them again.
   */
  validate?(ctx: Ctx, args: A): Promise<CheckFailure[]>;

  create(ctx: Ctx, args: A): Promise<{ id: string; state: S }>;
  /** The object as it is now, as arguments and computed state; undefined when it is gone. */
  read(ctx: Ctx, id: string, prior: A): Promise<{ args: A; state: S } | undefined>;
  update(ctx: Ctx, id: string, olds: A, news: A): Promise<S>;
  delete(ctx: Ctx, id: string, args: A): Promise<void>;
  /** Finds an existing object for `adopt: true`; undefined when there is none. */
  find?(ctx: Ctx, args: A): Promise<{ id: string; args: A } | undefined>;
}

/** An error that tells the engine the object exists although the create failed part-way (it is recorded). */
export function partialCreate(cause: unknown, id: string, properties: Args): Error {
  const message = cause instanceof Error ? cause.message : String(cause);
  return Object.assign(new Error(`created ${id} but could not finish: ${message}`, { cause }), {
    id,
    properties,
    reasons: [`created ${id} but could not finish: ${message}`],
  });
}
