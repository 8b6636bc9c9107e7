// RBAC v2 permission catalogues (docs/service/roles-and-permissions.md), one mechanism for the permissions of
// roles and of group scopes (the catalogues: catalogues.ts). A catalogue declares each key's data type, values
// and default. The schema that refuses unknown keys and values by name (a block of blocks.ts), and the
// entries the GET answers (emulator), are both made from it. No import of the generated schemas: the blocks
// use this file.
import { z } from "zod";
import { closest, oneOf } from "./closest";
import { permissionsSetSome } from "./rules";

/** Values that are not a fixed list (role ids, MIME types): each is checked by `item`, described by `rule`. */
export interface OpenValues {
  readonly rule: string;
  readonly item: z.ZodType<string, string>;
}

export interface PermissionSpec {
  /** What it governs, in our words. */
  readonly title: string;
  /** "string": one of the values; "stringArray": a subset of them (one value alone is taken too). */
  readonly dataType: "string" | "stringArray";
  readonly values: Listed | OpenValues;
  readonly defaultValue: string | readonly string[];
}
export type PermissionCatalogue = Readonly<Record<string, PermissionSpec>>;

export const ALLOW_DENY = ["allow", "deny"] as const;
type Listed = readonly [string, ...string[]];

// The helpers keep the values' literal types, so that the SDK's and the environment file's types name them.
export const allowDeny = (title: string) =>
  ({ title, dataType: "string", values: ALLOW_DENY, defaultValue: "allow" }) as const;
export const choice = <const V extends Listed>(title: string, values: V, defaultValue: V[number]) =>
  ({ title, dataType: "string", values, defaultValue }) as const;
export const subset = <const V extends Listed | OpenValues>(title: string, values: V) =>
  ({ title, dataType: "stringArray", values, defaultValue: [] as readonly string[] }) as const;

/** The type of a key's value: one of its values, or for a list one or more of them. */
type ValueOf<S extends PermissionSpec> = S["values"] extends Listed
  ? S["dataType"] extends "string"
    ? S["values"][number]
    : S["values"][number] | S["values"][number][]
  : S["dataType"] extends "string"
    ? string
    : string | string[];

const isOpen = (v: PermissionSpec["values"]): v is OpenValues => !Array.isArray(v);

/** The values a catalogue entry lists as available: none for open values (any value the rule takes). */
export const availableValues = (spec: PermissionSpec): string[] =>
  isOpen(spec.values) ? [] : [...spec.values];

function valueSchema(key: string, spec: PermissionSpec) {
  const { values } = spec;
  const one = isOpen(values) ? values.item : oneOf(values, key);
  if (spec.dataType === "string") return one;
  const rule = isOpen(values) ? values.rule : values.join(", ");
  return z.union([one, z.array(one)], { message: `${key} must be one or more of ${rule}` });
}

/** `{<key>: value}` of one catalogue; unknown keys and values outside a key's rule are refused, by name. */
export const permissionsOf = <C extends PermissionCatalogue>(catalogue: C) => {
  const keys = Object.keys(catalogue);
  return z.strictObject(
    Object.fromEntries(
      Object.entries(catalogue).map(([k, spec]) => [k, valueSchema(k, spec).optional()]),
    ) as unknown as { [K in keyof C]: z.ZodOptional<z.ZodType<ValueOf<C[K]>>> },
    {
      error: (iss) =>
        iss.code === "unrecognized_keys"
          ? iss.keys.map((k) => `${k} is not a permission (closest valid: "${closest(k, keys)}")`).join("; ")
          : undefined,
    },
  );
};

/** A permission map that must set something (the body of a PUT). */
export const settingSome = <T extends z.ZodType<Record<string, unknown>>>(permissions: T) =>
  permissions.refine(permissionsSetSome.check, permissionsSetSome.message);
