// The `random` resource provider: generic check/diff/create/read/update/delete over the resource kinds.
// Served by index.ts; tests call these methods directly.
import type { CheckFailure, DiffResult, Provider } from "@pulumi/pulumi/provider";
import {
  containsSecret,
  containsUnknown,
  isAbsent,
  isObject,
  type Props,
  reveal,
  revealProps,
  sameValue,
  secret,
  typeOfUrn,
  type Value,
} from "../../provider/hosts/plugin/wire";
import type { ResourceKind } from "./kind";
import { randomBytes, randomId } from "./kinds/bytes";
import { randomInteger } from "./kinds/integer";
import { randomPet } from "./kinds/pet";
import { randomShuffle } from "./kinds/shuffle";
import { randomPassword, randomString } from "./kinds/strings";
import { randomUuid, randomUuid4, randomUuid7 } from "./kinds/uuids";
import { randomSdkVersion } from "./version";

// The SDK's result types say `any` for property bags; these say what this provider returns.
export interface Checked {
  inputs: Props;
  failures: CheckFailure[];
}
export interface Created {
  id: string;
  outs: Props;
}
export interface Read {
  id: string;
  props: Props;
  inputs?: Props;
}
export interface Updated {
  outs: Props;
}

export const kinds: ReadonlyMap<string, ResourceKind> = new Map(
  [
    randomBytes,
    randomId,
    randomInteger,
    randomPassword,
    randomPet,
    randomShuffle,
    randomString,
    randomUuid,
    randomUuid4,
    randomUuid7,
  ].map((k) => [k.token, k]),
);

function kindOf(urn: string): ResourceKind {
  const kind = kinds.get(typeOfUrn(urn));
  if (kind === undefined) throw new Error(`unknown resource type ${typeOfUrn(urn)}`);
  return kind;
}

/** What TF's plan modifiers compare: null ≡ absent, null keeper values ≡ absent, overrideSpecial "" ≡ absent. */
function comparable(name: string, v: Value | undefined): Value | undefined {
  const plain = v === undefined ? undefined : reveal(v);
  if (isAbsent(plain)) return undefined;
  if (name === "keepers" && isObject(plain)) {
    const entries = Object.entries(plain).filter(([, x]) => x !== null);
    return entries.length === 0 ? undefined : Object.fromEntries(entries);
  }
  if (name === "overrideSpecial" && plain === "") return undefined;
  return plain;
}

function inputsOf(kind: ResourceKind, wire: Props): Props {
  const out: Props = {};
  for (const name of kind.inputs) {
    const v = wire[name];
    if (v !== undefined) out[name] = v;
  }
  return out;
}

/**
 * State = the inputs as given (secret ones stay secret) + computed outputs. Computed outputs are secrets when
 * TF marks them sensitive, or when an input they derive from is secret (keepers feed no output).
 */
function stateOf(kind: ResourceKind, wire: Props, computed: Props): Props {
  const derivedFromSecret = kind.inputs.some((n) => n !== "keepers" && containsSecret(wire[n]));
  const outs = inputsOf(kind, wire);
  for (const [name, v] of Object.entries(computed)) {
    outs[name] = derivedFromSecret || kind.secretOutputs.includes(name) ? secret(v) : v;
  }
  return outs;
}

function describe(kind: ResourceKind, failures: CheckFailure[]): string {
  return `invalid ${kind.token} inputs: ${failures.map((f) => `${f.property}: ${f.reason}`).join("; ")}`;
}

export const randomProvider = {
  version: randomSdkVersion(),

  async check(urn: string, _olds: Props, news: Props): Promise<Checked> {
    const kind = kindOf(urn);
    const inputs = kind.withDefaults(news ?? {});
    return { inputs, failures: kind.validate(revealProps(inputs)) };
  },

  /** Every input forces replacement (TF: RequiresReplace on all); a value unknown in preview counts as changed. */
  async diff(_id: string, urn: string, olds: Props, news: Props): Promise<DiffResult> {
    const kind = kindOf(urn);
    const before = kind.withDefaults(olds ?? {});
    const after = kind.withDefaults(news ?? {});
    // An unknown value reveals as the sentinel (never a stored value), so it always counts as a change.
    const replaces = kind.inputs.filter(
      (name) => !sameValue(comparable(name, before[name]), comparable(name, after[name])),
    );
    return { changes: replaces.length > 0, replaces, deleteBeforeReplace: false };
  },

  async create(urn: string, inputs: Props): Promise<Created> {
    const kind = kindOf(urn);
    const wire = kind.withDefaults(inputs ?? {});
    const plain = revealProps(wire);
    if (containsUnknown(plain)) throw new Error(`cannot create ${kind.token} from unknown inputs`);
    const failures = kind.validate(plain);
    if (failures.length > 0) throw new Error(describe(kind, failures));
    const { id, outs } = await kind.generate(plain);
    return { id, outs: stateOf(kind, wire, outs) };
  },

  /** No remote: refresh returns the stored state. With no state, this is an import (TF's ImportState). */
  async read(id: string, urn: string, props?: Props): Promise<Read> {
    const kind = kindOf(urn);
    if (props !== undefined && Object.keys(props).length > 0) return { id, props };
    if (kind.importState === undefined) throw new Error(`${kind.token} cannot be imported`);
    const imported = await kind.importState(id);
    const state = kind.withDefaults(imported.state);
    const computed: Props = {};
    for (const [name, v] of Object.entries(state)) if (!kind.inputs.includes(name)) computed[name] = v;
    return { id: imported.id, props: stateOf(kind, state, computed), inputs: inputsOf(kind, state) };
  },

  /** Only reached when diff found no change (every change replaces): keep the outputs, take the new inputs. */
  async update(_id: string, urn: string, olds: Props, news: Props): Promise<Updated> {
    const kind = kindOf(urn);
    const outs: Props = {};
    for (const [name, v] of Object.entries(olds ?? {})) if (!kind.inputs.includes(name)) outs[name] = v;
    return { outs: { ...outs, ...inputsOf(kind, kind.withDefaults(news ?? {})) } };
  },

  async delete(_id: string, _urn: string, _props: Props): Promise<void> {},
} satisfies Provider;
