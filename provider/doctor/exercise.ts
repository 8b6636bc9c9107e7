// chat-doctor --write: samples made, read back, changed and deleted through the generic provider, as a
// `pulumi up` and `destroy` would (stack config, else the CHAT_* variables). Thorough runs (the samples a guess
// is checked with) also require the read back to show no drift, the kind's listing to find the sample, and a
// change to settle; what was made is deleted even when a step fails.

import type { Ctx } from "../engine/kind";
import { canonical } from "../engine/normalize";
import { CrudProvider, type KindName, kinds } from "../kinds";
import { firstLine } from "./explain";
import type { Step } from "./guesses";
import type { Check, Status } from "./report";
import type { MadeIds, Sample } from "./samples";

type Props = Record<string, unknown>;
/** A step's outcome. */
export interface StepResult {
  status: Status;
  detail: string;
}
export type Steps = Partial<Record<Step, StepResult>>;

/** The declared fields a read back does not give back as declared (names only: a value may be secret). */
function differing(read: Props | undefined, inputs: Props): string {
  const fields = Object.keys(inputs).filter((k) => canonical(read?.[k]) !== canonical(inputs[k]));
  return fields.length ? fields.join(", ") : "(none by value: the provider's diff sees a change)";
}

const DONE: Readonly<Record<Step, string>> = {
  create: "",
  read: "read it back",
  list: "found it listed",
  update: "changed it",
  delete: "",
};
/** "made <id> and read it back, found it listed, changed it". */
const summary = (steps: Steps): string =>
  `${steps.create?.detail} and ${(["read", "list", "update"] as const)
    .filter((k) => steps[k])
    .map((k) => DONE[k])
    .join(", ")}`;

const provider = (kind: KindName) => new CrudProvider(kinds[kind] as never);

interface Made {
  kind: KindName;
  id: string;
  outs: Props;
}

/** One sample's life before its delete: each step's outcome, and what was made. */
async function live(
  s: Sample,
  ids: MadeIds,
  thorough: boolean,
  listCtx: Ctx,
): Promise<{ steps: Steps; made?: Made }> {
  const steps: Steps = {};
  const fail = (e: unknown): StepResult => ({ status: "fail", detail: firstLine(e) });
  const p = provider(s.kind);
  let inputs: Props;
  let made: Made;
  try {
    const checked = await p.check({}, s.args(ids));
    if (checked.failures.length > 0)
      throw new Error(checked.failures.map((f) => `${f.property}: ${f.reason}`).join("; "));
    inputs = checked.inputs;
    const { id, outs } = await p.create(inputs);
    made = { kind: s.kind, id, outs };
    steps.create = { status: "ok", detail: `made ${id}` };
  } catch (e) {
    steps.create = fail(e);
    return { steps };
  }
  try {
    const read = await p.read(made.id, made.outs);
    if (read.id !== made.id) throw new Error(`made ${made.id} but a read finds ${JSON.stringify(read.id)}`);
    if (thorough && (await p.diff(made.id, read.props ?? {}, inputs)).changes)
      throw new Error(`read back differs from what was declared in: ${differing(read.props, inputs)}`);
    steps.read = { status: "ok", detail: thorough ? "read back as declared" : "read back" };
  } catch (e) {
    steps.read = fail(e);
  }
  const kind = kinds[s.kind];
  if (thorough && kind.list)
    try {
      const listed = await kind.list(listCtx, {});
      if (!listed.some((l) => l.id === made.id))
        throw new Error(`its listing (${listed.length} read) does not hold ${made.id}`);
      steps.list = { status: "ok", detail: `listed among ${listed.length}` };
    } catch (e) {
      steps.list = fail(e);
    }
  if (thorough && s.change)
    try {
      const next = await p.check(inputs, s.change(ids));
      if (next.failures.length > 0)
        throw new Error(next.failures.map((f) => `${f.property}: ${f.reason}`).join("; "));
      made.outs = (await p.update(made.id, made.outs, next.inputs)).outs;
      const after = await p.read(made.id, made.outs);
      if ((await p.diff(made.id, after.props ?? {}, next.inputs)).changes)
        throw new Error(`changed, but read back differs in: ${differing(after.props, next.inputs)}`);
      steps.update = { status: "ok", detail: "changed in place and read back as declared" };
    } catch (e) {
      steps.update = fail(e);
    }
  return { steps, made };
}

/** Each sample's steps (by kind), its `write` and `delete` checks; everything made is deleted last, newest first. */
export async function exercise(
  list: readonly Sample[],
  thorough: boolean,
  listCtx: Ctx,
): Promise<{ steps: Map<KindName, Steps>; checks: Check[] }> {
  const steps = new Map<KindName, Steps>();
  const checks: Check[] = [];
  const made: Made[] = [];
  const ids: Partial<Record<KindName, string>> = {};
  try {
    for (const s of list) {
      const r = await live(s, ids, thorough, listCtx);
      steps.set(s.kind, r.steps);
      if (r.made) {
        made.push(r.made);
        ids[s.kind] = r.made.id;
      }
      const failed = Object.entries(r.steps).filter(([, o]) => o.status === "fail");
      checks.push(
        failed.length > 0
          ? {
              name: `write ${s.kind}`,
              status: "fail",
              detail: failed.map(([k, o]) => `${k}: ${o.detail}`).join("; "),
            }
          : { name: `write ${s.kind}`, status: "ok", detail: summary(r.steps) },
      );
    }
  } finally {
    for (const m of made.reverse()) {
      const name = `delete ${m.kind}`;
      const p = provider(m.kind);
      let outcome: StepResult;
      try {
        await p.delete(m.id, m.outs);
        const gone = await p.read(m.id, m.outs);
        outcome =
          gone.id === ""
            ? { status: "ok", detail: `${m.id} deleted, reads as gone` }
            : { status: "fail", detail: `${m.id} still reads after delete` };
      } catch (e) {
        outcome = {
          status: "fail",
          detail: `${m.id}: ${firstLine(e)} (npm run sweep:live removes it later)`,
        };
      }
      checks.push({ name, ...outcome });
      const s = steps.get(m.kind);
      if (s) s.delete = outcome;
    }
  }
  return { steps, checks };
}
