// A moderation keyword list's request body: one of four shapes by `category`, sent as multipart/form-data (a
// field sent once arrives as text, several times as a list; a file as `{filename, content}`). zod says this
// and the document cannot (preprocess, pipe, refinements), so it is the block `keywordListBody` the document
// names; it imports neither the generated schemas nor common.ts (blocks.ts imports it). Decision 0040.
import { z } from "zod";
import { LIMITS } from "./generated/limits";
import { secret } from "./secret";

/** Rule and keyword-list ids: caller-chosen (`moderation-test`, `contact_details_filter`), required here. */
export const ModerationId = (what: string) =>
  z
    .string()
    .min(1, `${what} must not be empty`)
    .max(LIMITS.idLength, `${what} must be at most ${LIMITS.idLength} characters`)
    .regex(/^[A-Za-z0-9_-]+$/, `${what} may contain only letters, digits, '-' and '_'`);

/** An uploaded CSV file, as the body schema sees a multipart file part. */
export const UploadedFile = z.strictObject({
  filename: z
    .string()
    .min(1, "the file needs a name")
    .refine((n) => n.toLowerCase().endsWith(".csv"), { message: "file must be a .csv file" }),
  content: z.string(),
});
export type UploadedFile = z.infer<typeof UploadedFile>;

/** A multipart field sent once arrives as a string, sent several times as a list. */
const repeated = <T extends z.ZodType>(item: T, atLeastOne: string) =>
  z.preprocess((v) => (typeof v === "string" ? [v] : v), z.array(item).min(1, atLeastOne));

const keywordFields = {
  name: z.string().max(LIMITS.nameLength, `name must be at most ${LIMITS.nameLength} characters`).optional(),
  description: z
    .string()
    .max(LIMITS.descriptionLength, `description must be at most ${LIMITS.descriptionLength} characters`)
    .optional(),
  file: UploadedFile.optional(),
};
/** Comma-separated on the wire, as the spec has it; answered as a list. */
export const splitTerms = (s: string): string[] =>
  s
    .split(/[,\r\n]/)
    .map((t) => t.trim())
    .filter((t) => t !== "");
const terms = z
  .string()
  .refine((s) => splitTerms(s).length > 0, { message: "searchTerms must name at least one term" });
const compiles = (t: string) => {
  try {
    new RegExp(t);
    return true;
  } catch {
    return false;
  }
};

export const KEYWORD_CATEGORIES = ["word", "pattern", "sentence-similarity"] as const;
/**
 * A "Custom API" list: messages are posted to the caller's moderation webhook (basic auth optional). The
 * dashboard documents it; the REST spec's category enum does not (GUESS: docs/service/app-configuration.md).
 */
export const CUSTOM_API_CATEGORY = "custom-api";
const basicAuthPart = (what: string) =>
  z
    .string()
    .min(1, `${what} must not be empty`)
    .max(LIMITS.basicAuthLength, `${what} must be at most ${LIMITS.basicAuthLength} characters`);
export const customApiFields = {
  webhookURL: z
    .url({ message: "webhookURL must be a URL" })
    .max(LIMITS.urlLength, `webhookURL must be at most ${LIMITS.urlLength} characters`)
    .refine((u) => u.startsWith("https://"), {
      message: "webhookURL must use https",
    }),
  username: basicAuthPart("username").optional(),
  password: secret(basicAuthPart("password")).optional(),
};
/** Basic auth is both a username and a password, or neither. */
export const customApiAuthOk = (l: { username?: string | undefined; password?: string | undefined }) =>
  (l.username === undefined) === (l.password === undefined);
export const customApiAuthRule = {
  message: "username and password go together: give both for basic auth, or neither",
  path: ["password"],
};
/** One of four shapes, by `category`, each with `id`. */
const bodyWith = <I extends z.ZodType>(id: I) =>
  z.discriminatedUnion(
    "category",
    [
      z.strictObject({ id, ...keywordFields, category: z.literal("word"), searchTerms: terms }),
      z.strictObject({
        id,
        ...keywordFields,
        category: z.literal("pattern"),
        searchTerms: terms.refine((s) => splitTerms(s).every(compiles), {
          message: "every pattern in searchTerms must be a valid regular expression",
        }),
      }),
      z.strictObject({
        id,
        ...keywordFields,
        category: z.literal("sentence-similarity"),
        // One pipe (not two): a pipe's input is required only when a transform opens it directly.
        disallowedSentences: repeated(
          z.string().min(1, "a sentence must not be empty"),
          "disallowedSentences must name at least one sentence",
        ),
      }),
      z
        .strictObject({
          id,
          name: keywordFields.name,
          description: keywordFields.description,
          category: z.literal(CUSTOM_API_CATEGORY),
          ...customApiFields,
        })
        .refine(customApiAuthOk, customApiAuthRule),
    ],
    { message: `category must be one of ${KEYWORD_CATEGORIES.join(", ")}` },
  );
type Id = ReturnType<typeof ModerationId>;
/** Create needs the id (`idRequired`); an update takes it from the path, so there it may be left out. */
export function keywordListBody(idRequired: true): ReturnType<typeof bodyWith<Id>>;
export function keywordListBody(idRequired: false): ReturnType<typeof bodyWith<z.ZodOptional<Id>>>;
export function keywordListBody(idRequired: boolean) {
  return idRequired ? bodyWith(ModerationId("id")) : bodyWith(ModerationId("id").optional());
}
