// The promotion plan as text a reviewer reads (`chat-export --compare`): per section, `+` for an entry to
// add with its fields, `~` for one held differently with each field's two values, `=` for one only the
// stack declares. A secret field is `[secret]` and whether it differs, never any part of its value.
import { isSecretField, type PromotionPlan } from "./compare";

type Json = Record<string, unknown>;

const SECRET = "[secret]";
const shown = (v: unknown) => (v === undefined ? "(none)" : JSON.stringify(v));
const name = (id: string | undefined) => id ?? "(the section)";

/** An added entry's fields, one line each, secrets masked (a secret object's own fields too). */
function fieldLines(plan: PromotionPlan["kinds"][number], entry: Json): string[] {
  return Object.entries(entry).map(([f, v]) =>
    isSecretField(plan.kind, f) ? `      ${f}: ${SECRET}` : `      ${f}: ${shown(masked(plan, f, v))}`,
  );
}

/** A value with every secret field inside it (`basicAuth.password`) shown as `[secret]`. */
function masked(plan: PromotionPlan["kinds"][number], path: string, value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value as Json).map(([f, v]) => {
      const at = `${path}.${f}`;
      return [f, isSecretField(plan.kind, at) ? SECRET : masked(plan, at, v)];
    }),
  );
}

export interface PlanHeading {
  /** The app read: `app <id> (<region>)`. */
  from: string;
  /** The stack and its file. */
  to: string;
}

/** The plan, and a summary line; `written`: whether the entries to add were written into the file. */
export function planText(plan: PromotionPlan, heading: PlanHeading, written = false): string {
  const lines = [`Promotion plan: ${heading.from} -> ${heading.to}`];
  let added = 0;
  let changed = 0;
  let only = 0;
  for (const k of plan.kinds) {
    lines.push(`${k.section}:`);
    for (const a of k.added) {
      lines.push(`  + ${name(a.id)}`, ...fieldLines(k, a.entry));
      added++;
    }
    for (const c of k.changed) {
      lines.push(`  ~ ${name(c.id)}`);
      for (const f of c.fields) {
        const value = f.secret
          ? `${SECRET} ${f.staging === undefined ? "not declared here" : f.production === undefined ? "not declared in the stack" : "differs"}`
          : `${shown(masked(k, f.field, f.production))} -> ${shown(masked(k, f.field, f.staging))}`;
        lines.push(`      ${f.field}: ${value}`);
      }
      changed++;
    }
    for (const id of k.onlyInProduction) {
      lines.push(`  = ${name(id)} (only the stack declares it; left as it is)`);
      only++;
    }
  }
  if (plan.kinds.length === 0) lines.push("No differences: the stack declares everything the app has.");
  const what = written ? "added to the file" : "to add (--write adds them)";
  lines.push(
    `${added} ${what}, ${changed} held differently (not written: review and edit by hand), ${only} only in the stack.`,
  );
  return `${lines.join("\n")}\n`;
}
