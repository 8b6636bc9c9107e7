// The users and groups a member or message row belongs to, and whether its seed holds them. The service's
// widest deletes take dependents with them (docs/service/groups-and-members.md, users-and-auth-tokens.md):
// a group's delete its members and messages, a user's permanent delete their memberships and messages. So
// a row whose user or group the seed removes in the same run goes with it, and costs no request of its own
// (decision 0124).
import { anyClaims, claimant } from "../../engine/claims";
import { type Entity, memberOfKey } from "./entities";
import type { Row } from "./rows";

/** Who a seed file's rows are declared by, in the provider's claims (provider/engine/claims.ts). */
const SEED = "seed file";
export const seedWho = (file: string) => `${SEED} ${file}`;

/** A user or a group a row belongs to. */
export interface Parent {
  what: "user" | "group";
  id: string;
}

/** The entities whose rows belong to users and groups. */
export type ChildEntity = Extract<Entity, "members" | "messages">;
export const isChild = (entity: Entity): entity is ChildEntity =>
  entity === "members" || entity === "messages";

/** A member row's group and user (its key names both). */
export function parentsOfMember(key: string): Parent[] {
  const { guid, uid } = memberOfKey(key);
  return [
    { what: "group", id: guid },
    { what: "user", id: uid },
  ];
}

/** A message's sender and receiver (a user, or a group). */
export function parentsOfMessage(m: Row): Parent[] {
  return [
    { what: "user", id: String(m.sender) },
    { what: m.receiverType === "group" ? "group" : "user", id: String(m.receiver) },
  ];
}

const parentsOfRow = (entity: ChildEntity, key: string, row: Row): Parent[] =>
  entity === "members" ? parentsOfMember(key) : parentsOfMessage(row);

/**
 * The rows none of whose users or groups a seed file declares in this process: computed when a bucket is
 * written, after every bucket it depends on was checked (each seed file depends on those before it). A row
 * with a seeded user or group goes when that one goes; these are removed one by one.
 */
export function aloneOf(
  app: string,
  entity: ChildEntity,
  keys: Iterable<string>,
  rows: ReadonlyMap<string, Row>,
): string[] {
  const seeded = (p: Parent) => claimant(app, p.what, p.id)?.startsWith(`${SEED} `) === true;
  // A row the file no longer holds (it changed since the plan) is alone: removed on its own.
  return [...keys]
    .filter((key) => {
      const row = rows.get(key);
      return row === undefined || !parentsOfRow(entity, key, row).some(seeded);
    })
    .sort();
}

/** The recorded form of the rows alone (one string: a bucket may hold 100,000 rows). */
export const renderAlone = (keys: readonly string[]): string => JSON.stringify(keys);

/** The rows alone as recorded; undefined when state holds none (written before 0124: every row is alone). */
export function recordedAlone(value: unknown): ReadonlySet<string> | undefined {
  if (typeof value !== "string") return undefined;
  try {
    const keys: unknown = JSON.parse(value);
    return Array.isArray(keys) ? new Set(keys.map(String)) : undefined;
  } catch {
    return undefined;
  }
}

// The users and groups this process deleted, by app: their rows went with them.
const gone = new Map<string, Set<string>>();
const keyOf = (p: Parent) => `${p.what}\u0000${p.id}`;

/** Records that this process deleted `p` (or found it gone). */
export function parentGone(app: string, p: Parent): void {
  const set = gone.get(app) ?? new Set<string>();
  gone.set(app, set);
  set.add(keyOf(p));
}

/** Records that this process made `p` again (a seed's import): rows made after belong to the new one. */
export function parentBack(app: string, p: Parent): void {
  gone.get(app)?.delete(keyOf(p));
}

/** Forgets the deletions, as a new provider process starts with none. */
export function forgetGone(): void {
  gone.clear();
}

/**
 * Whether a row to remove is left to its user or group: one of them this process deleted already (the row
 * went with it), or the row is not alone (`covered`) and no resource of this run declares any of them, so
 * the seed's user or group goes in this run (a destroy checks no resource) or went before. A user or group
 * the program still declares keeps the row's own removal, as does every row of state written before 0124.
 */
export function leftToParents(app: string, parents: readonly Parent[], covered: boolean): boolean {
  const set = gone.get(app);
  if (set && parents.some((p) => set.has(keyOf(p)))) return true;
  return covered && !parents.some((p) => claimant(app, p.what, p.id) !== undefined);
}

/** Whether no resource of this run declares anything in `app` (a destroy): no parent is declared. */
export const nothingDeclared = (app: string): boolean => !anyClaims(app);
