// What one app holds that a stack's environment file lacks or holds differently (`chat-export --compare`,
// issue 46), kind by kind in the registry's order of sections and field by field. Entries are matched by their
// kind's key (a user's uid, a group's guid: the kinds' registry states it), never by the vendor's ids.
// A secret field is compared by its reference only and always shown as `[secret]` (decision 0130).
import { SECRET_FIELDS } from "../../contract/generated/secrets";
import { currentSpellings } from "../../engine/aliases";
import { jsonOf } from "../../engine/json-schema";
import { ENTRY_KINDS, type EntryKind, secretsOf, sortKeys } from "../entries";
import { entriesOf, type FileKind, idOf } from "../graph";

type Json = Record<string, unknown>;

/** One field that differs: its dotted path in the entry and each side's value (undefined: not there). */
export interface FieldChange {
  field: string;
  staging: unknown;
  production: unknown;
  /** A secret field: its values are never shown, only that it differs. */
  secret: boolean;
}

/** An entry staging has and production lacks: the entry as staging's export writes it. */
export interface Added {
  id: string | undefined;
  entry: Json;
}

/** The differences of one kind (its section in the file). */
export interface KindPlan {
  kind: EntryKind;
  /** The section as the file names it (`groups`, `notifications.settings`). */
  section: string;
  added: Added[];
  changed: { id: string | undefined; fields: FieldChange[] }[];
  /** Entries only production declares (left as they are: promotion adds, it never removes). */
  onlyInProduction: (string | undefined)[];
}

export interface PromotionPlan {
  /** The kinds with a difference, in the registry's order of sections (users, groups, roles, …). */
  kinds: KindPlan[];
}

const isObject = (v: unknown): v is Json => v !== null && typeof v === "object" && !Array.isArray(v);
const SECRET_NAMES: ReadonlySet<string> = new Set(SECRET_FIELDS);

/** Whether `field` (a dotted path of an entry of `k`) holds a secret: a field the document marks secret. */
export function isSecretField(k: FileKind, field: string): boolean {
  const covered = secretsOf(k).some((s) => field === s.field || field.startsWith(`${s.field}.`));
  return covered || field.split(".").some((p) => SECRET_NAMES.has(p));
}

const ARG_SCHEMAS = new WeakMap<FileKind, Json>();
/** The JSON Schema of what the kind takes, its fields under the names the file gives them. */
function fileSchemaOf(k: FileKind): Json {
  const known = ARG_SCHEMAS.get(k);
  if (known) return known;
  const schema = jsonOf(k.args, "input");
  const renames = k.file.renames ?? {};
  const properties = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([arg, s]) => [renames[arg] ?? arg, s]),
  );
  const out = { ...schema, properties } as Json;
  ARG_SCHEMAS.set(k, out);
  return out;
}

/**
 * An entry as compared: `adopt` left out (how the file takes an object over, not what the object is), former
 * spellings read as the values they stand for (provider/engine/aliases.ts: the same meaning is no change), the
 * kind's sets sorted and object keys sorted, as the export writes them.
 */
function normal(k: FileKind, entry: Json): Json {
  const { adopt: _adopt, ...given } = entry;
  const rest = currentSpellings(fileSchemaOf(k), given) as Json;
  const out: Json = {};
  for (const [f, v] of Object.entries(rest))
    out[f] = k.sets?.includes(f) && Array.isArray(v) ? [...v].map(String).sort() : sortKeys(v);
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields of two entries that differ, objects compared field by field (lists and values as a whole). */
function fieldChanges(k: FileKind, staging: Json, production: Json, prefix = ""): FieldChange[] {
  const out: FieldChange[] = [];
  const names = [...new Set([...Object.keys(staging), ...Object.keys(production)])];
  for (const name of names) {
    const field = `${prefix}${name}`;
    const [s, p] = [staging[name], production[name]];
    if (same(s, p)) continue;
    // A field one side leaves out because it is the kind's default is the same field.
    const dflt = prefix === "" ? k.defaults?.[name] : undefined;
    if (dflt !== undefined && (s === undefined ? same(p, dflt) : p === undefined && same(s, dflt))) continue;
    const secret = isSecretField(k, field);
    if (!secret && isObject(s) && isObject(p)) out.push(...fieldChanges(k, s, p, `${field}.`));
    else out.push({ field, staging: s, production: p, secret });
  }
  return out;
}

/**
 * The plan: per kind, what `staging` (an environment in the file's shape) has that `production` lacks or
 * holds otherwise; `kinds`: those staging was read for (a kind not read is not compared).
 */
export function comparePlan(
  staging: Json,
  production: Json,
  kinds: readonly EntryKind[] = ENTRY_KINDS,
): PromotionPlan {
  const out: KindPlan[] = [];
  for (const k of kinds) {
    const theirs = new Map(entriesOf(production, k).map((e) => [idOf(k, e.entry), e.entry]));
    const ours = entriesOf(staging, k);
    const plan: KindPlan = {
      kind: k,
      section: k.file.at.join("."),
      added: [],
      changed: [],
      onlyInProduction: [...theirs.keys()].filter((id) => !ours.some((e) => idOf(k, e.entry) === id)),
    };
    for (const { entry } of ours) {
      const id = idOf(k, entry);
      const found = theirs.get(id);
      if (found === undefined) plan.added.push({ id, entry });
      else {
        const fields = fieldChanges(k, normal(k, entry), normal(k, found));
        if (fields.length > 0) plan.changed.push({ id, fields });
      }
    }
    if (plan.added.length + plan.changed.length + plan.onlyInProduction.length > 0) out.push(plan);
  }
  return { kinds: out };
}

/** The secret config keys the entries name (`{ secret: key }` at any depth). */
export function secretKeysIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(secretKeysIn);
  if (!isObject(value)) return [];
  const keys = Object.keys(value);
  if (keys.length === 1 && keys[0] === "secret" && typeof value.secret === "string") return [value.secret];
  return Object.values(value).flatMap(secretKeysIn);
}
