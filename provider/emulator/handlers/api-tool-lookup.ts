// Finding the agent builder's custom API tools by slug, for the tools' own routes and for an agent that names
// them (apart from both handler files, so that neither imports the other both ways).
import { ApiError } from "../errors";
import type { ApiToolRecord, AppRecord } from "../state";

export function requireTool(app: AppRecord, slug: string): ApiToolRecord {
  const t = app.apiTools.get(slug.toLowerCase());
  if (!t) throw new ApiError("ERR_API_TOOL_NOT_FOUND", `The API tool ${slug} does not exist.`);
  return t;
}

/** Every slug must name a custom API tool: nothing is changed otherwise. */
export function requireTools(app: AppRecord, slugs: readonly string[]): void {
  for (const s of slugs) requireTool(app, s);
}
