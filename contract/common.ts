// Shared building blocks of the chat API's schemas (docs/service/auth-and-addressing.md, docs/service/errors-and-limits.md).
// Every limit lives here once; the client, the provider's check and the emulator all use these schemas.
import { z } from "zod";
import { oneOf } from "./closest";
import * as ENUMS from "./generated/enums";
import { LIMITS } from "./generated/limits";

export { CsvList, closest, Metadata, oneOf, QueryBool } from "./blocks";
export { LIMITS } from "./generated/limits";
export { chatId } from "./ids";

export const REGIONS = ENUMS.Region;
export const Region = oneOf(REGIONS, "region");
export type Region = z.infer<typeof Region>;

export const API_KEY_SCOPES = ENUMS.ApiKeyScope;
export const ApiKeyScope = oneOf(API_KEY_SCOPES, "scope");
export type ApiKeyScope = z.infer<typeof ApiKeyScope>;

export const boundedString = (what: string, max: number) =>
  z.string().max(max, `${what} must be at most ${max} characters`);

export const requiredName = (what: string, max: number = LIMITS.nameLength) =>
  z.string().trim().min(1, `${what} must not be empty`).max(max, `${what} must be at most ${max} characters`);

export const Url = (what: string, max: number = LIMITS.urlLength) =>
  z.url({ message: `${what} must be a URL` }).max(max, `${what} must be at most ${max} characters`);

/**
 * `schema`'s value as JSON text (a secret config value is text), refused with `message` when it does not
 * parse. The parse error is not passed on: V8's quotes the text, which may be a credential.
 */
export const jsonText = <T extends z.ZodType>(schema: T, message: string) =>
  z
    .string()
    .transform((text, ctx): unknown => {
      try {
        return JSON.parse(text);
      } catch {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
    })
    .pipe(schema);

export const Tags = z
  .array(
    z
      .string()
      .min(1, "a tag must not be empty")
      .max(LIMITS.tagLength, `a tag must be at most ${LIMITS.tagLength} characters`),
  )
  .max(LIMITS.tags, `at most ${LIMITS.tags} tags`);

/** Unix seconds. */
export const Timestamp = z.number().int();
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

/** `{success, message}`: the body of deletes and other actions (`deleteSchema`). */
export const Ack = z.looseObject({ success: z.boolean(), message: z.string().optional() });
export type Ack = z.infer<typeof Ack>;

export const Pagination = z.looseObject({
  total: z.number().int(),
  count: z.number().int(),
  per_page: z.number().int(),
  current_page: z.number().int(),
  total_pages: z.number().int(),
});
export type Pagination = z.infer<typeof Pagination>;

/** Page-based list query (docs/service/errors-and-limits.md). */
export const PageQuery = z.object({
  perPage: z.coerce
    .number()
    .int()
    .min(1, "perPage must be at least 1")
    .max(LIMITS.perPageMax, `perPage must be at most ${LIMITS.perPageMax}`)
    .optional(),
  page: z.coerce.number().int().min(1, "page must be at least 1").optional(),
});

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
export const cursorPageOf = <T extends z.ZodType>(item: T) =>
  z.union([
    pageOf(item),
    z
      .looseObject({
        data: z.array(item),
        meta: z
          .looseObject({ next: z.looseObject({ affix: z.string(), createdAt: z.number() }).nullish() })
          .optional(),
      })
      .transform(({ data, meta }) => ({
        data,
        meta: {
          pagination: onePage(data),
          ...(meta?.next ? { next: { affix: meta.next.affix, createdAt: meta.next.createdAt } } : {}),
        },
      })),
  ]);

/** A page's size on the lists that take `limit` (cursor lists, moderation rules). */
export const Limit = z.coerce
  .number()
  .int()
  .min(1, "limit must be at least 1")
  .max(LIMITS.perPageMax, `limit must be at most ${LIMITS.perPageMax}`);
/** A cursor list's query: `limit` a page, `affix=append` with a `createdAt` for the next one. */
export const CursorQuery = z.object({
  limit: Limit.optional(),
  affix: z.enum(["append", "prepend"]).optional(),
  createdAt: z.coerce.number().int().optional(),
});
