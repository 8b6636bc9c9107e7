// The hand-written building blocks of the generated schemas: what the document names with `x-zod` because
// zod says it and OpenAPI cannot (a refinement, a transform, a union read one way). Keep them few and small;
// everything else is generated from provider/contract/openapi/chat-service.yaml (provider/contract/generated/schemas.ts).
import { z } from "zod";
import { ROLE_PERMISSIONS, SCOPE_PERMISSIONS } from "./catalogues";
import { LIMITS } from "./generated/limits";
import { permissionsOf } from "./permissions";

export { closest, oneOf } from "./closest";
export {
  EventNotification,
  hhmm,
  MessageNotification,
  ReactionNotification,
  TemplateChoice,
} from "./notification-choices";

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

// ---- answers read one way whatever their shape (the AI-agents API answers bare, wrapped or by cursor) ----

/**
 * Seconds from a service time in seconds or milliseconds (the AI-agents API answers in milliseconds, the
 * rest in seconds): no time in seconds reaches 1e11 before the year 5138, none in milliseconds is below it
 * after 1973.
 */
export const toSeconds = (t: number): number => (t >= 1e11 ? Math.floor(t / 1000) : t);
/** A service time (seconds, milliseconds or an ISO text, as the AI-agents API answers them) as seconds. */
export const ServiceTime = z.union([
  z.number().transform(toSeconds),
  z.iso.datetime({ offset: true }).transform((t) => Math.floor(Date.parse(t) / 1000)),
]);

export const Pagination = z.looseObject({
  total: z.number().int(),
  count: z.number().int(),
  per_page: z.number().int(),
  current_page: z.number().int(),
  total_pages: z.number().int(),
});
export type Pagination = z.infer<typeof Pagination>;

/** `{data: T}`: every success body. Unknown fields are tolerated everywhere (forward compatibility). */
export const dataOf = <T extends z.ZodType>(item: T) => z.looseObject({ data: item });
/**
 * `T` as `{data: T}`, whether the service wraps it so, under `wrapper`, or answers it bare (the vendor
 * documents the AI-agents API's MCP servers bare, its agent creates under `agent`, the rest under `data`).
 */
export const dataOrBare = <T extends z.ZodType>(item: T, wrapper?: string) =>
  z.union([
    dataOf(item),
    ...(wrapper
      ? [z.looseObject({ [wrapper]: item }).transform((v) => ({ data: v[wrapper] as z.output<T> }))]
      : []),
    item.transform((data) => ({ data })),
  ]);
/** `{data: T[], meta: {pagination}}`: a page-based list. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.looseObject({ data: z.array(item), meta: z.looseObject({ pagination: Pagination }) });

/** A whole list as the one page of a page-based list. */
const onePage = (data: unknown[]) => ({
  total: data.length,
  count: data.length,
  per_page: data.length,
  current_page: 1,
  total_pages: 1,
});

/** A list answered as a bare array (one page, S27), or page-based: `{data, meta: {pagination}}` either way. */
export const pageOrBare = <T extends z.ZodType>(item: T) =>
  z.union([pageOf(item), z.array(item).transform((data) => ({ data, meta: { pagination: onePage(data) } }))]);

/**
 * A cursor list (`{data, meta: {next: {affix, createdAt}}}`, the AI-agents API's) as a page-based one whose
 * `meta.next` says where the next page starts (ApiClient.paginate follows it); a page-based answer as it is.
 */
/** Where a cursor list's next page starts, as the query of its next call. */
const nextOf = (n: { affix: string; createdAt?: number | undefined; cursor?: string | undefined }) =>
  n.cursor === undefined ? { affix: n.affix, createdAt: n.createdAt } : { affix: n.affix, cursor: n.cursor };

export const cursorPageOf = <T extends z.ZodType>(item: T) =>
  z.union([
    pageOf(item),
    z
      .looseObject({
        data: z.array(item),
        meta: z
          .looseObject({
            // The agents' and servers' cursor is a time; the knowledge base's an opaque string.
            next: z
              .looseObject({
                affix: z.string(),
                createdAt: z.number().optional(),
                cursor: z.string().optional(),
              })
              .nullish(),
          })
          .optional(),
      })
      .transform(({ data, meta }) => ({
        data,
        meta: {
          pagination: onePage(data),
          ...(meta?.next ? { next: nextOf(meta.next) } : {}),
        },
      })),
  ]);

// ---- data import (docs/service/data-import.md) ----

/** Entities one import request may carry, and import requests a minute (docs/service/data-import.md). */
export const IMPORT_LIMITS = { perRequest: 50, perMinute: 60 } as const;

/**
 * A map of `entity`s under their keys (`what` names it): 1 to 50 of them, each under the id its field `key`
 * holds (the service answers per key, so a key naming another entity would be answered under the wrong name).
 */
export const importMapOf = <T extends z.ZodType>(entity: T, what: string, key: string) => {
  const keyOf = (e: z.output<T>) => String((e as Record<string, unknown>)[key]);
  return z
    .record(z.string(), entity)
    .refine((m) => Object.keys(m).length >= 1, { message: `${what} must hold at least one entry` })
    .refine((m) => Object.keys(m).length <= IMPORT_LIMITS.perRequest, {
      message: `${what} may hold at most ${IMPORT_LIMITS.perRequest} entries a request`,
    })
    .refine((m) => Object.entries(m).every(([k, e]) => k.toLowerCase() === keyOf(e).toLowerCase()), {
      message: `each key of ${what} must be the id its entry holds`,
    });
};

// ---- moderation ----

/** A keyword list's multipart body, one of four shapes by category (provider/contract/keyword-lists.ts). */
export { keywordListBody } from "./keyword-lists";
