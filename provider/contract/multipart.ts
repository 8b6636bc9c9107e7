// multipart/form-data bodies (keyword lists, push certificates): the body schema validates an object of fields,
// where a field sent several times is a list and a file part is `{filename, content}`: text for a text part (a
// CSV), base64 with its media `type` for a binary one (a certificate), which travels as the decoded bytes. Both
// sides convert with these two, so the client and the emulator agree on what travels.
import type { UploadedFile } from "./keyword-lists";

/** A file part: text, or base64 bytes of a media type. */
type FilePart = UploadedFile & { type?: string };

const isFile = (v: unknown): v is FilePart =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as UploadedFile).filename === "string" &&
  typeof (v as UploadedFile).content === "string";

/** A validated body as form data: strings as fields, lists as repeated fields, files as file parts. */
export function toFormData(body: Readonly<Record<string, unknown>>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(body)) {
    if (v === undefined || v === null) continue;
    if (isFile(v))
      form.append(
        k,
        v.type === undefined
          ? new Blob([v.content], { type: "text/csv" })
          : new Blob([new Uint8Array(Buffer.from(v.content, "base64"))], { type: v.type }),
        v.filename,
      );
    else if (Array.isArray(v)) for (const item of v) form.append(k, String(item));
    else form.append(k, typeof v === "object" ? JSON.stringify(v) : String(v));
  }
  return form;
}

/** Form data as the object the body schema validates. */
export async function fromFormData(form: FormData): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = Object.create(null);
  for (const [k, v] of form.entries()) {
    if (k === "__proto__") continue;
    const value: unknown =
      typeof v === "string"
        ? v
        : v.type === "" || v.type.startsWith("text/")
          ? { filename: v.name, content: await v.text() }
          : {
              filename: v.name,
              content: Buffer.from(await v.arrayBuffer()).toString("base64"),
              type: v.type,
            };
    const prev = out[k];
    if (prev === undefined) out[k] = value;
    else out[k] = [...(Array.isArray(prev) ? prev : [prev]), value];
  }
  return { ...out };
}
