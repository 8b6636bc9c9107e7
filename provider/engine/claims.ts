// Which resource of this program declares each object (a uid, a guid), per app: the provider sees every
// resource's check in one process per engine run, so an object declared twice (a seed row and a `User`, or
// rows of two seed files) is refused at preview. Each would take the object from the other, and removing one
// would delete what the other still declares.
import type { CheckFailure } from "./kind";

/** One object a resource declares: what it is (`user`), its id, and the argument that names it. */
export interface Claim {
  what: string;
  id: string;
  property: string;
}

/** By app and object: who declares it (a description stable across checks of the same resource). */
const claimed = new Map<string, string>();

/**
 * Records `who`'s claims in `app`, and refuses those another resource made first. `who` names the resource
 * for a person (`seed file seed/users.csv`, `a User resource`): a second check of the same resource (the
 * update after the preview) claims the same objects as the same `who`.
 */
export function claim(app: string, who: string, claims: readonly Claim[]): CheckFailure[] {
  const taken = new Map<string, Claim[]>();
  for (const c of claims) {
    const key = `${app}\u0000${c.what}\u0000${c.id}`;
    const by = claimed.get(key);
    if (by === undefined) claimed.set(key, who);
    else if (by !== who) taken.set(by, [...(taken.get(by) ?? []), c]);
  }
  return [...taken].map(([by, cs]) => ({
    property: cs[0]?.property ?? "",
    reason: `${cs
      .slice(0, 5)
      .map((c) => `${c.what} ${c.id}`)
      .join(
        ", ",
      )}${cs.length > 5 ? ` and ${cs.length - 5} more` : ""} ${cs.length > 1 ? "are" : "is"} also declared by ${by}: declare an object once (each would take it from the other, and removing one would delete what the other declares)`,
  }));
}

/** Forgets every claim, as a new provider process starts with none (tests that play several runs in one). */
export function forgetClaims(): void {
  claimed.clear();
}

/** Who declares `what` `id` in `app` in this process (undefined: no resource checked here declares it). */
export function claimant(app: string, what: string, id: string): string | undefined {
  return claimed.get(`${app}\u0000${what}\u0000${id}`);
}

/**
 * Whether any resource checked in this process declared an object in `app`. An up checks every resource the
 * program declares before its deletes; a destroy checks none.
 */
export function anyClaims(app: string): boolean {
  const prefix = `${app}\u0000`;
  for (const key of claimed.keys()) if (key.startsWith(prefix)) return true;
  return false;
}
