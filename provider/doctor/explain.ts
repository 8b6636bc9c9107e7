// How chat-doctor words a failure: an error's first line, and a shape error as divergences of its route.
import { type ChatApiError, ResponseShapeError } from "../client";
import type { RouteSpec } from "../contract";
import type { Divergence } from "./report";

export const firstLine = (e: unknown): string =>
  (e instanceof Error ? e.message : String(e)).split("\n")[0] ?? "";

/** A shape error's details as divergences of `route`. */
export function divergencesOf(name: string, spec: RouteSpec, e: ChatApiError): Divergence[] {
  return Object.entries(e.details ?? { "(root)": [firstLine(e)] }).map(([field, problems]) => ({
    route: name,
    method: spec.method,
    path: spec.path,
    field,
    problem: problems.join(", "),
    ...(ResponseShapeError.isInstance(e) && e.received[field] ? { received: e.received[field] } : {}),
  }));
}
