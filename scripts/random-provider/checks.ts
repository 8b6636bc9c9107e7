// Input validation for check(): each getter records a failure naming the property and the broken rule, and
// returns the value only when it is known and valid, so cross-property rules can skip what preview hides.
import type { CheckFailure } from "@pulumi/pulumi/provider";
import { isAbsent, isObject, isUnknown, type Props, type Value } from "../../provider/hosts/plugin/wire";

function show(v: Value): string {
  return JSON.stringify(v);
}

export class Checks {
  readonly failures: CheckFailure[] = [];

  constructor(private readonly props: Props) {}

  fail(property: string, reason: string): void {
    this.failures.push({ property, reason });
  }

  /** The value when given and known; undefined otherwise (a failure when required and absent). */
  private given(name: string, required: boolean): Value | undefined {
    const v = this.props[name];
    if (isAbsent(v)) {
      if (required) this.fail(name, `missing required property '${name}'`);
      return undefined;
    }
    return isUnknown(v) ? undefined : v;
  }

  integer(name: string, rule: { required?: boolean; min?: number } = {}): number | undefined {
    const v = this.given(name, rule.required ?? false);
    if (v === undefined) return undefined;
    if (typeof v !== "number" || !Number.isSafeInteger(v)) {
      this.fail(name, `${name} must be an integer, got ${show(v)}`);
      return undefined;
    }
    if (rule.min !== undefined && v < rule.min) {
      this.fail(name, `${name} must be at least ${rule.min}, got ${v}`);
      return undefined;
    }
    return v;
  }

  boolean(name: string): boolean | undefined {
    const v = this.given(name, false);
    if (v === undefined) return undefined;
    if (typeof v !== "boolean") {
      this.fail(name, `${name} must be a boolean, got ${show(v)}`);
      return undefined;
    }
    return v;
  }

  string(name: string): string | undefined {
    const v = this.given(name, false);
    if (v === undefined) return undefined;
    if (typeof v !== "string") {
      this.fail(name, `${name} must be a string, got ${show(v)}`);
      return undefined;
    }
    return v;
  }

  /** `keepers`: a map whose values are scalars (the SDK types them as strings). */
  keepers(name = "keepers"): void {
    const v = this.given(name, false);
    if (v === undefined) return;
    if (!isObject(v)) {
      this.fail(name, `${name} must be a map of strings, got ${show(v)}`);
      return;
    }
    for (const [key, item] of Object.entries(v)) {
      if (isObject(item) || Array.isArray(item)) {
        this.fail(`${name}.${key}`, `${name} values must be strings, got ${show(item)} for '${key}'`);
      }
    }
  }

  stringList(name: string, rule: { required?: boolean } = {}): void {
    const v = this.given(name, rule.required ?? false);
    if (v === undefined) return;
    if (!Array.isArray(v)) {
      this.fail(name, `${name} must be a list of strings, got ${show(v)}`);
      return;
    }
    // An unknown item is the sentinel string here (inputs are revealed first), so it passes.
    v.forEach((item, i) => {
      if (typeof item !== "string") {
        this.fail(`${name}[${i}]`, `${name} items must be strings, got ${show(item)} at index ${i}`);
      }
    });
  }
}

/** Typed reads of validated, fully known inputs for create(). */
export function intOf(p: Props, name: string): number {
  const v = p[name];
  if (typeof v !== "number") throw new TypeError(`${name} must be a number, got ${JSON.stringify(v)}`);
  return v;
}

export function boolOf(p: Props, name: string): boolean {
  const v = p[name];
  if (typeof v !== "boolean") throw new TypeError(`${name} must be a boolean, got ${JSON.stringify(v)}`);
  return v;
}

export function optionalStringOf(p: Props, name: string): string | undefined {
  const v = p[name];
  if (isAbsent(v)) return undefined;
  if (typeof v !== "string") throw new TypeError(`${name} must be a string, got ${JSON.stringify(v)}`);
  return v;
}

export function optionalIntOf(p: Props, name: string): number | undefined {
  return isAbsent(p[name]) ? undefined : intOf(p, name);
}
