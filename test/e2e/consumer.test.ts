// The package as users get it: packed, installed from the tarball into a project outside the repository,
// and used there by a TypeScript program (under Pulumi's own TypeScript handling: no tsconfig, no
// typescript of the project's), a JavaScript program, and the README's chat-export → pulumi up steps with the
// Environment component, the last on the lowest Node version `engines` claims. The README's TypeScript
// snippets are typechecked against the installed package (decision 0074).
import { execFile, spawn } from "node:child_process";
import {
  appendFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join, relative } from "node:path";
import { promisify } from "node:util";
import type { RunningEmulator } from "../../provider/emulator";
import { ENVIRONMENT_TYPE } from "../../provider/environment/component";
import { kinds } from "../../provider/kinds";
import { type Emulated, emulatorConfig, emulatorEnv, startEmulated } from "../support/emulator";
import { cliProject } from "./support/cli-project";
import { consumerProject, nodeBin, nodeFloor, pack, writeProject } from "./support/consumer";
import { tsBlocks } from "./support/snippets";
import { localStack, repoRoot, type TestStack } from "./support/stack";

const run = promisify(execFile);

interface AppDump {
  state?: string;
  users: Record<string, { deactivatedAt?: number }>;
  roles: Record<string, unknown>;
  groups: Record<string, unknown>;
  apiKeys: Record<string, { name: string }>;
}
const appOf = (emu: RunningEmulator, appId: string) =>
  (emu.admin.dump() as { apps: Record<string, AppDump> }).apps[appId] as AppDump;
const writes = (emu: RunningEmulator) =>
  emu.admin
    .requests()
    .filter((r) => r.method !== "GET")
    .map((r) => `${r.method} ${r.path}`);

describe("the package installed from its tarball into a project outside the repository", () => {
  let work: string;
  let files: string[];
  let project: string;
  const emulators: Emulated[] = [];
  const stacks: TestStack[] = [];

  async function emulator(): Promise<Emulated> {
    const emu = await startEmulated();
    emulators.push(emu);
    return emu;
  }
  /** A stack of the program in `dir`, configured for `emu`'s bootstrap app, its processes on `path`. */
  async function stackOf(dir: string, name: string, emu: RunningEmulator, env: Record<string, string> = {}) {
    const t = await localStack(dir, name, env);
    stacks.push(t);
    await t.stack.setAllConfig(emulatorConfig(emu));
    return t;
  }

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), "pulumi-chat-pack-"));
    const packed = await pack(work);
    files = packed.files;
    project = await consumerProject(packed.tarball);
  });

  afterAll(async () => {
    // The emulators are thrown away, so stacks are removed without a destroy.
    for (const t of stacks) {
      await t.stack.workspace.removeStack(t.stack.name, { force: true }).catch(() => undefined);
      rmSync(t.backendDir, { recursive: true, force: true });
    }
    for (const emu of emulators) await emu.close();
    for (const dir of [work, project]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("ships compiled code with types, README, LICENSE, CHANGELOG and nothing else", () => {
    expect(relative(repoRoot, project).startsWith("..")).toBe(true);
    for (const f of ["README.md", "LICENSE", "CHANGELOG.md", "package.json", "dist/sdk/nodejs/index.d.ts"])
      expect(files).toContain(f);
    expect(files).toContain("dist/provider/environment/component.js");
    // Every command the package declares is in it.
    const bins = Object.values((require("../../package.json") as { bin: Record<string, string> }).bin);
    expect(bins.filter((b) => !files.includes(b))).toEqual([]);
    // Sources stay out; the examples and docs the README links are read as documents.
    const unwanted = files.filter(
      (f) =>
        !f.startsWith("examples/") &&
        /^(test|scripts|dist\/scripts|dist\/test)\/|\.map$|tsconfig|\.ts$/.test(f.replace(/\.d\.ts$/, "")),
    );
    expect(unwanted).toEqual([]);
    // Every relative link of the README (the package's front page) names something the package holds.
    const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
    const links = [...readme.matchAll(/\]\(([^)#:\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1] ?? "");
    expect(links.length).toBeGreaterThan(10);
    const held = (l: string) => files.some((f) => f === l || f.startsWith(`${l.replace(/\/$/, "")}/`));
    expect(links.filter((l) => !held(l))).toEqual([]);
    // Each compiled file has its source: nothing stale from an earlier build is published.
    const stale = files.filter((f) => f.endsWith(".js") && !sourceExists(f));
    expect(stale).toEqual([]);
    // The emulator's server is not installed for users who never start it.
    expect(() => require.resolve("fastify", { paths: [project] })).toThrow();
  });

  it("loads without fastify; the emulator, started without it, says what to install", async () => {
    const script = `require("pulumi-chat"); require("pulumi-chat/emulator").startEmulator().then(() => process.exit(0), (e) => { console.error(e.message); process.exit(3); })`;
    const failed = await run(process.execPath, ["-e", script], { cwd: project }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(failed).toMatchObject({ code: 3 });
    expect((failed as { stderr: string }).stderr.trim()).toMatch(
      /^the chat emulator needs fastify, an optional peer dependency of pulumi-chat: npm install --save-dev "fastify@\^5/,
    );
  });

  it("a TypeScript program, checked by Pulumi's bundled TypeScript: up, a no-change preview, destroy", async () => {
    const emu = await emulator();
    const dir = writeProject(join(project, "programs", "ts"), "chat-ts", {
      "index.ts": TS_PROGRAM,
    });
    // Type checking on, as in a user's project (the other e2e tests only transpile).
    const t = await stackOf(dir, "ts", emu, { PULUMI_NODEJS_TRANSPILE_ONLY: "false" });
    const { stack } = t;
    const up = await t.up();
    expect(up.summary.result).toBe("succeeded");
    const appId = up.outputs.appId?.value as string;
    const app = appOf(emu, appId);
    expect(Object.keys(app.users)).toEqual(expect.arrayContaining(["ada", "grace"]));
    expect(Object.keys(app.roles)).toContain("support");
    expect(Object.keys(app.groups)).toContain("help");
    const preview = await stack.preview();
    expect(Object.keys(preview.changeSummary)).toEqual(["same"]);
    const destroyed = await stack.destroy();
    expect(destroyed.summary.result).toBe("succeeded");
    const after = appOf(emu, appId);
    expect(after.users.ada?.deactivatedAt).toBeDefined();
    expect(Object.keys(after.roles)).not.toContain("support");
  });

  it("a JavaScript program: up, a no-change preview, destroy", async () => {
    const emu = await emulator();
    const dir = writeProject(join(project, "programs", "js"), "chat-js", { "index.js": JS_PROGRAM });
    const t = await stackOf(dir, "js", emu);
    const { stack } = t;
    const up = await t.up();
    expect(up.summary.result).toBe("succeeded");
    const appId = up.outputs.appId?.value as string;
    expect(Object.keys(appOf(emu, appId).users)).toContain("lin");
    const preview = await stack.preview();
    expect(Object.keys(preview.changeSummary)).toEqual(["same"]);
    expect((await stack.destroy()).summary.result).toBe("succeeded");
    expect(appOf(emu, appId).state).toBe("archived");
  });

  it("the README's chat-export → pulumi up steps on the lowest Node `engines` claims; destroy leaves what was adopted", async () => {
    const version = nodeFloor();
    const bin = await nodeBin(version);
    const emu = await emulator();
    const { app, chat } = emu;
    await chat.call("createRole", { body: { role: "support", name: "Support" } });
    for (const uid of ["ada", "bob"])
      await chat.call("createUser", { body: { uid, name: uid, role: "support" } });
    await chat.call("createGroup", {
      body: { guid: "help", name: "Help", type: "public", owner: "ada", members: { participants: ["bob"] } },
    });
    await chat.call("createApiKey", { body: { name: "backend", scope: "fullAccess" } });

    // The steps: export the app next to the program, which declares one Environment of that file.
    // The README's exported variables: chat-export and the stack both read them (no stack config).
    const env = {
      PATH: `${bin}${delimiter}${process.env.PATH ?? ""}`,
      ...emulatorEnv(emu),
    };
    const file = join(project, "chat-environment.yaml");
    await run(join(project, "node_modules", ".bin", "chat-export"), ["--out", file], {
      cwd: project,
      env: { ...process.env, ...env },
    });
    expect(readFileSync(file, "utf8")).toContain("adopt: true");
    writeProject(project, "staging", { "index.ts": ENVIRONMENT_PROGRAM });
    const t = await localStack(project, "staging", env);
    stacks.push(t);
    const { stack } = t;

    emu.admin.clearRequests();
    const up = await t.up();
    expect(up.summary.result).toBe("succeeded");
    expect(up.outputs.nodeVersion?.value).toBe(`v${version}`);
    expect(writes(emu)).toEqual([]);
    expect(Object.keys((await stack.preview()).changeSummary)).toEqual(["same"]);

    // Protected, as `pulumi import` marks what it imports: a destroy refuses, one that excludes protected
    // resources deletes nothing that was adopted.
    await expect(stack.destroy()).rejects.toThrow(/protected/);
    // Everything here was adopted, so nothing is left to destroy (and no new update is recorded).
    const excluded = await stack.destroy({ excludeProtected: true });
    expect(excluded.stdout).toMatch(/still \d+ protected resources/);
    expect(writes(emu)).toEqual([]);

    // The documented opt-out: then the destroy deletes them.
    appendFileSync(file, "protectAdopted: false\n");
    expect((await stack.up()).summary.result).toBe("succeeded");
    expect((await stack.destroy()).summary.result).toBe("succeeded");
    const after = appOf(emu, app.appId);
    expect(after.users.ada?.deactivatedAt).toBeDefined();
    expect(Object.keys(after.roles)).not.toContain("support");
    expect(Object.values(after.apiKeys).map((k) => k.name)).not.toContain("backend");
  });

  it("the README's quick start as a person types it: the emulator's lines pasted, pulumi up with no warning, then no changes", async () => {
    const quick = readFileSync(join(repoRoot, "README.md"), "utf8")
      .split("## Quick start")[1]
      ?.split("\n## ")[0];
    const blocks = [...(quick ?? "").matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1] ?? "");
    expect(blocks.length).toBe(3);
    const [setup = "", , steps = ""] = blocks;
    const dir = mkdtempSync(join(tmpdir(), "pulumi-chat-quick-"));
    // The package and its peers as the tarball installed them (no registry here): its npm install lines aside.
    symlinkSync(join(project, "node_modules"), join(dir, "node_modules"));
    await run("bash", ["-e", "-c", setup.replace(/^npm install .*$/gm, "")], { cwd: dir });
    // The emulator the README starts (this clone's: the tarball's project leaves fastify out), its lines pasted.
    const emu = spawn(
      process.execPath,
      [join(repoRoot, "dist", "provider", "emulator", "cli.js"), "--port", "0"],
      {
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    try {
      const printed = await new Promise<string>((resolve, reject) => {
        let out = "";
        emu.stdout?.on("data", (c: Buffer) => {
          out += c.toString();
          if (/^export CHAT_MANAGEMENT_ENDPOINT=.*\n/m.test(out)) resolve(out);
        });
        emu.on("exit", (code) => reject(new Error(`chat-emulator exited (${code}): ${out}`)));
      });
      const paste = printed.split("\n").filter((l) => l.startsWith("pulumi config set "));
      const script = steps
        .replace(/^pulumi login .*$/m, "") // the test's own backend (PULUMI_BACKEND_URL) stands in
        .replace(/^# paste .*$/m, paste.join("\n"))
        .replace(/^pulumi up\b/gm, "pulumi up --yes");
      const env = {
        ...process.env,
        PULUMI_BACKEND_URL: `file://${dir}`,
        PULUMI_CONFIG_PASSPHRASE: "quick",
        PULUMI_NODEJS_TRANSPILE_ONLY: "false",
      };
      const { stdout, stderr } = await run("bash", ["-e", "-c", script], {
        cwd: dir,
        env,
        maxBuffer: 16 << 20,
      });
      expect(`${stdout}${stderr}`).not.toMatch(/Could not find entry point|DEP0128|warning:/);
      expect(stdout).toMatch(/\+ 7 created/);
      expect(stdout).toMatch(/7 unchanged/);
    } finally {
      emu.kill("SIGTERM");
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("ships the pulumi-resource-chat plugin: `pulumi plugin install … --file` takes it, and it serves every kind's schema", async () => {
    const { version } = require("../../package.json") as { version: string };
    const plugin = join(
      project,
      "node_modules",
      "pulumi-chat",
      "dist",
      "plugin",
      "bin",
      "pulumi-resource-chat",
    );
    const home = mkdtempSync(join(tmpdir(), "pulumi-chat-home-"));
    try {
      const env = { ...process.env, PULUMI_HOME: home, PULUMI_SKIP_UPDATE_CHECK: "true" };
      await run("pulumi", ["plugin", "install", "resource", "chat", version, "--file", plugin], { env });
      const { stdout } = await run("pulumi", ["package", "get-schema", `chat@${version}`], {
        env,
        maxBuffer: 16 * 1024 * 1024,
      });
      const schema = JSON.parse(stdout) as { version: string; resources: Record<string, unknown> };
      expect(schema.version).toBe(version);
      // Every kind, and the Environment component the plugin constructs (issue 32 item 5).
      expect(Object.keys(schema.resources).sort()).toEqual(
        [...Object.keys(kinds).map((k) => `chat:index:${k}`), ENVIRONMENT_TYPE].sort(),
      );
      // A YAML program that names the package with `pulumi package add`, run by the installed plugin.
      const emu = await emulator();
      const yaml = await cliProject("yaml-installed", "yaml", emulatorConfig(emu), {
        env: { PULUMI_HOME: home },
        localPlugin: false,
      });
      try {
        await yaml.pulumi(["package", "add", plugin]);
        expect(readFileSync(join(yaml.dir, "Pulumi.yaml"), "utf8")).toContain(`chat: chat@${version}`);
        appendFileSync(
          join(yaml.dir, "Pulumi.yaml"),
          "resources:\n  dan:\n    type: chat:index:User\n    properties:\n      uid: dan\n      name: Dan\n",
        );
        expect(await yaml.pulumi(["up", "--yes"])).toMatch(/\+ 2 created/);
        expect(Object.keys(appOf(emu, emu.appId).users)).toContain("dan");
      } finally {
        await yaml.dispose();
      }
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it("the README's programs that make their app run as a person runs them: pulumi up with its preview, a no-change preview, destroy", async () => {
    const blocks = tsBlocks(readFileSync(join(repoRoot, "README.md"), "utf8")).filter((b) =>
      /new chat\.App\(|app: \{ create:/.test(b.code),
    );
    expect(blocks.length).toBeGreaterThanOrEqual(2);
    for (const b of blocks) {
      const emu = await emulator();
      const dir = writeProject(join(project, "programs", `readme-${b.line}`), `readme-${b.line}`, {
        "index.ts": b.code,
        // The file an Environment snippet names: an app made by the program too.
        "chat-environment.yaml": "app: { create: { name: from-file } }\nusers: [{ uid: lin, name: Lin }]\n",
      });
      const t = await stackOf(dir, `readme-${b.line}`, emu);
      const up = await t.up().catch((e: Error) => {
        throw new Error(`README.md line ${b.line}: ${e.message}`);
      });
      expect(up.stdout).toMatch(/Previewing update/);
      expect(up.summary.result).toBe("succeeded");
      expect(Object.keys((await t.stack.preview()).changeSummary)).toEqual(["same"]);
      expect((await t.stack.destroy()).summary.result).toBe("succeeded");
    }
  });

  it("every TypeScript snippet of the README compiles against the installed package", async () => {
    const dir = join(project, "readme");
    const blocks = tsBlocks(readFileSync(join(repoRoot, "README.md"), "utf8"));
    expect(blocks.length).toBeGreaterThan(3);
    mkdirSync(dir, { recursive: true });
    for (const [i, b] of blocks.entries()) writeFileSync(join(dir, `snippet-${i}-line-${b.line}.ts`), b.code);
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(SNIPPET_TSCONFIG));
    const tsc = join(repoRoot, "node_modules", "typescript", "bin", "tsc");
    const result = await run(process.execPath, [tsc, "-p", dir], { cwd: dir }).catch(
      (e: { stdout: string }) => e,
    );
    expect(result.stdout).toBe("");
  });
});

/** Whether a packed dist file has its TypeScript source in the repository. */
function sourceExists(file: string): boolean {
  const source = join(repoRoot, file.replace(/^dist\//, "").replace(/\.js$/, ".ts"));
  try {
    readFileSync(source);
    return true;
  } catch {
    return false;
  }
}

/** A strict project as `pulumi new typescript` sets one up, reading the package from node_modules. */
const SNIPPET_TSCONFIG = {
  compilerOptions: {
    strict: true,
    target: "ES2022",
    module: "Node16",
    moduleResolution: "Node16",
    noEmit: true,
    skipLibCheck: true,
  },
};

// Syntax Pulumi's bundled TypeScript 3.8 reads, as a user's program would be.
const TS_PROGRAM = `import * as pulumi from "@pulumi/pulumi";
import * as chat from "pulumi-chat";

// The component from an object, and resources of its own beside it.
const team = new chat.Environment("team", {
  spec: {
    app: { existing: true },
    roles: [{ role: "support", name: "Support" }],
    users: [{ uid: "ada", name: "Ada", role: "support" }],
    groups: [{ guid: "help", name: "Help", members: { admins: ["ada"] } }],
  },
});
const grace = new chat.User("grace", { uid: "grace", name: "Grace" });
new chat.GroupMember("grace-in-help", { guid: team.groups["help"].guid, uid: grace.uid, scope: "moderator" });

export const appId = team.appId;
export const users = pulumi.all([team.users["ada"].uid, grace.uid]);
`;

const JS_PROGRAM = `"use strict";
const chat = require("pulumi-chat");

const app = new chat.App("app", { name: "js-app", region: "eu" });
const role = new chat.Role("role", { role: "staff", name: "Staff", connection: app.connection });
new chat.User("lin", { uid: "lin", name: "Lin", role: role.role, connection: app.connection });

exports.appId = app.appId;
`;

const ENVIRONMENT_PROGRAM = `import * as chat from "pulumi-chat";

new chat.Environment("staging", { file: "chat-environment.yaml" });

export const nodeVersion = process.version;
`;
