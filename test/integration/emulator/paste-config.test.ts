// chat-emulator prints the lines that configure a stack or a shell for what it started (issue 45): pasted into
// a shell as they are, the `pulumi config set` lines set exactly the provider's keys for the emulator (secret
// ones with --secret), the `export` lines its variables, and the provider's own config reading then reaches
// the emulator's chat and management APIs with them.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { ChatClient } from "../../../provider/client/chat";
import {
  CONFIG_KEYS,
  resolveChatConnection,
  resolveManagementConnection,
} from "../../../provider/client/config";
import { shellWord } from "../../../provider/client/config-lines";
import { ManagementClient } from "../../../provider/client/management";

const run = promisify(execFile);
const root = join(__dirname, "../../..");

/** The settings a stack needs for the emulator: every key but the vendor host and the optional budget. */
const NEEDED = CONFIG_KEYS.filter((k) => k.key !== "chat:host" && k.key !== "chat:requestsPerMinute");

/** Runs `script` in bash with a clean environment (no CHAT_* inherited) and `pulumi` recording its words. */
async function pasted(script: string): Promise<string> {
  const recorder = `pulumi() { for a in "$@"; do printf '%s\\t' "$a"; done; printf '\\n'; }\n`;
  const { stdout } = await run("bash", ["-c", recorder + script], { env: { PATH: process.env.PATH ?? "" } });
  return stdout;
}

describe("chat-emulator's lines to paste", () => {
  let child: ChildProcess;
  let output = "";

  beforeAll(async () => {
    child = spawn(
      process.execPath,
      ["-r", "ts-node/register/transpile-only", "provider/emulator/cli.ts", "--port", "0", "--region", "eu"],
      { cwd: root, env: { ...process.env, NODE_OPTIONS: "" }, stdio: ["ignore", "pipe", "pipe"] },
    );
    // The last line it prints is the management endpoint's variable: wait for it (an event, no clock).
    output = await new Promise<string>((resolve, reject) => {
      let out = "";
      child.stdout?.on("data", (c: Buffer) => {
        out += c.toString();
        if (/^export CHAT_MANAGEMENT_ENDPOINT=.*\n/m.test(out)) resolve(out);
      });
      child.on("exit", (code) => reject(new Error(`chat-emulator exited (${code}) after printing:\n${out}`)));
    });
  });

  afterAll(async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.on("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  });

  const lines = (prefix: string) => output.split("\n").filter((l) => l.startsWith(prefix));

  it("prints one `pulumi config set` line per key a stack needs, --secret exactly for the secret keys", async () => {
    const words = (await pasted(lines("pulumi config set ").join("\n")))
      .trim()
      .split("\n")
      .map((l) => l.replace(/\t$/, "").split("\t"));
    expect(words.map((w) => w.slice(0, 2))).toEqual(NEEDED.map(() => ["config", "set"]));
    const keys = words.map((w) => (w[2] === "--secret" ? w[3] : w[2]));
    expect(keys).toEqual(NEEDED.map((k) => k.key));
    for (const w of words) {
      const key = CONFIG_KEYS.find((k) => k.key === (w[2] === "--secret" ? w[3] : w[2]));
      expect([key?.key, w[2] === "--secret"]).toEqual([key?.key, key?.secret]);
    }
  });

  it("configures a stack that reaches both APIs: the pasted values, read by the provider's config", async () => {
    const words = (await pasted(lines("pulumi config set ").join("\n")))
      .trim()
      .split("\n")
      .map((l) => l.replace(/\t$/, "").split("\t").slice(2));
    const config = Object.fromEntries(words.map((w) => (w[0] === "--secret" ? w.slice(1) : w)));
    expect(config["chat:region"]).toBe("eu");
    expect(config["chat:endpoint"]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/chat\/\{appId\}\/\{region\}\/v3$/);
    const stack = (key: string): string | undefined => config[key];
    const chat = new ChatClient(resolveChatConnection(undefined, stack));
    await expect(chat.call("listUsers")).resolves.toBeDefined();
    const management = new ManagementClient(resolveManagementConnection(undefined, stack));
    const apps = (await management.call("listApps")) as { data: { id: string }[] };
    expect(apps.data.map((a) => a.id)).toContain(config["chat:appId"]);
  });

  it("prints the same settings as `export CHAT_*` lines, which the provider reads from the environment", async () => {
    expect(lines("export ").map((l) => l.split("=")[0])).toEqual(NEEDED.map((k) => `export ${k.env}`));
    const env = Object.fromEntries(
      (await pasted(`${lines("export ").join("\n")}\nenv`))
        .split("\n")
        .filter((l) => l.startsWith("CHAT_"))
        .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
    );
    expect(Object.keys(env).sort()).toEqual(NEEDED.map((k) => k.env).sort());
    const saved = { ...process.env };
    Object.assign(process.env, env);
    try {
      const none = () => undefined;
      await expect(
        new ChatClient(resolveChatConnection(undefined, none)).call("listUsers"),
      ).resolves.toBeDefined();
      await expect(
        new ManagementClient(resolveManagementConnection(undefined, none)).call("listApps"),
      ).resolves.toBeDefined();
    } finally {
      for (const k of Object.keys(env)) if (!(k in saved)) delete process.env[k];
    }
  });

  it("quotes what a shell would change: braces, spaces and quotes reach the command whole", async () => {
    for (const value of ["http://h/chat/{appId}/{region}/v3", "a b", "it's", "$HOME", "*"])
      expect(await pasted(`printf '%s' ${shellWord(value)}`)).toBe(value);
  });
});
