// The hand-written building blocks of the generated schemas: what the document names with `x-zod` because
// zod says it and OpenAPI cannot (a refinement, a transform, a union read one way). Keep them few and small;
// everything else is generated from contract/openapi/chat-service.yaml (contract/generated/schemas.ts).
import { z } from "zod";
import { ROLE_PERMISSIONS, SCOPE_PERMISSIONS } from "./catalogues";
import { LIMITS } from "./generated/limits";
import { permissionsOf } from "./permissions";

export { closest, oneOf } from "./closest";

/** Free-form JSON object whose serialized form stays under the metadata limit. */
export const Metadata = z
  .record(z.string(), z.unknown())
  .refine((m) => Buffer.byteLength(JSON.stringify(m)) <= LIMITS.metadataBytes, {
    message: `metadata must be at most ${LIMITS.metadataBytes} bytes as JSON`,
  });
export type Metadata = z.infer<typeof Metadata>;

/** Comma-separated list in a query string (`style: form, explode: false`). */
export const CsvList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(",")).map((s) => s.trim()).filter((s) => s.length > 0));

/** Query booleans arrive as strings. */
export const QueryBool = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0"])])
  .transform((v) => v === true || v === "true" || v === "1");

/** A comma-separated list whose items are `item`s (a list of enum values). */
export const csvListOf = <T extends z.ZodType<unknown, string>>(item: T) => CsvList.pipe(z.array(item));

/** `{<key>: value}` of a role's permissions: unknown keys and values outside a key's rule refused, by name. */
export const RolePermissionMap = permissionsOf(ROLE_PERMISSIONS);

/** `{<key>: value}` of a group scope's permissions, likewise. */
export const ScopePermissionMap = permissionsOf(SCOPE_PERMISSIONS);
