// chat-export --compare (promotion, decision 0130) against two emulated apps: production's file is its own
// export, staging differs from it; the command prints the plan (secrets as [secret]), reads staging only,
// and --write adds exactly the missing entries to production's file, which the schema then accepts.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { resetBudgets } from "../../provider/client";
import { parseEnvironment } from "../../provider/environment/load";
import { type Emulated, emulatorEnv, FAST, startEmulated } from "../support/emulator";
import { list } from "../support/json";

/** Runs the command from source with a clean CHAT_* environment; resolves with its exit code too. */
async function run(args: string[], env: Record<string, string> = {}) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("CHAT_")));
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ["-r", "ts-node/register/transpile-only", "provider/environment/export/cli.ts", ...args],
      { env: { ...clean, ...env } },
    );
    return { code: 0, stdout, stderr };
  } catch (e) {
    const f = e as { code: number; stdout: string; stderr: string };
    return { code: f.code, stdout: f.stdout, stderr: f.stderr };
  }
}

const DESK_PASSWORD = "DeskPass123";

describe("chat-export --compare (two emulated apps)", () => {
  let staging: Emulated;
  let production: Emulated;
  let dir: string;
  const file = () => join(dir, "chat-environment.yaml");

  beforeAll(async () => {
    [staging, production] = await Promise.all([
      startEmulated({ clientOptions: FAST }),
      startEmulated({ clientOptions: FAST }),
    ]);
    // Both apps: a role (named differently) and a user; staging also a user and a password group.
    for (const [emu, name] of [
      [staging, "Support agents"],
      [production, "Support"],
    ] as const) {
      await emu.chat.call("createRole", { body: { role: "support", name } });
      await emu.chat.call("createUser", { body: { uid: "alice", name: "Alice", role: "support" } });
    }
    await staging.chat.call("createUser", { body: { uid: "zed", name: "Zed", tags: ["b", "a"] } });
    await staging.chat.call("createGroup", {
      body: { guid: "desk", name: "Desk", type: "password", password: DESK_PASSWORD },
    });
    await production.chat.call("createUser", { body: { uid: "carol", name: "Carol" } });
    // Production's project: its file is its app's export, with a comment of the team's.
    dir = mkdtempSync(join(tmpdir(), "chat-compare-"));
    writeFileSync(join(dir, "Pulumi.yaml"), "name: shop\nruntime: nodejs\n");
    writeFileSync(join(dir, "Pulumi.production.yaml"), "config:\n  chat:appId: prod\n");
    const exported = await run(["-q", "--no-webhooks"], emulatorEnv(production));
    expect(exported.code).toBe(0);
    writeFileSync(file(), `# Production: reviewed by the ops team.\n${exported.stdout}`);
  });

  afterAll(async () => {
    resetBudgets();
    rmSync(dir ?? "", { recursive: true, force: true });
    await Promise.all([staging?.close(), production?.close()]);
  });

  const compare = (...extra: string[]) =>
    run(["--compare", "production", "--project", dir, "--no-webhooks", "-q", ...extra], emulatorEnv(staging));

  it("prints the plan kind by kind, field by field, reading staging only and writing nothing", async () => {
    staging.admin.clearRequests();
    production.admin.clearRequests();
    const before = readFileSync(file(), "utf8");
    const r = await compare();
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      `Promotion plan: app ${staging.appId} (${staging.app.region}) -> stack production`,
    );
    expect(r.stdout).toMatch(
      /\nusers:\n {2}\+ zed\n {6}uid: "zed"\n {6}name: "Zed"\n {6}tags: \["a","b"\]\n/,
    );
    expect(r.stdout).toContain("  = carol (only the stack declares it; left as it is)");
    expect(r.stdout).toMatch(/\ngroups:\n {2}\+ desk\n(.*\n)* {6}password: \[secret\]\n/);
    expect(r.stdout).toContain('\nroles:\n  ~ support\n      name: "Support" -> "Support agents"\n');
    expect(r.stdout).toContain("2 to add (--write adds them), 1 held differently");
    expect(r.stdout).not.toContain(DESK_PASSWORD);
    expect(new Set(staging.admin.requests().map((q) => q.method))).toEqual(new Set(["GET"]));
    expect(production.admin.requests()).toEqual([]);
    expect(readFileSync(file(), "utf8")).toBe(before);
  });

  it("--write adds the missing entries (comments and order kept, the secret as a reference) and names the config to set", async () => {
    const before = readFileSync(file(), "utf8");
    const r = await compare("--write");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("2 added to the file, 1 held differently");
    expect(r.stderr).toContain(
      "in stack production, set each before `pulumi up`:\n  pulumi config set --secret groupPassword-desk --stack production\n",
    );
    const after = readFileSync(file(), "utf8");
    // The file as it was, then the additions: nothing of it rewritten but the sections added to.
    expect(after.startsWith("# Production: reviewed by the ops team.\n")).toBe(true);
    expect(after).not.toContain(DESK_PASSWORD);
    expect(after).toContain("password:\n      secret: groupPassword-desk");
    const env = parseEnvironment(after, file());
    expect(list(env, "users").map((u) => u.uid)).toEqual(["alice", "carol", "zed"]);
    expect(list(env, "groups").map((g) => g.guid)).toEqual(["desk"]);
    // Held differently: the stack's value stays.
    expect(list(env, "roles").find((x) => x.role === "support")?.name).toBe("Support");
    // Every line of the file is kept but the empty section the group went into.
    const lost = before.split("\n").filter((l) => l !== "" && !after.includes(l));
    expect(lost).toEqual(["groups: []"]);
    // Compared again: nothing left to add.
    const again = await compare();
    expect(again.stdout).toContain("0 to add (--write adds them), 1 held differently");
    // Written again with nothing to add: the file is left as it is, and the command says so.
    const unchanged = readFileSync(file(), "utf8");
    const rewrite = await run(
      ["--compare", "production", "--project", dir, "--no-webhooks", "--write"],
      emulatorEnv(staging),
    );
    expect(`${rewrite.stdout}${rewrite.stderr}`).toMatch(/nothing to add: .* left as it was/);
    expect(`${rewrite.stdout}${rewrite.stderr}`).not.toMatch(/\bwrote\b/);
    expect(readFileSync(file(), "utf8")).toBe(unchanged);
  });

  it("an unknown stack and an unreachable app are each one line naming what to check (a missing file: unit test)", async () => {
    const unknown = await run(["--compare", "prod", "--project", dir], emulatorEnv(staging));
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe(
      `chat-export: unknown stack "prod": no ${join(dir, "Pulumi.prod.yaml")} in the project; check the stack's name (pulumi stack ls) and --project <dir>\n`,
    );
    const down = await run(["--compare", "production", "--project", dir, "--no-webhooks", "-q"], {
      ...emulatorEnv(staging),
      CHAT_ENDPOINT: "http://127.0.0.1:1/v3",
    });
    expect(down.code).toBe(1);
    expect(down.stderr).toMatch(
      new RegExp(
        `^chat-export: cannot read the app to compare \\(${staging.appId}\\): ECONNREFUSED: nothing answers at the service's address \\(connection refused\\): check the endpoint setting, and that the service \\(or chat-emulator\\) is running there \\[GET /users, listUsers\\]\\n$`,
      ),
    );
    // Two runs of the command from source, one of them through the client's retries.
  }, 180_000);
});
