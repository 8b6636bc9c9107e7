// Shared building blocks of the chat API's schemas (docs/service/auth-and-addressing.md, docs/service/errors-and-limits.md).
// Every limit lives here once; the client, the provider's check and the emulator all use these schemas.
import { z } from "zod";
import { oneOf } from "./closest";
import * as ENUMS from "./generated/enums";
import { LIMITS } from "./generated/limits";
import * as G from "./generated/schemas";

export {
  CsvList,
  closest,
  cursorPageOf,
  dataOf,
  dataOrBare,
  Metadata,
  oneOf,
  Pagination,
  pageOf,
  pageOrBare,
  QueryBool,
  ServiceTime,
  toSeconds,
} from "./blocks";
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
/** `{success, message}`: the body of deletes and other actions (`deleteSchema`). */
export const Ack = z.looseObject({ success: z.boolean(), message: z.string().optional() });
export type Ack = z.infer<typeof Ack>;

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

/** A page's size on the lists that take `limit` (cursor lists, moderation rules): the document's `Limit`. */
export const Limit = G.Limit;
/** A cursor list's query: `limit` a page, `affix=append` with a `createdAt` for the next one. */
export const CursorQuery = z.object({
  limit: Limit.optional(),
  affix: z.enum(["append", "prepend"]).optional(),
  createdAt: z.coerce.number().int().optional(),
});
