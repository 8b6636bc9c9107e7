// A seed's destroy on the real engine (decision 0124): it deletes the seeded groups and users, whose members
// and messages go with them, and removes one by one only the rows whose user and group the seed does not
// hold. Killed half way (every user's delete held, the emulator's faults on) at the one point where the engine
// has nothing left to write: the checkpoint is whole and holds the users' buckets as pending deletes; then
// chat-recover and one more destroy: nothing of the seed is left, and the user, group and message made
// outside the stack stay.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { ChatClient } from "../../provider/client";
import type { EmulatorClock } from "../../provider/emulator/clock";
import { until } from "../support/clock";
import { type EmulatedStack, emulatedStack } from "./support/emulated";
import { repoRoot } from "./support/stack";

const PROGRAM = join(__dirname, "programs", "seed-environment");
// The system's time, its timers not holding the test process: a request the faults hold for ten minutes
// is left behind by the kill, and must not keep jest from exiting.
const UNHELD_CLOCK: EmulatorClock = {
  now: () => Date.now(),
  later(ms, fn) {
    const timer = setTimeout(fn, Math.max(0, ms));
    timer.unref();
    return () => clearTimeout(timer);
  },
};
const STACK = "seed-destroy";

/** Every message of the app by cursor. */
async function allMessages(chat: ChatClient): Promise<{ id: unknown; muid?: string }[]> {
  const out: { id: unknown; muid?: string }[] = [];
  let id = "0";
  for (;;) {
    const r = await chat.call("listMessages", { query: { limit: 1000, id, affix: "append" } });
    out.push(...(r.data as { id: unknown; muid?: string }[]));
    const next = (r.meta as { next?: { id?: unknown } }).next?.id;
    if (next === undefined || r.data.length === 0) return out;
    id = String(next);
  }
}

type ExportedState = {
  deployment: {
    resources?: { type: string; id?: string }[];
    pending_operations?: { type: string; resource: { type: string; id?: string } }[];
  };
};
/** The stack's state as `pulumi stack export` gives it (undefined while it cannot be read). */
async function exportedState(env: NodeJS.ProcessEnv): Promise<ExportedState | undefined> {
  try {
    const { stdout } = await promisify(execFile)("pulumi", ["stack", "export", "--stack", STACK], {
      cwd: PROGRAM,
      env,
    });
    return JSON.parse(stdout) as ExportedState;
  } catch {
    return undefined;
  }
}
const pendingDeletes = (state: ExportedState | undefined) =>
  (state?.deployment.pending_operations ?? []).filter(
    (p) => p.type === "deleting" && p.resource.type.includes("SeedData"),
  ).length;
/** A users bucket's id (`<file>#users:<bucket>/<buckets>`, provider/kinds/seed-data.ts). */
const isUsersBucket = (id: string | undefined) => /#users:\d+\/\d+$/.test(id ?? "");
/**
 * Whether the engine has nothing left to write: every SeedData still in state is a users bucket whose delete
 * is pending (held by the faults: it can only end when the engine's client gives up), the others gone.
 */
function onlyHeldLeft(state: ExportedState | undefined): boolean {
  const seed = (state?.deployment.resources ?? []).filter((r) => r.type.includes("SeedData"));
  const pending = (state?.deployment.pending_operations ?? []).filter(
    (p) => p.type === "deleting" && p.resource.type.includes("SeedData"),
  );
  return (
    pending.length === BUCKETS &&
    pending.every((p) => isUsersBucket(p.resource.id)) &&
    seed.length === BUCKETS &&
    seed.every((r) => isUsersBucket(r.id))
  );
}
/** The seed's buckets per entity (the file's `buckets`). */
const BUCKETS = 2;

describe("a seed destroy killed half way", () => {
  let t: EmulatedStack;
  let dir: string;
  const USERS = 40;
  const GROUPS = 4;
  const uid = (i: number) => `sdd-u${i}`;
  const guid = (g: number) => `sdd-g${g}`;
  // Made outside the stack: another team's user and group, named by seed rows, and a message of their own.
  const KEEP_U = "sdd-keep-u";
  const KEEP_G = "sdd-keep-g";
  let kept: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "seed-destroy-e2e-"));
    mkdirSync(join(dir, "seed"));
    const file = (name: string, text: string) => writeFileSync(join(dir, "seed", name), text);
    file(
      "users.csv",
      `uid,name\n${Array.from({ length: USERS }, (_, i) => `${uid(i)},P ${i}`).join("\n")}\n`,
    );
    file(
      "groups.ndjson",
      `${Array.from({ length: GROUPS }, (_, g) =>
        JSON.stringify({ guid: guid(g), name: `G ${g}`, type: "public", owner: uid(g) }),
      ).join("\n")}\n`,
    );
    // Each group's owner and four more; and the outside user in the outside group (a row alone).
    const members = [`${KEEP_G},${KEEP_U}`];
    for (let g = 0; g < GROUPS; g++)
      for (let k = 1; k <= 4; k++) members.push(`${guid(g)},${uid(g + k * GROUPS)}`);
    file("members.csv", `guid,uid\n${members.join("\n")}\n`);
    const messages = Array.from({ length: 40 }, (_, i) => ({
      muid: `sdd-m${i}`,
      sender: uid((i % GROUPS) + (1 + (i % 4)) * GROUPS),
      receiverType: "group",
      receiver: guid(i % GROUPS),
      data: { text: `m ${i}` },
      sentAt: 1_700_000_000 + i,
    }));
    messages.push(
      // Alone: neither its sender nor its group is the seed's.
      {
        muid: "sdd-alone",
        sender: KEEP_U,
        receiverType: "group",
        receiver: KEEP_G,
        data: { text: "alone" },
        sentAt: 1_700_000_100,
      },
      // To a seeded user: it goes with that user.
      {
        muid: "sdd-to-seed",
        sender: KEEP_U,
        receiverType: "user",
        receiver: uid(0),
        data: { text: "hi" },
        sentAt: 1_700_000_101,
      },
    );
    file("messages.ndjson", `${messages.map((m) => JSON.stringify(m)).join("\n")}\n`);
    writeFileSync(
      join(dir, "chat-environment.yaml"),
      `app: { existing: true }\nseed:\n  users: seed/users.csv\n  groups: seed/groups.ndjson\n  members: seed/members.csv\n  messages: seed/messages.ndjson\n  buckets: ${BUCKETS}\n`,
    );
    t = await emulatedStack(
      PROGRAM,
      STACK,
      { "e2e:file": { value: join(dir, "chat-environment.yaml") } },
      { clock: UNHELD_CLOCK },
    );
    const chat = t.emu.chat;
    await chat.call("createUser", { body: { uid: KEEP_U, name: "Outside" } });
    await chat.call("createGroup", { body: { guid: KEEP_G, name: "Outside", type: "public" } });
    await chat.call("addMembers", { params: { guid: KEEP_G }, body: { participants: [KEEP_U] } });
    const own = await chat.call("sendMessage", {
      body: { receiver: KEEP_G, receiverType: "group", data: { text: "not the seed's" } },
      onBehalfOf: KEEP_U,
    });
    kept = String(own.data.id);
  });
  afterAll(async () => {
    await t?.dispose();
    rmSync(dir ?? "", { recursive: true, force: true });
  });

  it("after chat-recover and one more destroy, leaves nothing of the seed and removes nothing else", async () => {
    const up = await t.stack.up();
    expect(up.summary.result).toBe("succeeded");
    const chat = t.emu.chat;
    const seedMessages = async () => (await allMessages(chat)).filter((m) => m.muid?.startsWith("sdd-"));
    expect(await seedMessages()).toHaveLength(42);

    const env: NodeJS.ProcessEnv = { ...process.env, ...t.stack.workspace.envVars };
    t.emu.admin.clearRequests();
    // Faults on: a group's delete applied with its answer lost (the client asks again and finds it gone),
    // and every user's delete held, so the run stops inside the users' buckets, where the kill lands.
    t.emu.admin.setFaults([
      { kind: "dropAfterApply", method: "DELETE", path: "/v3/groups/*", times: 1 },
      { kind: "latency", method: "DELETE", path: "/v3/users/*", latencyMs: 600_000 },
    ]);
    const child: ChildProcess = spawn(
      "pulumi",
      ["destroy", "--yes", "--skip-preview", "--non-interactive", "--stack", STACK],
      { cwd: PROGRAM, env, detached: true, stdio: "ignore" },
    );
    let done = false;
    const exited = new Promise<void>((resolve) =>
      child.on("exit", () => {
        done = true;
        resolve();
      }),
    );
    // Every wait is for an event; its limit only guards against a hang.
    await until(
      async () => done || onlyHeldLeft(await exportedState(env)),
      "the users' buckets pending delete, every other bucket gone",
      5 * 60_000,
    );
    expect(done).toBe(false);
    process.kill(-(child.pid ?? 0), "SIGKILL");
    await exited;
    t.emu.admin.clearFaults();
    // Killed where nothing was being written: the checkpoint is whole, with the users' buckets pending delete.
    const killed = await exportedState(env);
    expect(pendingDeletes(killed)).toBe(BUCKETS);
    expect(onlyHeldLeft(killed)).toBe(true);
    // Half way: the groups went with their members and messages; seeded users are still there.
    const users = async () =>
      (await chat.listAll("listUsers", { query: { perPage: 1000, searchKey: "sdd-" } })).map((u) => u.uid);
    expect((await users()).filter((u) => u !== KEEP_U).length).toBeGreaterThan(0);

    const rec = await promisify(execFile)(
      process.execPath,
      [join(repoRoot, "dist", "provider", "recover", "cli.js"), "--stack", STACK],
      { cwd: PROGRAM, env },
    );
    const said = `${rec.stdout}${rec.stderr}`.split("\n").filter((l) => l.startsWith("chat-recover:"));
    expect(said.join("\n")).toMatch(/recovered/);
    expect(said.join("\n")).not.toMatch(/cut short by the kill/);

    const destroy = await t.stack.destroy();
    expect(destroy.summary.result).toBe("succeeded");
    expect(await users()).toEqual([KEEP_U]);
    const groups = (await chat.listAll("listGroups", { query: { perPage: 1000, searchKey: "sdd-" } })).map(
      (g) => g.guid,
    );
    expect(groups).toEqual([KEEP_G]);
    // No message of the seed; the one made outside the stack stays.
    expect(await seedMessages()).toEqual([]);
    expect((await allMessages(chat)).map((m) => String(m.id))).toContain(kept);
    // The seed's row alone was removed: the outside user is no longer in the outside group.
    expect(await chat.listAll("listMembers", { params: { guid: KEEP_G } })).toEqual([]);
    // Only the message alone was deleted on its own; the others went with their group or user.
    const messageDeletes = t.emu.admin
      .requests()
      .filter((r) => r.method === "DELETE" && r.path.startsWith("/v3/messages/"));
    expect(messageDeletes).toHaveLength(1);
    expect((await exportedState(env))?.deployment.resources ?? []).toEqual([]);
  });
});
