// Credentials are checked before they are recorded (docs/decisions/0075-credentials-checked.md), on the real
// engine: a wrong chat:apiKey, chat:appId or chat:managementSecret fails preview and up with one line that
// names the config key and the variable to fix, once, without a stack trace, and nothing reaches the service;
// a wrong key set later on a stack that exists is refused the same way; a no-change preview makes no call.
import { join } from "node:path";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { type EmulatedStack, emulatedStack } from "./support/emulated";

const WRONG_KEY = "0123456789abcdef0123456789abcdef01234567";
const WRONG_SECRET = "not-the-management-secret";
/** Diagnostic severities the user sees (the engine also sends debug ones, for verbose logs). */
const SHOWN: readonly string[] = ["error", "warning", "info", "info#err"];

describe("credentials on the real engine", () => {
  let t: EmulatedStack;
  let appId: string;
  const output: string[] = [];
  const onOutput = (s: string) => output.push(s);
  const events: EngineEvent[] = [];
  const onEvent = (e: EngineEvent) => events.push(e);

  beforeAll(async () => {
    t = await emulatedStack(join(__dirname, "programs", "credentials"), "credentials");
    appId = t.emu.credentials.app?.appId ?? "";
  });
  afterAll(async () => {
    await t?.dispose();
  });

  /** The chat resources in state, decrypted (the Automation API's export shows secrets in plain text). */
  async function chatResources(): Promise<{ type: string; outputs?: Record<string, unknown> }[]> {
    const resources: { type: string; outputs?: Record<string, unknown> }[] =
      (await t.stack.exportStack()).deployment.resources ?? [];
    return resources.filter((r) => r.type.startsWith("pulumi-nodejs:dynamic/chat:"));
  }
  const writes = () => t.emu.admin.requests().filter((r) => r.method !== "GET");
  const set = (key: string, value: string, secret = false) => t.stack.setConfig(key, { value, secret });

  /** What the engine printed for a failed command, and its diagnostics (one event each). */
  async function failure(op: "preview" | "up"): Promise<{ text: string; diagnostics: string[] }> {
    output.length = 0;
    events.length = 0;
    t.emu.admin.clearRequests();
    const run = op === "preview" ? t.stack.preview({ onOutput, onEvent }) : t.stack.up({ onOutput, onEvent });
    const e = await run.then(
      () => undefined,
      (err: unknown) => err,
    );
    if (e === undefined) throw new Error(`${op} succeeded:\n${output.join("")}`);
    const diagnostics = events.flatMap((ev) =>
      ev.diagnosticEvent && SHOWN.includes(ev.diagnosticEvent.severity) ? [ev.diagnosticEvent.message] : [],
    );
    return { text: `${output.join("")}\n${e instanceof Error ? e.message : String(e)}`, diagnostics };
  }

  /**
   * The engine reported one diagnostic, the line: it says the reason once, on one line; nothing printed
   * anywhere has a stack trace or the wrong secret; the service received no write.
   */
  function expectOneLine({ text, diagnostics }: { text: string; diagnostics: string[] }, line: RegExp): void {
    expect(diagnostics).toHaveLength(1);
    const [only] = diagnostics;
    expect(only).toMatch(line);
    expect(only?.trimEnd()).not.toContain("\n");
    expect(only?.match(/AUTH_ERR_\w+/g)).toHaveLength(1);
    expect(text).not.toMatch(/\bat .*\.(ts|js):\d+:\d+/);
    expect(text).not.toContain("AuthenticationError");
    expect(text).not.toContain(WRONG_KEY);
    expect(text).not.toContain(WRONG_SECRET);
    expect(writes()).toEqual([]);
  }

  const keyLine = () =>
    new RegExp(
      `chat:apiKey \\(CHAT_API_KEY\\) is not a valid REST API key of app ${appId}: AUTH_ERR_APIKEY_NOT_FOUND: `,
    );
  const appIdLine =
    /chat:appId \(CHAT_APP_ID\) is not a valid app id in region us \(chat:region \(CHAT_REGION\)\): AUTH_ERR_INVALID_APPID: /;
  const pairLine =
    /chat:managementKey \(CHAT_MANAGEMENT_KEY\) and chat:managementSecret \(CHAT_MANAGEMENT_SECRET\) are not a valid management key and secret: AUTH_ERR_APIKEY_NOT_FOUND: /;

  it("a wrong chat:apiKey fails preview and up in one line, writing nothing", async () => {
    await set("e2e:kinds", "chat");
    await set("chat:apiKey", WRONG_KEY, true);
    expectOneLine(await failure("preview"), keyLine());
    expectOneLine(await failure("up"), keyLine());
    expect(await chatResources()).toEqual([]);
  });

  it("a wrong chat:appId fails preview and up in one line, writing nothing", async () => {
    await set("chat:apiKey", t.emu.credentials.app?.apiKey ?? "", true);
    await set("chat:appId", "nosuchapp");
    expectOneLine(await failure("preview"), appIdLine);
    expectOneLine(await failure("up"), appIdLine);
    await set("chat:appId", appId);
  });

  it("a wrong chat:managementSecret fails preview and up in one line, writing nothing", async () => {
    await set("e2e:kinds", "management");
    await set("chat:managementSecret", WRONG_SECRET, true);
    expectOneLine(await failure("preview"), pairLine);
    expectOneLine(await failure("up"), pairLine);
    await set("chat:managementSecret", t.emu.credentials.managementSecret, true);
  });

  // Same: the stack and the two resources.
  it("with valid credentials, up works and a no-change preview makes no call", async () => {
    await t.stack.removeConfig("e2e:kinds");
    const up = await t.stack.up({ onOutput });
    expect(up.summary.resourceChanges).toMatchObject({ create: 2 });
    t.emu.admin.clearRequests();
    expect((await t.stack.preview()).changeSummary).toEqual({ same: 3 });
    expect(t.emu.admin.requests()).toEqual([]);
  });

  it("a wrong chat:apiKey set on an existing stack is refused at preview and up, and not recorded", async () => {
    await set("chat:apiKey", WRONG_KEY, true);
    expectOneLine(await failure("preview"), keyLine());
    expectOneLine(await failure("up"), keyLine());
    const recorded = JSON.stringify(await chatResources());
    expect(recorded).toContain(t.emu.credentials.app?.apiKey);
    expect(recorded).not.toContain(WRONG_KEY);
    await set("chat:apiKey", t.emu.credentials.app?.apiKey ?? "", true);
    expect((await t.stack.preview()).changeSummary).toEqual({ same: 3 });
  });
});
