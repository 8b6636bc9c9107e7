// The chat-export command: flags in place of CHAT_* variables, the file on stdout by default, progress and
// the secret config lines on stderr, and missing settings refused by flag and variable before any call.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { parseEnvironment } from "../../provider/environment/load";
import { FAST, useEmulated } from "../support/emulator";
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

describe("chat-export (command)", () => {
  const emu = useEmulated({ clientOptions: FAST });

  beforeAll(async () => {
    await emu()
      .chatClient()
      .call("createGroup", {
        body: { guid: "desk", name: "Desk", type: "password", password: "pw" },
      });
  });

  it("takes flags, writes the file to stdout, progress and secret config lines to stderr", async () => {
    const a = emu().app;
    const r = await run([
      "--app-id",
      a.appId,
      "--api-key",
      a.apiKey,
      "--endpoint",
      emu().chatEndpoint,
      "--region",
      a.region,
    ]);
    expect(r.code).toBe(0);
    const env = parseEnvironment(r.stdout, "stdout.yaml");
    expect(env.app).toEqual({ existing: true });
    expect(list(env, "groups").map((g) => g.guid)).toEqual(["desk"]);
    expect(r.stderr).toContain("chat-export: groups: 1");
    expect(r.stderr).toContain(
      "no management credentials: webhooks, extensions and app settings are left out",
    );
    expect(r.stderr).toContain("pulumi config set --secret groupPassword-desk");
    // The file goes to a project of the user's, not this repository's root project.
    expect(r.stderr).toContain("In the Pulumi project that reads this environment file, run:");
    expect(r.stdout).not.toContain(a.apiKey);
  });

  it("says why it cannot reach the service, and what to check, in one line", async () => {
    const r = await run(["--app-id", "app1", "--api-key", "k", "--endpoint", "http://127.0.0.1:1/v3"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^chat-export: ECONNREFUSED: nothing answers at the service's address \(connection refused\): check the endpoint setting, and that the service \(or chat-emulator\) is running there \[GET \/users, listUsers\]\n$/m,
    );
  });

  it("refuses missing settings by flag and variable, before any call", async () => {
    emu().admin.clearRequests();
    const r = await run(["--app-id", "x"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("chat-export: the app to export: set --api-key (or CHAT_API_KEY)\n");
    const half = await run(["--quiet"], {
      CHAT_APP_ID: "x",
      CHAT_API_KEY: "k",
      CHAT_ENDPOINT: emu().chatEndpoint,
      CHAT_MANAGEMENT_KEY: "m",
    });
    expect(half.stderr).toBe("chat-export: webhooks: set --management-secret (or CHAT_MANAGEMENT_SECRET)\n");
    expect(emu().admin.requests()).toEqual([]);
  });

  it("a refused key, app id or management pair is one line naming the flag and variable to fix", async () => {
    const a = emu().app;
    const wrongKey = "0".repeat(40);
    const key = await run(
      ["--app-id", a.appId, "--api-key", wrongKey, "--endpoint", emu().chatEndpoint, "-q"],
      {
        CHAT_REGION: a.region,
      },
    );
    expect(key.code).toBe(1);
    expect(key.stderr).toMatch(
      new RegExp(
        `^chat-export: --api-key \\(or CHAT_API_KEY\\) is not a valid REST API key of app ${a.appId}: AUTH_ERR_APIKEY_NOT_FOUND: [^\\n]*\\n$`,
      ),
    );
    expect(key.stderr).not.toContain(wrongKey);
    const appId = await run(["-q"], {
      CHAT_APP_ID: "nosuchapp",
      CHAT_API_KEY: a.apiKey,
      CHAT_ENDPOINT: emu().chatEndpoint,
    });
    expect(appId.stderr).toMatch(
      /^chat-export: --app-id \(or CHAT_APP_ID\) is not a valid app id in region us \(--region \(or CHAT_REGION\)\): AUTH_ERR_INVALID_APPID: [^\n]*\n$/,
    );
    const pair = await run(["-q", "--management-secret", "wrong-secret"], {
      CHAT_APP_ID: a.appId,
      CHAT_REGION: a.region,
      CHAT_API_KEY: a.apiKey,
      CHAT_ENDPOINT: emu().chatEndpoint,
      CHAT_MANAGEMENT_KEY: emu().credentials.managementKey,
      CHAT_MANAGEMENT_ENDPOINT: emu().managementUrl,
    });
    expect(pair.stderr).toMatch(
      /^chat-export: --management-key \(or CHAT_MANAGEMENT_KEY\) and --management-secret \(or CHAT_MANAGEMENT_SECRET\) are not a valid management key and secret: AUTH_ERR_APIKEY_NOT_FOUND: [^\n]*\n$/,
    );
    expect(pair.stderr).not.toContain("wrong-secret");
  });
});
