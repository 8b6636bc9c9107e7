// The creates a killed run left pending in the checkpoint, settled against the service (decision 0080). The
// engine records a create as pending before it asks the provider, and keeps it (warning on every later run)
// until someone settles it; the next `up` would create the object again and fail on "already exists", or,
// for server-chosen ids, make a second one. For each pending create of a chat kind:
// - the object it made (created since the run began, and held by no resource in state) is taken into state
//   with the outputs its create would have returned; doubles of server-chosen ids it made are removed;
// - an object of that id made before the run began is not this stack's: it is left alone, and the next `up`
//   reports the conflict as always (adopt: true to take it over);
// - nothing made: the pending create is dropped, and the next `up` creates it. Kinds that write a whole set
//   (members, triggers) have no object of their own: the next create finishes the set from what the service
//   holds.

import { SECRET_CREDENTIALS } from "../client/config";
import type { Made } from "../engine/kind";
import { providerFor } from "../hosts/dynamic";
import { kindNameOf, PROVIDER_TYPE } from "../hosts/tokens";
import { type KindName, kinds } from "../kinds";

/** The secret marker of Pulumi's state format, and its decrypted (`--show-secrets`) form. */
const SECRET_SIG = "4dabf18193072939515e22adb298388d";
const SECRET_VALUE = "1b47061264138c4ac30d75fd1eb44270";

type Props = Record<string, unknown>;

export interface ResourceState {
  urn: string;
  type: string;
  custom?: boolean;
  id?: string;
  inputs?: Props;
  outputs?: Props;
  delete?: boolean;
  parent?: string;
  provider?: string;
  dependencies?: string[];
  propertyDependencies?: Record<string, string[]>;
  additionalSecretOutputs?: string[];
  created?: string;
  modified?: string;
  [k: string]: unknown;
}

export interface PendingOperation {
  resource: ResourceState;
  type: string;
}

/** `pulumi stack export --show-secrets` output (apitype.UntypedDeployment with a DeploymentV3). */
export interface ExportedDeployment {
  version: number;
  deployment: {
    resources?: ResourceState[];
    pending_operations?: PendingOperation[];
    [k: string]: unknown;
  };
}

/** Providers whose resources live in state only: a pending create of theirs made nothing to look for. */
const STATE_ONLY = ["random:"];

export function kindOf(type: string): KindName | undefined {
  const name = kindNameOf(type) ?? "";
  return Object.hasOwn(kinds, name) ? (name as KindName) : undefined;
}

const isSecret = (v: unknown): v is { plaintext?: string } =>
  typeof v === "object" && v !== null && (v as Props)[SECRET_SIG] === SECRET_VALUE;

/** A state value as plain data, and whether a secret was in it. */
export function decode(v: unknown): { value: unknown; secret: boolean } {
  if (isSecret(v)) {
    if (typeof v.plaintext !== "string")
      throw new Error("the export holds encrypted secrets: it must be made with --show-secrets");
    return { value: decode(JSON.parse(v.plaintext)).value, secret: true };
  }
  if (Array.isArray(v)) {
    const items = v.map(decode);
    return { value: items.map((i) => i.value), secret: items.some((i) => i.secret) };
  }
  if (typeof v === "object" && v !== null) {
    let secret = false;
    const out: Props = {};
    for (const [k, x] of Object.entries(v)) {
      const d = decode(x);
      out[k] = d.value;
      secret ||= d.secret;
    }
    return { value: out, secret };
  }
  return { value: v, secret: false };
}

const secretOf = (value: unknown) => ({ [SECRET_SIG]: SECRET_VALUE, plaintext: JSON.stringify(value) });

/** What became of one pending create. */
export interface Settled {
  urn: string;
  kind: string;
  outcome:
    | "taken into state"
    | "nothing made"
    | "made before the run: left alone"
    | "removed"
    | `${string}: repeated by the next run`;
  id?: string;
  /** Doubles of a server-chosen id that the run made, removed. */
  removed: number;
}

export interface SettleOptions {
  /** When the killed run began, in Unix seconds on the service's clock; undefined when unknown. */
  since: number | undefined;
  /** Only report what would be done. */
  dryRun?: boolean;
}

/**
 * Settles the pending creates of `exported` against the service and returns the deployment to import (the
 * pending creates gone, the objects the run made in state) with what was done, or undefined when there was
 * nothing pending.
 */
export async function settlePending(
  exported: ExportedDeployment,
  opts: SettleOptions,
): Promise<{ deployment: ExportedDeployment; settled: Settled[]; foreign: string[] } | undefined> {
  const d = exported.deployment;
  const pending = d.pending_operations ?? [];
  if (pending.length === 0) return undefined;
  const resources = [...(d.resources ?? [])];
  // Objects by kind and id: the same object under the dynamic type and the plugin's (a stack mid-move).
  const held = new Set(
    resources.filter((r) => r.id && !r.delete).map((r) => `${kindOf(r.type) ?? r.type} ${r.id}`),
  );
  const claimed = new Set<string>();
  const settled: Settled[] = [];
  const keep: PendingOperation[] = [];
  const foreign: string[] = [];
  /** Candidates of server-chosen ids the run made, per kind: what is not claimed in the end is a double. */
  const doubles: Array<{ kind: KindName; inputs: Props; made: Made }> = [];

  for (const op of pending) {
    const kind = kindOf(op.resource.type);
    if (!kind) {
      if (op.type === "creating" && STATE_ONLY.some((p) => op.resource.type.startsWith(p))) continue;
      keep.push(op);
      foreign.push(`${op.resource.urn} (${op.type})`);
      continue;
    }
    if (op.type !== "creating") {
      // An update or delete in flight: its resource is still in state, and the next run does it again (every
      // write is safe to repeat, decision 0022). The engine drops such records itself; they go here too.
      settled.push({
        urn: op.resource.urn,
        kind,
        outcome: `${op.type}: repeated by the next run`,
        removed: 0,
      });
      continue;
    }
    const provider = providerFor(kind);
    const { value, secret } = decodeProps(op.resource.inputs ?? {});
    // A plugin resource's credentials are its provider's (stack config, or an explicit provider's inputs).
    const inputs = { ...providerCredentials(resources, op.resource.provider), ...value };
    const all = await provider.candidates(inputs);
    const key = (m: Made) => `${kind} ${m.id}`;
    const free = all.filter((m) => !held.has(key(m)) && !claimed.has(key(m)));
    // Made by this run: since it began. Without a time (settings, singletons) the object is taken, as a lost
    // create's answer is (decision 0022); with an unknown start, nothing dated is taken.
    const ours = free
      .filter((m) => m.createdAt === undefined || (opts.since !== undefined && m.createdAt >= opts.since))
      .sort((x, y) => (x.createdAt ?? 0) - (y.createdAt ?? 0));
    const entry: Settled = { urn: op.resource.urn, kind, outcome: "nothing made", removed: 0 };
    settled.push(entry);
    const first = ours[0];
    if (!first) {
      if (free.length > 0) entry.outcome = "made before the run: left alone";
      continue;
    }
    if (kinds[kind].made) for (const m of ours.slice(1)) doubles.push({ kind, inputs, made: m });
    if (first.usable === false) {
      doubles.push({ kind, inputs, made: first });
      entry.outcome = "removed";
      continue;
    }
    claimed.add(key(first));
    entry.outcome = "taken into state";
    entry.id = first.id;
    if (opts.dryRun) continue;
    const outs = await provider.takeOver(inputs, first);
    const secretKeys = new Set([
      ...(op.resource.additionalSecretOutputs ?? []),
      ...secret,
      ...((kinds[kind] as { secrets?: readonly string[] }).secrets ?? []),
      ...SECRET_CREDENTIALS,
    ]);
    // A dynamic resource's outputs carry its provider; a plugin resource has none.
    const outputs: Props = inputs.__provider === undefined ? {} : { __provider: inputs.__provider };
    for (const [k, v] of Object.entries(outs))
      if (v !== undefined) outputs[k] = secretKeys.has(k) ? secretOf(v) : v;
    const now = new Date().toISOString();
    // A create-before-delete replacement: the object it replaces is now the one to delete.
    for (const r of resources) if (r.urn === op.resource.urn && !r.delete) r.delete = true;
    resources.push({ ...op.resource, id: first.id, outputs, created: now, modified: now });
    held.add(key(first));
  }

  const removed = new Set<string>();
  for (const { kind, inputs, made } of doubles) {
    const k = `${kind} ${made.id}`;
    if (claimed.has(k) || removed.has(k)) continue;
    removed.add(k);
    const s = settled.find((x) => x.kind === kind && x.outcome !== "nothing made");
    if (s) s.removed++;
    if (!opts.dryRun) await providerFor(kind).remove(inputs, made);
  }

  // Dependencies on pending creates that made nothing point at no resource: the engine refuses such a state.
  const urns = new Set(resources.map((r) => r.urn));
  for (const r of resources) {
    if (r.dependencies) r.dependencies = r.dependencies.filter((u) => urns.has(u));
    if (r.propertyDependencies)
      for (const [p, deps] of Object.entries(r.propertyDependencies))
        r.propertyDependencies[p] = deps.filter((u) => urns.has(u));
  }
  return {
    deployment: { ...exported, deployment: { ...d, resources, pending_operations: keep } },
    settled,
    foreign,
  };
}

/**
 * The connection options of a plugin resource's provider (`provider` is its `<urn>::<id>` reference), from
 * the provider's recorded inputs (its config keys); {} for any other provider.
 */
function providerCredentials(resources: readonly ResourceState[], provider: string | undefined): Props {
  const urn = provider?.slice(0, provider.lastIndexOf("::"));
  const p = resources.find((r) => r.urn === urn && r.type === PROVIDER_TYPE);
  if (!p) return {};
  const c = decodeProps(p.inputs ?? {}).value;
  const text = (k: string) => (typeof c[k] === "string" && c[k] !== "" ? (c[k] as string) : undefined);
  const only = (o: Props) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
  const out: Props = {};
  if (text("appId") && text("apiKey"))
    out.connection = only({
      appId: text("appId"),
      apiKey: text("apiKey"),
      region: text("region"),
      host: text("host"),
      endpoint: text("endpoint"),
    });
  if (text("managementKey") && text("managementSecret"))
    out.managementConnection = only({
      key: text("managementKey"),
      secret: text("managementSecret"),
      host: text("host"),
      endpoint: text("managementEndpoint"),
    });
  return out;
}

/** Decoded inputs, and the names of those that were secret. */
function decodeProps(props: Props): { value: Props; secret: string[] } {
  const value: Props = {};
  const secret: string[] = [];
  for (const [k, v] of Object.entries(props)) {
    const d = decode(v);
    value[k] = d.value;
    if (d.secret) secret.push(k);
  }
  return { value, secret };
}
