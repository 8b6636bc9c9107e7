// What `chat-doctor --emit-divergences` saw a real app answer (provider/contract/observed/*.yaml) against the document:
// each entry is admitted by the document now (the schema was fixed, so the generated code and the emulator
// follow it), or recorded in provider/contract/divergences.yaml as `differs: observed` with its reason and evidence.
// Anything else is a problem that test/unit/observed.test.ts names, so an observation cannot be left lying.
import { parse } from "yaml";
import {
  type Difference,
  type Divergence,
  deref,
  enumOf,
  itemsOf,
  type Json,
  knownAs,
  obj,
  propertiesOf,
  requiredOf,
  typesOf,
} from "./compare";

export const OBSERVED_DIR = "provider/contract/observed";

export interface ObservedEntry {
  route: string;
  field: string;
  problem?: string;
  /** A JSON type ("string", "absent", …), an enum's refused word JSON-quoted, or "unknown". */
  received: string;
}

/** Reads one observed file (chat-doctor's format), refusing an entry without its route, field or received. */
export function readObserved(name: string, text: string): ObservedEntry[] {
  const file = obj(parse(text));
  const list = Array.isArray(file.divergences) ? file.divergences : [];
  return list.map((e, i) => {
    const entry = obj(e);
    for (const key of ["route", "field", "received"] as const)
      if (typeof entry[key] !== "string" || entry[key] === "")
        throw new Error(`${name} divergence ${i + 1}: "${key}" must be a non-empty text`);
    return entry as unknown as ObservedEntry;
  });
}

function answerOf(doc: Json, operationId: string): Json | undefined {
  for (const item of Object.values(obj(doc.paths)))
    for (const op of Object.values(obj(item)))
      if (obj(op).operationId === operationId)
        return obj(obj(obj(obj(obj(op).responses)["200"]).content)["application/json"]).schema as Json;
  return undefined;
}

/** `data.0.createdAt` → `response.data[].createdAt`, the place as `contract:compare` writes it. */
const placeOf = (field: string) =>
  field === "(root)"
    ? "response"
    : `response${field
        .split(".")
        .map((k) => (/^\d+$/.test(k) ? "[]" : `.${k}`))
        .join("")}`;

/** Whether a schema admits what was received there; `parent` and `key` for an absent field. */
function admits(doc: Json, s: Json | undefined, received: string, parent?: Json, key?: string): boolean {
  if (received === "absent")
    return parent !== undefined && key !== undefined && !requiredOf(doc, parent).has(key);
  if (!s) return false;
  const types = typesOf(doc, s);
  if (received.startsWith('"')) {
    const word = JSON.parse(received) as string;
    const values = enumOf(doc, s);
    return (types.length === 0 || types.includes("string")) && (!values || values.includes(word));
  }
  if (types.length === 0) return true;
  return types.includes(received) || (received === "integer" && types.includes("number"));
}

/** The observed entries the document does not admit, as differences of the kind `observed`. */
export function observedDifferences(doc: Json, entries: readonly ObservedEntry[]): Difference[] {
  const out: Difference[] = [];
  for (const e of entries) {
    const answer = answerOf(doc, e.route);
    let s: Json | undefined = answer && deref(doc, answer);
    let parent: Json | undefined;
    let key: string | undefined;
    for (const k of e.field === "(root)" ? [] : e.field.split(".")) {
      if (!s) break;
      parent = s;
      key = k;
      s = /^\d+$/.test(k) ? itemsOf(doc, s) : propertiesOf(doc, s)[k];
    }
    if (answer && admits(doc, s, e.received, parent, key)) continue;
    const ours = !answer ? "no such operation" : s ? typesOf(doc, s).join("|") || "any" : "absent";
    out.push({ operation: e.route, at: placeOf(e.field), differs: "observed", ours, vendor: e.received });
  }
  return out;
}

/** One line per observation neither admitted by the document nor recorded in contract/divergences.yaml. */
export function observedProblems(
  doc: Json,
  known: readonly Divergence[],
  files: readonly { name: string; text: string }[],
): string[] {
  return files.flatMap(({ name, text }) =>
    observedDifferences(doc, readObserved(name, text))
      .filter((d) => !knownAs(d, known))
      .map(
        (d) =>
          `${name}: ${d.operation} ${d.at}: the service sent ${d.vendor}, the document says ${d.ours}; ` +
          "change the document (npm run generate) or record it in provider/contract/divergences.yaml " +
          `(operation: ${d.operation}, at: ${d.at}, differs: observed, why, evidence)`,
      ),
  );
}
