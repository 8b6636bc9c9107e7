// Mistakes in an environment file, on the real engine: each fails the preview with the one-line format
// (`file:line:column: path: rule`), naming the place, and the emulator records no write (issue 43).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type EmulatedStack, emulatedStack } from "./support/emulated";

const PROGRAM = join(__dirname, "programs", "seed-environment");

describe("mistakes in an environment file, at preview", () => {
  let t: EmulatedStack;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "env-mistakes-e2e-"));
    t = await emulatedStack(PROGRAM, "env-mistakes");
  });
  afterAll(async () => {
    await t?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Previews `text` as the stack's environment file: the error's message; nothing may be written. */
  async function refused(text: string): Promise<string> {
    const file = join(dir, "chat-environment.yaml");
    writeFileSync(file, text);
    await t.stack.setConfig("e2e:file", { value: file });
    t.emu.admin.clearRequests();
    const message = await t.stack.preview().then(
      () => "",
      (e: unknown) => (e instanceof Error ? e.message : String(e)),
    );
    expect(t.emu.admin.requests().filter((r) => r.method !== "GET")).toEqual([]);
    return message;
  }

  it("refuses a secret config value its field does not take, naming the key and never the value", async () => {
    await t.stack.setConfig("hook-password", { value: "has-a-hyphen", secret: true });
    const said = await refused(`app: { existing: true }
webhooks:
  - id: orders
    name: Orders
    url: "https://hooks.example.com/orders"
    basicAuth: { username: hooks, password: { secret: hook-password } }
`);
    expect(said).toContain(
      "chat-environment.yaml:6:35: webhooks[0].basicAuth.password (config seed-environment:hook-password): may contain only letters and digits",
    );
    expect(said).not.toContain("has-a-hyphen");
  });
});
