// chat-doctor (provider/doctor/) against the emulator: a matching service, wrong settings named by their key, a
// service whose answer diverges from the contract (a proxy that rewrites one listing), and bad endpoints (an
// HTML page, a 5xx storm, a hang) that end within the client's timeouts with nothing written.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";
import { routes } from "../../../provider/contract";
import { GUESSES } from "../../../provider/contract/generated/ledger";
import { DOCUMENT, type Json } from "../../../provider/contract/scripts/compare";
import { observedProblems } from "../../../provider/contract/scripts/observed";
import { runDoctor } from "../../../provider/doctor/checks";
import { divergencesFile, observed } from "../../../provider/doctor/divergences";
import { PROBES } from "../../../provider/doctor/guesses";
import { runPrefix } from "../../../provider/doctor/prefix";
import { formatReport } from "../../../provider/doctor/report";
import { samples } from "../../../provider/doctor/samples";
import { contextFor } from "../../../provider/engine/generic";
import { sweep } from "../../live/sweep";
import { emulatorConfig, emulatorEnv, useEmulated } from "../../support/emulator";

type Handler = (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => void;

async function serve(
  handler: Handler,
): Promise<{ url: string; server: Server; methods: string[]; paths: string[] }> {
  const methods: string[] = [];
  const paths: string[] = [];
  const server = createServer((req, res) => {
    methods.push(req.method ?? "");
    paths.push(req.url ?? "");
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, methods, paths };
}

/** How often each path was asked for. */
const tries = (paths: readonly string[]) =>
  [...new Set(paths)].map((p) => paths.filter((x) => x === p).length);
const stop = (s: Server) => {
  s.closeAllConnections();
  return new Promise<void>((resolve) => s.close(() => resolve()));
};

const FAST = { retries: 2, baseDelayMs: 5, maxDelayMs: 20 };

describe("chat-doctor", () => {
  const emulated = useEmulated();
  /** A group for the scope-permission guess to read (created once, shared by the tests that need one). */
  const ensureGroup = async () => {
    const chat = emulated().chatClient();
    const groups = await chat.call("listGroups", { query: { perPage: 1 } });
    if (groups.data.length === 0)
      await chat.call("createGroup", { body: { guid: "gq-group", name: "Guesses", type: "public" } });
  };
  const config = () => {
    const c = emulatorConfig(emulated());
    return (overrides: Record<string, string> = {}) =>
      (key: string) =>
        key in overrides ? overrides[key] : c[key]?.value;
  };

  it("finds a matching service: every check ok, every listing route and listable kind read", async () => {
    const r = await runDoctor({ lookup: config()(), source: "test" });
    expect(r.checks.filter((c) => c.status === "fail")).toEqual([]);
    expect(r.ok).toBe(true);
    const names = r.checks.map((c) => c.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "chat credentials",
        "management credentials",
        "rate-limit headers",
        "list User",
      ]),
    );
    expect(names.filter((n) => n.startsWith("answer of GET")).length).toBeGreaterThan(10);
    expect(r.checks.find((c) => c.name === "rate-limit headers")?.detail).toMatch(/^limit \d+ a minute/);
    expect(formatReport(r)).toMatch(/the service matches: \d+ ok, 0 failed/);
  });

  it("checks the ledger's guesses first: one line each, right after the credentials, before anything else", async () => {
    await ensureGroup();
    const r = await runDoctor({ lookup: config()(), source: "test" });
    const names = r.checks.map((c) => c.name);
    const first = names.indexOf("management credentials") + 1;
    expect(names.slice(first, first + GUESSES.length)).toEqual(GUESSES.map((g) => `guess ${g.operationId}`));
    expect(names.indexOf("rate-limit headers")).toBe(first + GUESSES.length);
    const byOp = (op: string) => r.checks.find((c) => c.name === `guess ${op}`);
    // Reads run without --write; what needs a sample or a write says so.
    expect(byOp("listMcpServers")).toMatchObject({ status: "ok" });
    expect(byOp("listMcpServers")?.detail).toMatch(/^GET \/ai-agents\/agent-builder\/mcp-servers: 0 listed/);
    expect(byOp("getPermissions")?.detail).toMatch(/role default: \d+ entries/);
    expect(byOp("getScopePermissions")).toMatchObject({ status: "ok" });
    expect(byOp("getScopePermissions")?.detail).toMatch(/participant: \d+ entries/);
    expect(byOp("createByoAgent")).toMatchObject({ status: "skip" });
    expect(byOp("createByoAgent")?.detail).toMatch(
      /needs --write on a sandbox app \(--write: the ExternalAgent sample's create\)/,
    );
    expect(byOp("updateChatWidget")?.detail).toMatch(/not checked: a widget cannot be deleted/);
    // A route a guess has read is not read again by the listing checks.
    expect(names).not.toContain("answer of GET /ai-agents/agent-builder/mcp-servers (listMcpServers)");
    expect(r.ok).toBe(true);
  });

  it("--write makes, reads back and deletes one object of each kind under a prefix, and leaves nothing", async () => {
    const emu = emulated();
    await ensureGroup();
    const prefix = runPrefix();
    const r = await runDoctor({ lookup: config()(), source: "test", write: true, prefix });
    const writes = r.checks.filter((c) => /^(write|delete) /.test(c.name));
    expect(writes.filter((c) => c.status === "fail")).toEqual([]);
    expect(
      writes.filter((c) => c.status === "ok" && c.name.startsWith("write ")).length,
    ).toBeGreaterThanOrEqual(10);
    expect(
      writes.filter((c) => c.status === "ok" && c.name.startsWith("delete ")).length,
    ).toBeGreaterThanOrEqual(10);
    // The rule it writes carries a user filter's negation, the spelling issue 42 could not settle from the files.
    expect(
      samples(prefix)
        .find((s) => s.kind === "ModerationRule")
        ?.args({}).filters,
    ).toEqual([expect.objectContaining({ entity: "user", operator: "notIn" })]);
    // MCP servers have a delete route now (decision 0117): one is made, read back and deleted too.
    expect(writes.find((c) => c.name === "write McpServer")).toMatchObject({ status: "ok" });
    expect(writes.find((c) => c.name === "delete McpServer")).toMatchObject({ status: "ok" });
    // The guesses a sample proves hold against the emulator (it is built from our reading, so a real app is
    // where they can fail); only what no check can make safely, or the provider cannot call yet, is skipped.
    const guesses = r.checks.filter((c) => c.name.startsWith("guess "));
    expect(guesses.filter((c) => c.status === "fail")).toEqual([]);
    expect(guesses.filter((c) => c.status === "skip").map((c) => c.name)).toEqual(
      GUESSES.filter((g) => PROBES[g.operationId]?.none !== undefined || !(g.operationId in routes)).map(
        (g) => `guess ${g.operationId}`,
      ),
    );
    expect(guesses.find((c) => c.name === "guess updateBuilderAgent")?.detail).toMatch(
      /the AiAgent sample's update: changed in place and read back as declared/,
    );
    expect(guesses.find((c) => c.name === "guess replaceAppPinnedConversations")?.detail).toMatch(
      /pinned conversations back unchanged/,
    );
    // Nothing with the prefix is left.
    const left = await sweep({
      ctx: contextFor({ connection: emu.connection, managementConnection: emu.managementConnection }),
      olderThanMs: 0,
      dryRun: true,
    });
    expect(left).toEqual({ deleted: [], kept: [] });
    expect(JSON.stringify(emu.admin.dump())).not.toContain(prefix);
  });

  it("names the setting to fix: an unknown key, a key without full access, a missing setting", async () => {
    const emu = emulated();
    const bad = await runDoctor({ lookup: config()({ "chat:apiKey": "0".repeat(40) }), source: "test" });
    expect(bad.ok).toBe(false);
    expect(bad.checks.find((c) => c.name === "chat credentials")?.detail).toMatch(
      /^chat:apiKey \(CHAT_API_KEY\) is not a valid REST API key of app /,
    );
    expect(bad.checks.some((c) => c.name.startsWith("answer of"))).toBe(false); // stops there
    const authOnly = await runDoctor({
      lookup: config()({ "chat:apiKey": emu.app.authKey }),
      source: "test",
    });
    expect(authOnly.checks.find((c) => c.name === "chat credentials")?.detail).toMatch(
      /^chat:apiKey \(CHAT_API_KEY\) is not a fullAccess \(REST API\) key/,
    );
    const wrongSecret = await runDoctor({
      lookup: config()({ "chat:managementSecret": "nope" }),
      source: "test",
    });
    expect(wrongSecret.checks.find((c) => c.name === "management credentials")?.detail).toMatch(
      /chat:managementKey \(CHAT_MANAGEMENT_KEY\) and chat:managementSecret \(CHAT_MANAGEMENT_SECRET\) are not a valid/,
    );
    const saved = process.env.CHAT_APP_ID;
    delete process.env.CHAT_APP_ID;
    try {
      const missing = await runDoctor({ lookup: config()({ "chat:appId": "" }), source: "test" });
      expect(missing.checks[0]).toMatchObject({ name: "chat settings", status: "fail" });
      expect(missing.checks[0]?.detail).toMatch(/chat:appId \(or CHAT_APP_ID\)/);
    } finally {
      if (saved !== undefined) process.env.CHAT_APP_ID = saved;
    }
    const http = await runDoctor({
      lookup: config()({ "chat:endpoint": "http://chat.example.com/{appId}/v3" }),
      source: "test",
    });
    expect(http.checks.find((c) => c.name === "chat endpoint")).toMatchObject({ status: "fail" });
    expect(http.checks.find((c) => c.name === "chat endpoint")?.detail).toMatch(/^chat:endpoint/);
  });

  it("reports a divergent answer by route, field and shapes, never a value, and turns it into an observed entry", async () => {
    const emu = emulated();
    await emu.chat.call("createUser", { body: { uid: "diverging", name: "Diverging" } });
    // A service that sends createdAt as text in the users listing.
    const target = new URL(emu.url);
    const proxy = await serve((req, res) => {
      const out = request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          let body = "";
          answer.on("data", (c: Buffer) => {
            body += c.toString();
          });
          answer.on("end", () => {
            const path = (req.url ?? "").split("?")[0] ?? "";
            if (path.endsWith("/v3/users")) {
              const j = JSON.parse(body) as { data: Record<string, unknown>[] };
              for (const u of j.data) u.createdAt = "yesterday";
              body = JSON.stringify(j);
            }
            const { "content-length": _l, ...headers } = answer.headers;
            res.writeHead(answer.statusCode ?? 502, headers);
            res.end(body);
          });
        },
      );
      req.pipe(out);
    });
    try {
      const r = await runDoctor({
        lookup: config()({ "chat:endpoint": `${proxy.url}/chat/{appId}/{region}/v3` }),
        source: "test",
      });
      expect(r.ok).toBe(false);
      const users = r.checks.find((c) => c.name === "answer of GET /users (listUsers)");
      expect(users?.status).toBe("fail");
      expect(users?.divergences?.[0]).toMatchObject({ route: "listUsers", method: "GET", path: "/users" });
      expect(users?.divergences?.[0]?.field).toMatch(/^data\.\d+\.createdAt$/);
      expect(users?.divergences?.[0]?.problem).toMatch(/expected number, received string/);
      const text = `${formatReport(r)}\n${JSON.stringify(r)}`;
      expect(text).not.toContain("yesterday");
      expect(text).not.toContain(emu.app.apiKey);
      expect(users?.divergences?.[0]?.received).toBe("string");
      const file = observed(r, new Date(0));
      expect(file.divergences).toEqual([
        expect.objectContaining({
          route: "listUsers",
          problem: expect.stringMatching(/received string/),
          received: "string",
        }),
      ]);
      expect(parse(JSON.stringify(file))).toEqual(file);
      // Saved under provider/contract/observed/, it fails the contract's test until the document admits it or it is recorded.
      const document = parse(readFileSync(join(__dirname, "../../..", DOCUMENT), "utf8")) as Json;
      expect(observedProblems(document, [], [{ name: "seen.yaml", text: divergencesFile(r) }])).toEqual([
        expect.stringMatching(
          /^seen\.yaml: listUsers response\.data\[\]\.createdAt: the service sent string/,
        ),
      ]);
    } finally {
      await stop(proxy.server);
    }
  });

  it("the chat-doctor command: one line per check and a summary, --json, exit 0 or 1, no secret printed", async () => {
    const emu = emulated();
    const dir = mkdtempSync(join(tmpdir(), "chat-doctor-"));
    // Asynchronous: the emulator answering it runs in this process.
    const cli = (env: Record<string, string>, ...args: string[]) =>
      new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = spawn(
          process.execPath,
          ["-r", "ts-node/register/transpile-only", "provider/doctor/cli.ts", ...args],
          {
            cwd: join(__dirname, "../../.."),
            env: { PATH: process.env.PATH ?? "", NODE_OPTIONS: "", ...env },
          },
        );
        let stdout = "";
        let stderr = "";
        child.stdout.on("data", (c: Buffer) => {
          stdout += c.toString();
        });
        child.stderr.on("data", (c: Buffer) => {
          stderr += c.toString();
        });
        child.on("close", (status) => resolve({ status, stdout, stderr }));
      });
    try {
      const file = join(dir, "observed.yaml");
      const good = await cli(emulatorEnv(emu), "--json", "--emit-divergences", file);
      expect([good.status, good.stderr]).toEqual([0, ""]);
      const report = JSON.parse(good.stdout) as { ok: boolean; summary: string };
      expect(report.ok).toBe(true);
      expect(parse(readFileSync(file, "utf8"))).toMatchObject({ divergences: [] });
      const wrongKey = "9".repeat(40);
      const bad = await cli({ ...emulatorEnv(emu), CHAT_API_KEY: wrongKey });
      expect(bad.status).toBe(1);
      expect(bad.stdout).toMatch(/^FAIL chat credentials: CHAT_API_KEY|FAIL chat credentials: chat:apiKey/m);
      expect(bad.stdout).toMatch(/the service does not match: .* 1 failed/);
      expect(`${bad.stdout}${good.stdout}`).not.toContain(wrongKey);
      expect(`${bad.stdout}${good.stdout}`).not.toContain(emu.app.apiKey);
      expect(`${bad.stdout}${good.stdout}`).not.toContain(emu.credentials.managementSecret);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // An app of its own: the messages it flags would show in the shared app's listings.
  describe("a guess the service disproves", () => {
    const own = useEmulated();
    it("a guess the service disproves fails, naming the route and our reading: a queue that ignores `limit`", async () => {
      const emu = own();
      const chat = emu.chatClient();
      for (const uid of ["gq-mia", "gq-noa"]) await chat.call("createUser", { body: { uid, name: uid } });
      for (const text of ["one", "two"]) {
        const id = (
          await chat.call("sendMessage", {
            body: { receiver: "gq-noa", receiverType: "user", data: { text } },
            onBehalfOf: "gq-mia",
          })
        ).data.id;
        await chat.call("flagMessage", { params: { id }, body: { reasonId: "spam" }, onBehalfOf: "gq-noa" });
      }
      const lookup = (overrides: Record<string, string> = {}) => {
        const c = emulatorConfig(emu);
        return (key: string) => (key in overrides ? overrides[key] : c[key]?.value);
      };
      const honoured = await runDoctor({ lookup: lookup(), source: "test" });
      expect(honoured.checks.find((c) => c.name === "guess listFlaggedMessages")).toMatchObject({
        status: "ok",
        detail: expect.stringMatching(/limit 1 answered 1 item: the name holds/),
      });
      // A service that reads the page size under another name: the proxy drops `limit` on the way.
      const target = new URL(emu.url);
      const proxy = await serve((req, res) => {
        const out = request(
          {
            host: target.hostname,
            port: target.port,
            method: req.method,
            path: (req.url ?? "").replace(/([?&])limit=\d+&?/, "$1"),
            headers: req.headers,
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        req.pipe(out);
      });
      try {
        const r = await runDoctor({
          lookup: lookup({ "chat:endpoint": `${proxy.url}/chat/{appId}/{region}/v3` }),
          source: "test",
        });
        const line = r.checks.find((c) => c.name === "guess listFlaggedMessages");
        expect(line).toMatchObject({ status: "fail" });
        expect(line?.detail).toMatch(
          /^GET \/moderation\/flagged-messages: asked for limit 1 and got 2 items: the service does not read `limit` \(our reading: the page size's name/,
        );
        expect(r.ok).toBe(false);
      } finally {
        await stop(proxy.server);
      }
    });
  });

  describe("bad endpoints end within the client's timeouts, with a clear line and nothing written", () => {
    const against = (url: string, timeoutMs = 2000) =>
      runDoctor({
        lookup: config()({
          "chat:endpoint": `${url}/chat/{appId}/{region}/v3`,
          "chat:managementEndpoint": `${url}/management`,
        }),
        source: "test",
        timeoutMs,
        retry: FAST,
        write: true, // asked to write, and still nothing is sent but reads
      });

    it("a proxy answering HTML", async () => {
      const html = await serve((_req, res) => {
        res.writeHead(200, { "content-type": "text/html" }).end("<html><body>Sign in</body></html>");
      });
      try {
        const r = await against(html.url);
        expect(r.ok).toBe(false);
        expect(r.checks.find((c) => c.name === "chat credentials")?.detail).toMatch(
          /listRoles .*not JSON.*something other than the API answered .*check chat:endpoint \(CHAT_ENDPOINT\)/,
        );
        expect(html.methods.every((m) => m === "GET")).toBe(true);
      } finally {
        await stop(html.server);
      }
    });

    it("a 5xx storm", async () => {
      const storm = await serve((_req, res) => {
        res
          .writeHead(503, { "content-type": "application/json" })
          .end('{"error":{"code":"ERR_MISSION_FAILED"}}');
      });
      try {
        const r = await against(storm.url);
        // Each read tried three times (FAST: two retries), then given up: the storm does not hold it.
        expect(tries(storm.paths).length).toBeGreaterThan(0);
        expect(new Set(tries(storm.paths))).toEqual(new Set([FAST.retries + 1]));
        expect(r.checks.find((c) => c.name === "chat credentials")?.detail).toMatch(/503|ERR_MISSION_FAILED/);
        expect(storm.methods.every((m) => m === "GET")).toBe(true);
      } finally {
        await stop(storm.server);
      }
    });

    it("a hanging endpoint", async () => {
      const hang = await serve(() => {}); // never answers
      try {
        const r = await against(hang.url, 300);
        // Each read given up after its three attempts (FAST: two retries) of 300 ms: it does not wait for
        // an answer that never comes (the layer's time limit is only the guard against a hang).
        expect(tries(hang.paths).length).toBeGreaterThan(0);
        expect(new Set(tries(hang.paths))).toEqual(new Set([FAST.retries + 1]));
        expect(r.checks.find((c) => c.name === "chat credentials")?.detail).toMatch(/tim/i);
        expect(hang.methods.every((m) => m === "GET")).toBe(true);
      } finally {
        await stop(hang.server);
      }
    });
  });
});
