// What the permission routes answer (docs/service/roles-and-permissions.md): the catalogue's entries and the
// whole map set. The schemas are generated from the document (provider/contract/generated/schemas.ts).
import type { z } from "zod";
import * as G from "./generated/schemas";

export const PermissionValue = G.PermissionValue;
/** The whole map a PUT or DELETE answers: every key set, with its value. */
export const Permissions = G.Permissions;
export type Permissions = z.infer<typeof Permissions>;

/** One catalogue entry. `value`, the current setting when one is set, is a GUESS (decision 0040). */
export const PermissionEntry = G.PermissionEntry;
export type PermissionEntry = z.infer<typeof PermissionEntry>;

/** The keys a catalogue says are set, with their values (entries without `value` tell nothing). */
export const setValues = (entries: readonly PermissionEntry[]): Permissions =>
  Object.fromEntries(entries.flatMap((e) => (e.value === undefined ? [] : [[e.id, e.value]])));
