// RBAC v2 permissions as the resources that manage some keys of a catalogue see them (Role.permissions,
// GroupScopePermissions; decisions 0043, 0064). The GET answers the catalogue; an entry's `value`, the
// current setting, is a GUESS, and an entry without one tells nothing about the key.
import { type PermissionEntry, type Permissions, setValues } from "../contract";

/** Equal, a list as a set (one value alone is a list of one). */
export const samePermission = (a: unknown, b: unknown): boolean =>
  JSON.stringify([a].flat().slice().sort()) === JSON.stringify([b].flat().slice().sort());

/**
 * The `managed` keys as the catalogue tells them. A key whose entry has no `value` keeps `fallback`'s value
 * (refresh and update pass the state; adoption passes nothing, so such a key reads as absent and is written).
 * A value equal as a set to the managed one keeps the managed one's order: no false drift.
 */
export function managedNow(
  entries: readonly PermissionEntry[],
  managed: Permissions,
  fallback: Permissions = managed,
): Permissions {
  const told = setValues(entries);
  const out: Permissions = {};
  for (const [k, mine] of Object.entries(managed)) {
    const v = told[k] ?? fallback[k];
    if (v !== undefined) out[k] = samePermission(v, mine) ? mine : v;
  }
  return out;
}

/** From `have` to `news`: the keys to set (new or different) and those to unset (no longer declared). */
export function permissionChanges(
  have: Permissions,
  news: Permissions,
): { set?: Permissions; unset: string[] } {
  const changed = Object.entries(news).filter(([k, v]) => v !== undefined && !samePermission(have[k], v));
  return {
    ...(changed.length ? { set: Object.fromEntries(changed) } : {}),
    unset: Object.keys(have).filter((k) => news[k] === undefined),
  };
}
