// Closed sets as enum types of the plugin's schema (issue 32 item 3): a field that takes one of a few values
// gets a `chat:index:<Name>` enum, so every SDK offers the values by name and YAML checks them at preview.
// The values stay what travels: enums change the SDKs' types, not the wire. A set's name is the document's
// when it names the same values, former spellings aside (GroupType, MemberScope, GroupChatSetting, …), the
// contract's for the numbered choices (provider/contract/closed-set.ts), else the name of the first field that
// takes it.
import * as NAMED from "../../contract/generated/enums";
import type { Json } from "../../engine/json-schema";

export interface EnumValueSpec {
  name: string;
  value: string | number;
  description?: string;
  deprecationMessage?: string;
}
export interface EnumSpec {
  type: "string" | "integer" | "number";
  description?: string;
  enum: EnumValueSpec[];
}

/** A closed set found in a JSON Schema node: its values, and its name when the contract gives one. */
export interface FoundSet {
  readonly name?: string;
  readonly values: readonly EnumValueSpec[];
  readonly type: EnumSpec["type"];
}

const words = (v: string) => v.split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/).filter(Boolean);
/** An identifier for a value in every language: its words in PascalCase (`not equals` → NotEquals). */
export const valueName = (v: string): string => {
  const n = words(v)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join("");
  return /^[A-Za-z]/.test(n) ? n : `Value${n}`;
};

const sameValues = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((v) => b.includes(v));

/** The document's named enum holding exactly `values`, if any. */
export function documentEnum(values: readonly unknown[]): string | undefined {
  return Object.entries(NAMED).find(([, named]) => sameValues(named, values))?.[0];
}

/** The closed set `s` takes (an `enum`, or a union of constants), if it is one. */
export function closedSetIn(s: Json): FoundSet | undefined {
  const alts = s.anyOf ?? s.oneOf;
  const values = s.enum ?? (alts?.every((a) => a.const !== undefined) ? alts.map((a) => a.const) : undefined);
  if (!values?.length) return undefined;
  const marked = s["x-closed-set"];
  if (marked)
    return {
      name: marked.name,
      type: "integer",
      values: marked.values.map((v) => ({
        name: v.name,
        value: v.value,
        description: `${v.value}: ${v.meaning}.`,
      })),
    };
  if (values.every((v) => typeof v === "string")) {
    const aliases = s["x-aliases"] ?? {};
    const former = (v: string) => Object.hasOwn(aliases, v);
    const current = values.filter((v) => !former(v));
    // A former spelling (provider/engine/aliases.ts) keeps the name programs already use (`all`: All), unless
    // a current value has that name (`not equals` beside `notEquals`): then it is named after its value.
    const names = values.map((v) =>
      former(v) && current.some((c) => valueName(c) === valueName(v))
        ? `${valueName(aliases[v] ?? v)}Former`
        : valueName(v),
    );
    // Two values of one word set (`notIn`, `not in`) would clash: number the later one.
    const unique = names.map((n, i) => (names.indexOf(n) === i ? n : `${n}${i}`));
    return {
      name: documentEnum(current),
      type: "string",
      values: values.map((v, i) => {
        const target = Object.hasOwn(aliases, v) ? aliases[v] : undefined;
        return target === undefined
          ? { name: unique[i] ?? v, value: v }
          : {
              name: unique[i] ?? v,
              value: v,
              description: `Former spelling of ${target}, still taken and read as it.`,
              deprecationMessage: `Use ${target}.`,
            };
      }),
    };
  }
  if (values.every((v) => typeof v === "number"))
    return {
      type: values.every(Number.isInteger) ? "integer" : "number",
      values: values.map((v) => ({ name: `Value${String(v).replace(/\W/g, "_")}`, value: v as number })),
    };
  return undefined;
}
