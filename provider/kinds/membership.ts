// Group membership, two ways (bug class 7, docs/bug-classes.md):
// - GroupMember: one membership, additive (other members of the group are left alone).
// - GroupMembers: the authoritative member set of a group: members not declared are kicked.
// Adds are batched at most 25 uids per call; the API answers 200 with a result per member, and any member
// that failed is reported by uid and code rather than silently dropped.

import { type ChatClient, isNotFound } from "../client";
import { LIMITS, type MemberScope, type MembersBody } from "../contract";
import { hasCode } from "../engine/util";

export const SCOPE_KEY = { admin: "admins", moderator: "moderators", participant: "participants" } as const;

/**
 * Adds members in batches of at most 25; throws one error naming every member that failed. Returns the uids
 * the service reported as already members: after a lost answer the add is sent again
 * (provider/client/recovery/table.ts), and the members the first attempt added answer so; the caller checks
 * their scope.
 */
export async function addMembers(
  chat: ChatClient,
  guid: string,
  wanted: ReadonlyMap<string, MemberScope>,
): Promise<string[]> {
  const entries = [...wanted];
  const failed: string[] = [];
  const already: string[] = [];
  for (let i = 0; i < entries.length; i += LIMITS.membersPerCall) {
    const body: { admins?: string[]; moderators?: string[]; participants?: string[] } = {};
    for (const [uid, scope] of entries.slice(i, i + LIMITS.membersPerCall)) {
      const key = SCOPE_KEY[scope];
      body[key] = [...(body[key] ?? []), uid];
    }
    const r = await chat.call("addMembers", { params: { guid }, body: body as MembersBody });
    for (const key of Object.values(SCOPE_KEY)) {
      for (const [uid, result] of Object.entries(r.data[key] ?? {})) {
        if (result.success) continue;
        if (result.error?.code === ALREADY_JOINED) already.push(uid);
        else failed.push(`${uid} (${result.error?.code ?? "failed"}: ${result.error?.message ?? ""})`);
      }
    }
  }
  if (failed.length > 0) throw new Error(`group ${guid}: could not add ${failed.join(", ")}`);
  return already;
}
export const ALREADY_JOINED = "ERR_ALREADY_JOINED";

/** Sets a member's scope; one that is already set (a repeated call after a lost answer) is done. */
export async function setScope(
  chat: ChatClient,
  guid: string,
  uid: string,
  scope: MemberScope,
): Promise<void> {
  await chat.call("changeMemberScope", { params: { guid, uid }, body: { scope } }).catch((e: unknown) => {
    if (!hasCode(e, "ERR_SAME_SCOPE")) throw e;
  });
}

/** Removes a member; one that is already gone (a repeated call after a lost answer) is done. */
export async function kick(chat: ChatClient, guid: string, uid: string): Promise<void> {
  await chat.call("kickMember", { params: { guid, uid } }).catch((e: unknown) => {
    if (!isNotFound(e)) throw e;
  });
}

/** Every member of a group with its scope, page by page. */
export async function currentMembers(chat: ChatClient, guid: string): Promise<Map<string, MemberScope>> {
  const members = new Map<string, MemberScope>();
  for await (const m of chat.paginate("listMembers", {
    params: { guid },
    query: { perPage: LIMITS.perPageMax },
  })) {
    members.set(m.uid, m.scope);
  }
  return members;
}
