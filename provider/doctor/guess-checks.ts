// chat-doctor's first checks once the credentials hold: one line per operation of ours whose wire rests on our
// reading (the ledger's unconfirmed rows, provider/contract/generated/ledger.ts), checked as guesses.ts says.
// With --write the samples that prove them are made, read back, changed and deleted before anything else.
import { ResponseShapeError } from "../client";
import { type RouteSpec, routes } from "../contract";
import { GUESSES, type Guess } from "../contract/generated/ledger";
import type { Ctx } from "../engine/kind";
import type { KindName } from "../kinds";
import { exercise, type StepResult, type Steps } from "./exercise";
import { divergencesOf, firstLine } from "./explain";
import { describeProbe, type Outcome, PROBES, type ProbeClients } from "./guesses";
import type { Check } from "./report";
import type { Sample } from "./samples";

export interface GuessRun {
  /** The guesses' lines, then (with --write) the lines of the samples made for them. */
  checks: Check[];
  /** The kinds whose samples this phase made (the later write checks leave them out). */
  sampled: ReadonlySet<KindName>;
  /** The routes a read probe called (the later listing checks leave them out). */
  read: ReadonlySet<string>;
}

export interface GuessOptions {
  clients: ProbeClients;
  write: boolean;
  /** Every sample of the run (samples.ts); this phase makes those the probes name, and what they need. */
  samples: readonly Sample[];
  /** Clients of the app for the kinds' own listings. */
  listCtx: Ctx;
  /** Runs `fn` with the stack's config where the generic provider reads it. */
  withStack: <T>(fn: () => Promise<T>) => Promise<T>;
}

/** The samples the probes name, with those they need, in the samples' order. */
function samplesFor(all: readonly Sample[], guesses: readonly Guess[]): Sample[] {
  const wanted = new Set<KindName>();
  const add = (k: KindName) => {
    if (wanted.has(k)) return;
    wanted.add(k);
    for (const n of all.find((s) => s.kind === k)?.needs ?? []) add(n);
  };
  for (const g of guesses) {
    const kind = PROBES[g.operationId]?.sample?.kind;
    if (kind && all.some((s) => s.kind === kind)) add(kind);
  }
  return all.filter((s) => wanted.has(s.kind));
}

function failure(g: Guess, e: unknown): Check {
  const spec = (routes as Record<string, RouteSpec>)[g.operationId];
  return {
    name: `guess ${g.operationId}`,
    status: "fail",
    detail: `${g.method} ${g.path}: ${firstLine(e)} (our reading: ${g.guess})`,
    ...(spec && ResponseShapeError.isInstance(e)
      ? { divergences: divergencesOf(g.operationId, spec, e) }
      : {}),
  };
}

const line = (g: Guess, o: Outcome | StepResult): Check => ({
  name: `guess ${g.operationId}`,
  status: o.status,
  detail: `${g.method} ${g.path}: ${o.detail}`,
});

export async function guessChecks(o: GuessOptions): Promise<GuessRun> {
  const live = GUESSES.filter((g) => g.operationId in routes);
  const toMake = o.write ? samplesFor(o.samples, live) : [];
  const made = toMake.length
    ? await o.withStack(() => exercise(toMake, true, o.listCtx))
    : { steps: new Map<KindName, Steps>(), checks: [] };
  const checks: Check[] = [];
  const read = new Set<string>();
  for (const g of GUESSES) {
    const probe = PROBES[g.operationId];
    if (!probe) {
      checks.push(line(g, { status: "skip", detail: "no probe: chat-doctor cannot check it" }));
      continue;
    }
    if (!live.includes(g)) {
      checks.push(line(g, { status: "skip", detail: "not in this provider's route table yet" }));
      continue;
    }
    try {
      if (o.write && probe.sample && made.steps.has(probe.sample.kind)) {
        const step = made.steps.get(probe.sample.kind)?.[probe.sample.step];
        const outcome: StepResult = step ?? {
          status: "fail",
          detail: `the ${probe.sample.kind} sample never got to its ${probe.sample.step}`,
        };
        checks.push(
          outcome.status === "fail"
            ? { ...line(g, outcome), detail: `${line(g, outcome).detail} (our reading: ${g.guess})` }
            : line(g, {
                ...outcome,
                detail: `the ${probe.sample.kind} sample's ${probe.sample.step}: ${outcome.detail}`,
              }),
        );
      } else if (o.write && probe.rewrite) {
        checks.push(line(g, await probe.rewrite(o.clients)));
      } else if (probe.read) {
        checks.push(line(g, await probe.read(o.clients)));
        read.add(g.operationId);
      } else if (probe.sample || probe.rewrite) {
        checks.push(
          line(g, { status: "skip", detail: `needs --write on a sandbox app (${describeProbe(probe)})` }),
        );
      } else {
        checks.push(line(g, { status: "skip", detail: `not checked: ${probe.none}` }));
      }
    } catch (e) {
      checks.push(failure(g, e));
    }
  }
  return { checks: [...checks, ...made.checks], sampled: new Set(made.steps.keys()), read };
}
