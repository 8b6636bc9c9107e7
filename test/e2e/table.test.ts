// The README's resource table on the real engine (issue 10): for every kind and every argument, set it,
// change it, remove it, each step an `up` followed by a preview that must show no changes; a preview that
// changes every replace-forcing argument must say so for each. The kinds and arguments come from the
// registry (scripts/readme-table.ts, which also writes the README's table), so an argument added to a kind
// without coverage here fails the test. Then the configured app moves:
// the preview shows replacements, refresh keeps everything, and destroy acts on the app recorded in state.
// No up's events (debug ones too: what `pulumi up --json` prints) hold a secret the stack's state holds.
// Chat resources take their app from stack config (the emulator's bootstrap app), as most programs do.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { EngineEvent, PreviewResult } from "@pulumi/pulumi/automation";
import { canonical } from "../../provider/engine/normalize";
import { kinds } from "../../provider/kinds";
import { resourceRows } from "../../scripts/readme-table";
import { type Args, type Case, cases, type KindName, type Step } from "../support/kinds";
import { type EmulatedStack, emulatedStack } from "./support/emulated";
import { secretsIn } from "./support/leaks";

const argsAt = (c: Case, step: Step): Args => (step === "replace" ? { ...c.remove, ...c.replace } : c[step]);
const differs = (a: unknown, b: unknown) => canonical(a) !== canonical(b);
const optional = (kind: KindName, arg: string) =>
  (kinds[kind].args.shape as unknown as Record<string, { safeParse(v: unknown): { success: boolean } }>)[
    arg
  ]?.safeParse(undefined).success === true;
const nameOf = (urn: string) => urn.split("::").pop() ?? "";

interface Dump {
  apps: Record<
    string,
    {
      users: Record<string, { deactivatedAt?: number }>;
      groups: Record<string, unknown>;
      roles: Record<string, unknown>;
      apiKeys: Record<string, unknown>;
      webhooks: Record<string, unknown>;
    }
  >;
}

describe("the README's resource table on the real engine", () => {
  let t: EmulatedStack;
  let appId: string;
  let all: Case[];
  const declare = (step: Step) =>
    t.stack.setConfig("e2e:resources", {
      value: JSON.stringify(
        all.map((c) => ({ kind: c.kind, name: c.name, args: argsAt(c, step), dependsOn: c.dependsOn })),
      ),
    });
  const preview = async (): Promise<{
    result: PreviewResult;
    steps: Map<string, { ops: string[]; keys: string[] }>;
  }> => {
    const steps = new Map<string, { ops: string[]; keys: string[] }>();
    const onEvent = (e: EngineEvent) => {
      const m = e.resourcePreEvent?.metadata;
      if (!m) return;
      const s = steps.get(nameOf(m.urn)) ?? { ops: [], keys: [] };
      s.ops.push(m.op);
      s.keys.push(...(m.keys ?? []));
      steps.set(nameOf(m.urn), s);
    };
    return { result: await t.stack.preview({ onEvent }), steps };
  };
  const upThenNoChanges = async (step: Step) => {
    await declare(step);
    // Every engine event of the up, debug ones too (what `pulumi up --json` prints), and its text output;
    // not the config's (this test declares its resources, fixture secrets too, in one plain config key).
    const printed: string[] = [];
    const up = await t.stack.up({
      onEvent: (e) => {
        const carriesConfig =
          e.preludeEvent ||
          e.resourcePreEvent?.metadata.type.startsWith("pulumi:providers:") ||
          e.resOutputsEvent?.metadata.type.startsWith("pulumi:providers:");
        if (!carriesConfig) printed.push(JSON.stringify(e));
      },
      onOutput: (s) => printed.push(s),
    });
    expect(up.summary.result).toBe("succeeded");
    const secrets = secretsIn((await t.stack.exportStack()).deployment);
    expect(secrets.length).toBeGreaterThan(5); // connections, keys, passwords, … (fewer once optional ones go)
    const leaks = secrets.filter((s) => printed.some((p) => p.includes(s)));
    expect(leaks.map((s) => `a secret of ${s.length} characters`)).toEqual([]);
    const { result } = await preview();
    expect(result.changeSummary).toEqual({ same: all.length + 1 }); // + the stack itself
  };

  beforeAll(async () => {
    t = await emulatedStack(join(__dirname, "programs", "table"), "table", {
      "e2e:resources": { value: "[]" },
    });
    appId = t.emu.credentials.app?.appId ?? "";
    all = cases(appId);
  });
  afterAll(async () => t?.dispose());

  it("covers every kind and every argument of the registry (the README's table), and nothing else", () => {
    const table = resourceRows();
    expect(table.map((r) => r.kind).sort()).toEqual(Object.keys(kinds).sort());
    const missing: string[] = [];
    for (const row of table) {
      const kind = row.kind as KindName;
      const mine = all.filter((c) => c.kind === kind);
      const used = new Set(
        mine.flatMap((c) =>
          (["set", "change", "remove", "replace"] as const).flatMap((s) => Object.keys(argsAt(c, s))),
        ),
      );
      for (const arg of used)
        if (!row.inPlace.includes(arg) && !row.replace.includes(arg))
          missing.push(`${kind}.${arg}: not an argument of the kind`);
      for (const arg of [...row.inPlace, ...row.replace]) {
        if (!mine.some((c) => arg in c.set)) missing.push(`${kind}.${arg}: never set`);
        const changed = row.inPlace.includes(arg)
          ? mine.some((c) => arg in c.set && arg in c.change && differs(c.set[arg], c.change[arg]))
          : mine.some((c) => differs(c.remove[arg], argsAt(c, "replace")[arg]));
        if (!changed) missing.push(`${kind}.${arg}: never changed`);
        if (optional(kind, arg) && !mine.some((c) => arg in c.set && !(arg in c.remove)))
          missing.push(`${kind}.${arg}: never removed`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("sets every argument: up, then a preview without changes", async () => {
    await upThenNoChanges("set");
  });

  it("changes every argument: up, then a preview without changes", async () => {
    await upThenNoChanges("change");
  });

  it("removes every optional argument: up, then a preview without changes", async () => {
    await upThenNoChanges("remove");
  });

  it("previews a replacement for every replace-forcing argument, naming it", async () => {
    await declare("replace");
    const { steps } = await preview();
    const wrong: string[] = [];
    for (const c of all) {
      const forced = (kinds[c.kind].replaceOn as readonly string[]).filter((k) =>
        differs(c.remove[k], argsAt(c, "replace")[k]),
      );
      const s = steps.get(c.name);
      for (const k of forced)
        if (!s?.keys.includes(k)) wrong.push(`${c.name}: ${k} not reported (${JSON.stringify(s)})`);
      if (forced.length && !s?.ops.includes("replace")) wrong.push(`${c.name}: not replaced`);
    }
    expect(wrong).toEqual([]);
    await declare("remove");
  });

  it("moves with chat:appId: the preview replaces, refresh keeps, destroy acts on the recorded app", async () => {
    const mgmt = t.emu.mgmt;
    const other = (await mgmt.call("createApp", { body: { name: "elsewhere", region: "us" } })).data;
    const otherKey = Object.values(other.apiKeys ?? {}).find((k) => k.scope === "fullAccess")?.apiKey ?? "";
    await t.stack.setAllConfig({
      "chat:appId": { value: other.id },
      "chat:region": { value: "us" },
      "chat:apiKey": { value: otherKey, secret: true },
    });
    const { steps } = await preview();
    for (const c of all) {
      const s = steps.get(c.name);
      const expected =
        kinds[c.kind].api === "chat" ? "connection" : "appId" in c.remove ? undefined : "appId";
      if (c.kind === "App")
        expect({ name: c.name, ops: s?.ops ?? [] }).toEqual({ name: c.name, ops: ["same"] });
      else
        expect({ name: c.name, keys: s?.keys.includes(expected ?? "") }).toEqual({
          name: c.name,
          keys: true,
        });
    }

    const refresh = await t.stack.refresh();
    expect(refresh.summary.resourceChanges?.delete).toBeUndefined(); // nothing dropped (no 404 in the new app)

    // Credentials are in state only as secrets: the recorded connections are encrypted.
    const state = readFileSync(join(t.backendDir, ".pulumi", "stacks", "table-e2e", "table.json"), "utf8");
    for (const secret of [t.emu.credentials.app?.apiKey, otherKey, t.emu.credentials.managementSecret])
      expect(state.includes(secret ?? "")).toBe(false);

    const destroyed = await t.stack.destroy();
    expect(destroyed.summary.result).toBe("succeeded");
    const dump = t.emu.admin.dump() as Dump;
    const first = dump.apps[appId];
    expect(Object.values(first?.users ?? {}).filter((u) => u.deactivatedAt === undefined)).toEqual([]);
    expect(Object.keys(first?.groups ?? {})).toEqual([]);
    expect(Object.keys(first?.roles ?? {})).toEqual(["default"]);
    expect(Object.keys(first?.webhooks ?? {})).toEqual([]);
    expect(Object.keys(dump.apps[other.id]?.users ?? {})).toEqual([]);
  });
});
