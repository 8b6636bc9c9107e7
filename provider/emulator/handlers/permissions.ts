// RBAC v2 permission catalogues as the GET answers them, for roles and group scopes alike (docs/service/roles-and-permissions.md):
// every key of the catalogue, a page of them, with `value` on the keys this role or scope sets (a GUESS,
// decision 0040). Stored, not enforced.
import { availableValues, type PermissionCatalogue } from "../../contract";
import { badRequest } from "../errors";
import { defined, paginate } from "../views";

export function cataloguePage(
  catalogue: PermissionCatalogue,
  type: "role" | "scope",
  set: ReadonlyMap<string, string | string[]>,
  at: number,
) {
  return paginate(
    Object.entries(catalogue),
    {},
    () => true,
    ([id, spec]) => ({
      id,
      type,
      title: spec.title,
      description: spec.title,
      dataType: spec.dataType,
      availableValues: availableValues(spec),
      defaultValue: typeof spec.defaultValue === "string" ? spec.defaultValue : [...spec.defaultValue],
      ...defined({ value: set.get(id) }),
      createdAt: at,
      updatedAt: at,
    }),
  );
}

/** A key the catalogue does not hold cannot be unset: 400 naming `permission`. */
export function requireKey(catalogue: PermissionCatalogue, permission: string, what: string): void {
  if (!Object.hasOwn(catalogue, permission))
    throw badRequest({ permission: [`${permission} is not a ${what} permission`] });
}
