// State: in memory by default, a state file that survives a restart, admin reset and dump, deterministic
// ids with a seed. The CLI: --help, flags, printed endpoints and credentials, clean stop on signals.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { until } from "../../support/clock";
import { startEmulated } from "../../support/emulator";
import { at, expectError, fetchRes, Harness } from "./harness";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "chat-emulator-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("state", () => {
  it("is kept in a state file across a restart, with the same credentials", async () => {
    const stateFile = join(dir, "restart.json");
    const first = new Harness(await startEmulated({ stateFile }));
    await first.ok("createUser", { body: { uid: "persisted", name: "Persisted", tags: ["t"] } });
    await first.ok("createGroup", { body: { guid: "pg", type: "public", name: "PG", owner: "persisted" } });
    const key = await first.ok("createApiKey", { body: { name: "kept", scope: "fullAccess" } });
    await first.ok("createWebhook", {
      params: { appId: first.app.appId },
      body: { id: "hook", name: "Hook", webhookURL: "https://x.example.com" },
    });
    const creds = first.emu.credentials;
    await first.close();

    const second = new Harness(await startEmulated({ stateFile }));
    try {
      expect(second.emu.credentials).toEqual(creds);
      const u = await second.ok("getUser", { params: { uid: "persisted" } });
      expect(u.data.name).toBe("Persisted");
      const members = await second.ok("listMembers", { params: { guid: "pg" } });
      expect(members.data.map((m) => [m.uid, m.scope])).toEqual([["persisted", "admin"]]);
      await second.ok("listUsers", { key: key.data.apiKey });
      const hooks = await second.ok("listWebhooks", { params: { appId: second.app.appId } });
      expect(hooks.data.map((w) => w.id)).toEqual(["hook"]);
    } finally {
      await second.close();
    }
  });

  it("is written shortly after a change, before any close", async () => {
    const stateFile = join(dir, "early.json");
    const h = new Harness(await startEmulated({ stateFile }));
    try {
      await h.ok("createUser", { body: { uid: "early", name: "Early" } });
      await until(
        () => existsSync(stateFile) && readFileSync(stateFile, "utf8").includes('"early"'),
        "the state file to hold the user, with the emulator still running",
      );
    } finally {
      await h.close();
    }
  });

  it("refuses a state file it cannot read, saying why", async () => {
    const stateFile = join(dir, "corrupt.json");
    writeFileSync(stateFile, '{"version": 99}');
    await expect(startEmulated({ stateFile })).rejects.toThrow(/state file: unknown format/);
  });

  it("is in memory by default: a new emulator starts empty", async () => {
    const a = await Harness.start();
    await a.ok("createUser", { body: { uid: "mem", name: "Mem" } });
    await a.close();
    const b = await Harness.start();
    try {
      await b.fails("getUser", { params: { uid: "mem" } }, 404, "ERR_UID_NOT_FOUND");
    } finally {
      await b.close();
    }
  });

  it("reset empties everything but recreates the bootstrap app with the same id and keys", async () => {
    const h = await Harness.start();
    try {
      await h.ok("createUser", { body: { uid: "gone", name: "Gone" } });
      const other = await h.ok("createApp", { body: { name: "Other" } });
      const r = await h.admin("POST", "/reset");
      expect(r.status).toBe(200);
      await h.fails("getUser", { params: { uid: "gone" } }, 404, "ERR_UID_NOT_FOUND");
      expect((await h.ok("listApps")).data.map((a) => a.id)).toEqual([h.app.appId]);
      expect((await h.ok("listApps")).data.map((a) => a.id)).not.toContain(other.data.id);
      await h.ok("listUsers", { key: h.app.apiKey });
      await h.ok("createUser", { key: h.app.authKey, body: { uid: "back", name: "Back" } });
    } finally {
      await h.close();
    }
  });

  it("dump shows the state as plain JSON (programmatically and over HTTP)", async () => {
    const h = await Harness.start();
    try {
      await h.ok("createUser", { body: { uid: "dumped", name: "Dumped" } });
      const dump = h.emu.admin.dump();
      expect(at(dump, "apps", h.app.appId, "users", "dumped", "name")).toBe("Dumped");
      expect(at(dump, "bootstrapAppId")).toBe(h.app.appId);
      const overHttp = await h.admin("GET", "/state");
      expect(at(overHttp.json, "data", "apps", h.app.appId, "users", "dumped", "uid")).toBe("dumped");
    } finally {
      await h.close();
    }
  });

  it("with a seed, ids and keys are deterministic; without one they differ", async () => {
    const ids = async (seed?: number) => {
      const e = await startEmulated(seed === undefined ? {} : { seed });
      const h = new Harness(e);
      const app = await h.ok("createApp", { body: { name: "x" } });
      const key = await h.ok("createApiKey", { body: { name: "k" } });
      await e.close();
      return [e.credentials, app.data.id, key.data.apiKey];
    };
    expect(await ids(11)).toEqual(await ids(11));
    expect(await ids(11)).not.toEqual(await ids(12));
    expect(await ids()).not.toEqual(await ids());
  });

  it("bootstrapApp: false starts with no app; a chosen region and name are used", async () => {
    const none = await startEmulated({ bootstrapApp: false });
    expect(none.credentials.app).toBeUndefined();
    const list = await fetchRes(`${none.managementUrl}/apps`, {
      headers: { key: none.credentials.managementKey, secret: none.credentials.managementSecret },
    });
    expect(at(list.json, "data")).toEqual([]);
    await none.close();
    const eu = await Harness.start({ bootstrapApp: { name: "EU app", region: "in" } });
    try {
      expect(eu.app.region).toBe("in");
      expect(eu.emu.chatUrl(eu.app.appId)).toBe(`${eu.emu.url}/chat/${eu.app.appId}/in/v3`);
      expect(eu.emu.chatEndpoint).toBe(`${eu.emu.url}/chat/{appId}/{region}/v3`);
      await eu.ok("listUsers");
    } finally {
      await eu.close();
    }
  });
});

describe("chat-emulator CLI", () => {
  const cli = (args: string[]): ChildProcess =>
    spawn(process.execPath, ["-r", "ts-node/register/transpile-only", "provider/emulator/cli.ts", ...args], {
      cwd: join(__dirname, "../../.."),
      env: { ...process.env, NODE_OPTIONS: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });

  const collect = (child: ChildProcess) => {
    const out = { stdout: "", stderr: "" };
    child.stdout?.on("data", (c: Buffer) => {
      out.stdout += c.toString();
    });
    child.stderr?.on("data", (c: Buffer) => {
      out.stderr += c.toString();
    });
    const exit = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    return { out, exit };
  };

  /** The first whole line the CLI prints (an event: no clock), or its exit first. */
  const firstLine = (child: ChildProcess, out: { stdout: string }) => line(child, out, /^[^\n]*\n/);
  /** The output up to the end of the first line matching `re`, as soon as it is printed. */
  const line = (child: ChildProcess, out: { stdout: string }, re: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const look = () => {
        const m = re.exec(out.stdout);
        if (!m) return false;
        child.stdout?.off("data", onData);
        resolve(m[0].replace(/\n$/, ""));
        return true;
      };
      const onData = () => look();
      if (look()) return;
      child.stdout?.on("data", onData);
      child.once("exit", (code) => reject(new Error(`the CLI exited (${code}) before printing ${re}`)));
    });

  it("--help lists the flags", async () => {
    const { out, exit } = collect(cli(["--help"]));
    expect(await exit).toBe(0);
    for (const flag of [
      "--port",
      "--host",
      "--state-file",
      "--latency",
      "--rate-limit",
      "--fault",
      "--seed",
    ]) {
      expect(out.stdout).toContain(flag);
    }
  });

  it("refuses a bad flag value with a message and a non-zero exit", async () => {
    const { out, exit } = collect(cli(["--fault", "kind=explode"]));
    expect(await exit).not.toBe(0);
    expect(out.stderr).toContain("--fault");
  });

  it("starts with flags, prints endpoints and credentials, serves, and stops cleanly on SIGTERM", async () => {
    const stateFile = join(dir, "cli.json");
    const child = cli([
      "--port",
      "0",
      "--json",
      "--seed",
      "3",
      "--state-file",
      stateFile,
      "--rate-limit",
      "50",
      "--fault",
      "kind=error,method=DELETE,path=/v3/users/*,status=503",
    ]);
    const { out, exit } = collect(child);
    const printed = JSON.parse(await firstLine(child, out)) as {
      url: string;
      managementUrl: string;
      chatEndpoint: string;
      credentials: {
        managementKey: string;
        managementSecret: string;
        app: { appId: string; apiKey: string; region: string };
      };
    };
    expect(printed.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const base = `${printed.url}/chat/${printed.credentials.app.appId}/${printed.credentials.app.region}/v3`;
    const headers = { apikey: printed.credentials.app.apiKey, "content-type": "application/json" };
    const created = await fetchRes(`${base}/users`, {
      method: "POST",
      headers,
      body: JSON.stringify({ uid: "cli", name: "CLI" }),
    });
    expect(created.status).toBe(200);
    expect(created.headers.get("x-ratelimit-limit")).toBe("50");
    expectError(
      await fetchRes(`${base}/users/cli`, { method: "DELETE", headers }),
      503,
      "ERR_MISSION_FAILED",
    );
    const apps = await fetchRes(`${printed.managementUrl}/apps`, {
      headers: { key: printed.credentials.managementKey, secret: printed.credentials.managementSecret },
    });
    expect(apps.status).toBe(200);
    child.kill("SIGTERM");
    expect(await exit).toBe(0);
    expect(existsSync(stateFile)).toBe(true);
    expect(readFileSync(stateFile, "utf8")).toContain('"cli"');
  });

  it("prints a readable summary and stops on SIGINT", async () => {
    const child = cli(["--port", "0", "--no-app"]);
    const { out, exit } = collect(child);
    // The summary's last line (without an app: the admin token), whole.
    await line(child, out, /admin token[^\n]*\n/);
    expect(out.stdout).toContain("management key");
    expect(out.stdout).toContain("admin token");
    expect(out.stdout).not.toContain("REST API key");
    child.kill("SIGINT");
    expect(await exit).toBe(0);
    expect(out.stdout).toContain("stopped (SIGINT)");
  });
});
