// What each resource type tells the generic provider (resources.ts): its token and inputs as the
// @pulumi/random SDK names them, TF's defaults and validators, how it generates values and how it imports.
import type { CheckFailure } from "@pulumi/pulumi/provider";
import { isAbsent, type Props } from "../../provider/hosts/plugin/wire";

export interface Generated {
  id: string;
  /** Computed outputs only; the provider adds the inputs. */
  outs: Props;
}

export interface Imported {
  id: string;
  /** Full state: inputs and outputs, plain (the provider marks secrets). */
  state: Props;
}

export interface ResourceKind {
  readonly token: string;
  /** Every input; in TF each one forces replacement. */
  readonly inputs: readonly string[];
  /** Outputs TF marks sensitive (and the SDK lists in additionalSecretOutputs). */
  readonly secretOutputs: readonly string[];
  /** TF schema defaults for absent inputs; works on wire values (secrets, unknowns) and keeps them. */
  withDefaults(inputs: Props): Props;
  /** Revealed inputs (defaults applied) → failures; unknown values are skipped. */
  validate(inputs: Props): CheckFailure[];
  /** Revealed, fully known, valid inputs → id and computed outputs. */
  generate(inputs: Props): Promise<Generated>;
  /** TF's ImportState, where TF has one: the id given to `pulumi import` → state. */
  importState?(id: string): Promise<Imported>;
}

/** A copy of `p` with `defaults` set where the input is absent. */
export function fillDefaults(p: Props, defaults: Props): Props {
  const out: Props = { ...p };
  for (const [k, v] of Object.entries(defaults)) if (isAbsent(out[k])) out[k] = v;
  return out;
}

export function importError(token: string, id: string, why: string): Error {
  return new Error(`cannot import ${token} from id ${JSON.stringify(id)}: ${why}`);
}
