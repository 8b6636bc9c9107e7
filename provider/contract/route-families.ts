// Routes the service counts apart from an app's shared request budget, each family with its own requests a
// minute: Data Import's 60 (docs/service/data-import.md, S32 and S34). The client paces a family with a budget
// of its own beside the app's (provider/client/budget.ts), so no kind keeps a pace of its own.
import { IMPORT_LIMITS } from "./blocks";
import type { RouteName } from "./index";

export const ROUTE_FAMILIES = {
  dataImport: {
    routes: ["importUsers", "importGroups", "importMembers", "importMessages"],
    perMinute: IMPORT_LIMITS.perMinute,
  },
} as const satisfies Record<string, { routes: readonly RouteName[]; perMinute: number }>;

export type RouteFamily = keyof typeof ROUTE_FAMILIES;

/** The family `name` belongs to, if the service counts it apart. */
export function familyOf(name: RouteName): RouteFamily | undefined {
  for (const [family, { routes }] of Object.entries(ROUTE_FAMILIES) as [
    RouteFamily,
    { routes: readonly RouteName[] },
  ][])
    if (routes.includes(name)) return family;
  return undefined;
}
