// The environment file's seed: section on the real engine (decision 0108, "Environment file and export"):
// - an app exported with `chat-export --seed`, its users, groups, members and messages as seed files, is
//   taken over by the first up without a row written twice or changed, and a preview after shows no change;
// - `pulumi up` SIGKILLed while a SeedData bucket is being imported (its create pending), then chat-recover
//   and one more up: every row exactly once at the service, and a clean preview after.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { ChatClient } from "../../provider/client";
import { until } from "../support/clock";
import { emulatorEnv } from "../support/emulator";
import { type EmulatedStack, emulatedStack } from "./support/emulated";
import { repoRoot } from "./support/stack";

const PROGRAM = join(__dirname, "programs", "seed-environment");
const IMPORT_ROUTES = /^\/v3\/data_import\//;

/** Every message of the app by cursor (the seed's own and the service's). */
async function allMessages(chat: ChatClient): Promise<{ muid?: string; sentAt: number }[]> {
  const out: { muid?: string; sentAt: number }[] = [];
  let id = "0";
  for (;;) {
    const r = await chat.call("listMessages", { query: { limit: 1000, id, affix: "append" } });
    out.push(...(r.data as { muid?: string; sentAt: number }[]));
    const next = (r.meta as { next?: { id?: unknown } }).next?.id;
    if (next === undefined || r.data.length === 0) return out;
    id = String(next);
  }
}

describe("an exported app with seed files", () => {
  let t: EmulatedStack;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "seed-export-e2e-"));
    t = await emulatedStack(PROGRAM, "seed-export");
    const chat = t.emu.chatClient({ budget: { requestsPerMinute: 100_000, concurrency: 10 } });
    const users = Array.from({ length: 60 }, (_, i) => `sx-${String(i).padStart(2, "0")}`);
    await chat.call("importUsers", {
      body: {
        users: Object.fromEntries(
          users.slice(0, 50).map((uid, i) => [
            uid,
            {
              uid,
              name: `Seeded ${uid}`,
              createdAt: 1_600_000_000 + i,
              ...(i % 5 ? {} : { tags: ["five"] }),
            },
          ]),
        ),
      },
    });
    await chat.call("importUsers", {
      body: {
        users: Object.fromEntries(users.slice(50).map((uid) => [uid, { uid, name: `Seeded ${uid}` }])),
      },
    });
    await chat.call("importGroups", {
      body: {
        groups: {
          lounge: {
            guid: "lounge",
            name: "Lounge",
            type: "public",
            owner: "sx-00",
            createdAt: 1_600_000_000,
          },
        },
      },
    });
    await chat.call("importMembers", {
      body: {
        members: Object.fromEntries(
          users.slice(1, 21).map((uid, i) => [
            `lounge_member_${uid}`,
            {
              memberId: `lounge_member_${uid}`,
              guid: "lounge",
              uid,
              scope: i < 2 ? ("moderator" as const) : ("participant" as const),
              // Half joined in the past (a history the export must carry), half at the import.
              ...(i % 2 ? {} : { joinedAt: 1_620_000_000 + i }),
            },
          ]),
        ),
      },
    });
    await chat.call("importMessages", {
      body: {
        messages: Object.fromEntries(
          Array.from({ length: 30 }, (_, i) => [
            `sx-m${i}`,
            {
              muid: `sx-m${i}`,
              sender: users[i % 20] as string,
              receiverType: "group" as const,
              receiver: "lounge",
              data: { text: `message ${i}` },
              sentAt: 1_650_000_000 + i * 60,
            },
          ]),
        ),
      },
    });
  });
  afterAll(async () => {
    // The emulator is thrown away: the stack is dropped without a destroy (the buckets are protected).
    try {
      await t?.stack.workspace.removeStack("seed-export", { force: true });
    } finally {
      rmSync(dir ?? "", { recursive: true, force: true });
      await t?.emu.close();
      rmSync(t?.backendDir ?? "", { recursive: true, force: true });
    }
  });

  it("is taken over by the first up without a change at the service, then previews clean", async () => {
    const file = join(dir, "env", "chat-environment.yaml");
    mkdirSync(join(dir, "env"));
    // The app's chat API only (no management credentials: no webhooks, extensions or app settings).
    const { CHAT_APP_ID, CHAT_REGION, CHAT_API_KEY, CHAT_ENDPOINT } = emulatorEnv(t.emu);
    const env = {
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("CHAT_"))),
      ...{ CHAT_APP_ID, CHAT_REGION, CHAT_API_KEY, CHAT_ENDPOINT },
    };
    await promisify(execFile)(
      process.execPath,
      [
        join(repoRoot, "dist/provider/environment/export/cli.js"),
        "--out",
        file,
        "--seed",
        join(dir, "seed"),
        "--messages-since",
        "1650000000",
      ],
      { env },
    );
    const text = readFileSync(file, "utf8");
    expect(text).toMatch(
      /seed:\n\s+users: \.\.\/seed\/users\.ndjson\n\s+groups: \.\.\/seed\/groups\.ndjson\n\s+members: \.\.\/seed\/members\.csv\n\s+messages: \.\.\/seed\/messages\.ndjson/,
    );
    expect(
      readFileSync(join(dir, "seed", "messages.ndjson"), "utf8")
        .split("\n")
        .filter(Boolean),
    ).toHaveLength(30);
    // The service's times are in the files: createdAt of users and groups, joinedAt of members.
    const rows = (name: string) =>
      readFileSync(join(dir, "seed", name), "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { uid?: string; guid?: string; createdAt?: number });
    expect(rows("users.ndjson").find((u) => u.uid === "sx-07")?.createdAt).toBe(1_600_000_007);
    expect(rows("users.ndjson").every((u) => typeof u.createdAt === "number")).toBe(true);
    expect(rows("groups.ndjson")).toEqual([
      expect.objectContaining({ guid: "lounge", createdAt: 1_600_000_000 }),
    ]);
    const members = readFileSync(join(dir, "seed", "members.csv"), "utf8")
      .split("\n")
      .filter(Boolean);
    expect(members[0]).toBe("guid,uid,scope,joinedAt");
    expect(members).toContain("lounge,sx-01,moderator,1620000000");
    expect(members.slice(1).every((l) => /,\d+$/.test(l))).toBe(true);
    await t.stack.setConfig("e2e:file", { value: file });
    t.emu.admin.clearRequests();
    const up = await t.stack.up();
    expect(up.summary.result).toBe("succeeded");
    // Only imports were sent (each key answered "already there"), and nothing else was written.
    const writes = t.emu.admin.requests().filter((r) => r.method !== "GET");
    expect(writes.filter((r) => !IMPORT_ROUTES.test(r.path))).toEqual([]);
    expect(writes.length).toBeGreaterThan(0);
    const messages = await allMessages(t.emu.chat);
    expect(messages.filter((m) => m.muid?.startsWith("sx-m"))).toHaveLength(30);
    const users = await t.emu.chat.listAll("listUsers", { query: { perPage: 1000, searchKey: "sx-" } });
    expect(users).toHaveLength(60);
    const preview = await t.stack.preview();
    expect(Object.keys(preview.changeSummary)).toEqual(["same"]);
    // The times read back as the files hold them: a refresh changes nothing, and nothing is planned after.
    const refresh = await t.stack.refresh();
    expect(Object.keys(refresh.summary.resourceChanges ?? {})).toEqual(["same"]);
    expect(Object.keys((await t.stack.preview()).changeSummary)).toEqual(["same"]);
  });
});

/** The stack's state as `pulumi stack export` gives it (undefined while it cannot be read). */
async function exportedState(env: NodeJS.ProcessEnv): Promise<ExportedState | undefined> {
  try {
    const { stdout } = await promisify(execFile)("pulumi", ["stack", "export", "--stack", "seed-kill"], {
      cwd: PROGRAM,
      env,
    });
    return JSON.parse(stdout) as ExportedState;
  } catch {
    return undefined;
  }
}
type ExportedState = {
  deployment: { pending_operations?: { type: string; resource: { type: string } }[] };
};
/** SeedData creates the state holds as begun and not finished. */
const pendingSeeds = (state: ExportedState | undefined) =>
  (state?.deployment.pending_operations ?? []).filter(
    (p) => p.type === "creating" && p.resource.type.includes("SeedData"),
  ).length;

describe("a seed run killed with a bucket pending", () => {
  let t: EmulatedStack;
  let dir: string;
  const USERS = 150;
  const MESSAGES = 150;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "seed-kill-e2e-"));
    mkdirSync(join(dir, "seed"));
    const uid = (i: number) => `sk-${String(i).padStart(3, "0")}`;
    writeFileSync(
      join(dir, "seed", "users.csv"),
      `uid,name\n${Array.from({ length: USERS }, (_, i) => `${uid(i)},Person ${i}`).join("\n")}\n`,
    );
    writeFileSync(
      join(dir, "seed", "messages.ndjson"),
      `${Array.from({ length: MESSAGES }, (_, i) =>
        JSON.stringify({
          muid: `sk-m${i}`,
          sender: uid(i % USERS),
          receiverType: "user",
          receiver: uid((i + 1) % USERS),
          data: { text: `hello ${i}` },
          sentAt: 1_700_000_000 + i,
        }),
      ).join("\n")}\n`,
    );
    writeFileSync(
      join(dir, "chat-environment.yaml"),
      "app: { existing: true }\nseed:\n  users: seed/users.csv\n  messages: seed/messages.ndjson\n  buckets: 2\n",
    );
    t = await emulatedStack(PROGRAM, "seed-kill", {
      "e2e:file": { value: join(dir, "chat-environment.yaml") },
    });
  });
  afterAll(async () => {
    await t?.dispose();
    rmSync(dir ?? "", { recursive: true, force: true });
  });

  it("after chat-recover and one more up, holds every row exactly once and previews clean", async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...t.stack.workspace.envVars,
      // Five imports a minute: the run stops in the middle of the messages' buckets, where the kill lands.
      CHAT_IMPORT_REQUESTS_PER_MINUTE: "5",
    };
    const imports = () => t.emu.admin.requests().filter((r) => IMPORT_ROUTES.test(r.path)).length;
    t.emu.admin.clearRequests();
    const child: ChildProcess = spawn(
      "pulumi",
      ["up", "--yes", "--skip-preview", "--non-interactive", "--stack", "seed-kill"],
      { cwd: PROGRAM, env, detached: true, stdio: "ignore" },
    );
    let done = false;
    const exited = new Promise<void>((resolve) =>
      child.on("exit", () => {
        done = true;
        resolve();
      }),
    );
    // Users take four imports (two buckets of 75), the messages' first one the fifth; the sixth waits a
    // minute. Every wait below is for an event; its limit is only a guard against a hang.
    await until(() => done || imports() >= 5, "the fifth import", 5 * 60_000);
    expect(done).toBe(false);
    // However slow the machine, no later import is applied: should the minute pass before the kill, the
    // service refuses them (503, before anything is done).
    t.emu.admin.setFaults([{ kind: "error", method: "POST", path: "/v3/data_import/*", status: 503 }]);
    // The kill lands once the engine has recorded a bucket's create as pending.
    await until(
      async () => pendingSeeds(await exportedState(env)) > 0,
      "a pending SeedData create",
      5 * 60_000,
    );
    process.kill(-(child.pid ?? 0), "SIGKILL");
    await exited;
    t.emu.admin.clearFaults();

    expect(pendingSeeds(await exportedState(env))).toBeGreaterThan(0);

    // The kill landed inside the messages: some imported, not all.
    const atKill = (await allMessages(t.emu.chat)).filter((m) => m.muid?.startsWith("sk-m")).length;
    expect(atKill).toBeGreaterThan(0);
    expect(atKill).toBeLessThan(MESSAGES);

    const rec = await promisify(execFile)(
      process.execPath,
      [join(repoRoot, "dist", "provider", "recover", "cli.js"), "--stack", "seed-kill"],
      { cwd: PROGRAM, env: { ...process.env, ...t.stack.workspace.envVars } },
    );
    const said = `${rec.stdout}${rec.stderr}`.split("\n").filter((l) => l.startsWith("chat-recover:"));
    expect(said.at(-1)).toMatch(/recovered/);
    // A bucket is no one object at the service: its pending create is dropped, and the next up makes it.
    const buckets = said.filter((l) => /pending .*SeedData/.test(l));
    expect(buckets.length).toBeGreaterThan(0);
    for (const l of buckets) expect(l).toMatch(/: nothing made$/);

    const up = await t.stack.up();
    expect(up.summary.result).toBe("succeeded");
    const users = await t.emu.chat.listAll("listUsers", { query: { perPage: 1000, searchKey: "sk-" } });
    expect(users).toHaveLength(USERS);
    const seeded = (await allMessages(t.emu.chat)).filter((m) => m.muid?.startsWith("sk-m"));
    expect(seeded).toHaveLength(MESSAGES);
    expect(new Set(seeded.map((m) => m.muid)).size).toBe(MESSAGES);
    const preview = await t.stack.preview();
    expect(Object.keys(preview.changeSummary)).toEqual(["same"]);
  });
});
