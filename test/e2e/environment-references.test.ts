// The environment's references to objects made elsewhere, on the real engine (decision 0120): in an existing
// app the preview asks the service (reads only) and fails at the entry's place with the closest name the app
// holds; a knowledge source named by its title reaches the agent as its id.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { emulatorConfig } from "../support/emulator";
import { cliProject } from "./support/cli-project";
import { type EmulatedStack, emulatedStack } from "./support/emulated";

const PROGRAM = join(__dirname, "programs", "seed-environment");

describe("an environment naming objects made elsewhere", () => {
  let t: EmulatedStack;
  let dir: string;
  let sourceId: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "env-refs-e2e-"));
    t = await emulatedStack(PROGRAM, "env-refs");
    const made = await t.emu.chat.call("createKnowledgeText", {
      body: { title: "Refund policy", text: "Paid back within five days." },
    });
    sourceId = made.data.uniqueId;
  });
  afterAll(async () => {
    await t?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  const file = (title: string) => {
    const path = join(dir, "chat-environment.yaml");
    writeFileSync(
      path,
      `app: { existing: true }\naiAgents:\n  - name: helper\n    knowledgeSources: ["${title}"]\n`,
    );
    return path;
  };

  it("fails the preview on a title the app does not hold, naming the place and the one meant, writing nothing", async () => {
    await t.stack.setConfig("e2e:file", { value: file("Refund Policy") });
    t.emu.admin.clearRequests();
    await expect(t.stack.preview()).rejects.toThrow(
      'chat-environment.yaml:4:24: aiAgents[0].knowledgeSources[0]: knowledgeSources "Refund Policy" is neither declared in agentKnowledge nor in the app (did you mean "Refund policy"?)',
    );
    expect(t.emu.admin.requests().filter((r) => r.method !== "GET")).toEqual([]);
  });

  it("fails a Pulumi YAML program's preview the same way, through the plugin: one clean error", async () => {
    const p = await cliProject("yaml-env-refs", "yaml", emulatorConfig(t.emu));
    try {
      writeFileSync(
        join(p.dir, "chat-environment.yaml"),
        `app: { existing: true }\naiAgents:\n  - name: helper\n    knowledgeSources: ["Refund Policy"]\n`,
      );
      p.write(
        "resources:\n  env:\n    type: chat:index:Environment\n    properties:\n      file: chat-environment.yaml\n",
      );
      t.emu.admin.clearRequests();
      const out = await p.pulumi(["preview"], { allowFailure: true });
      expect(out).toContain(
        'chat-environment.yaml:4:24: aiAgents[0].knowledgeSources[0]: knowledgeSources "Refund Policy" is neither declared in agentKnowledge nor in the app (did you mean "Refund policy"?)',
      );
      expect(out).not.toMatch(/\n\s+at .*\.js:\d+/);
      expect(out).not.toContain("the client connection is closing");
      expect(t.emu.admin.requests().filter((r) => r.method !== "GET")).toEqual([]);
    } finally {
      await p.dispose();
    }
  });

  it("gives the agent the source's id for its title", async () => {
    await t.stack.setConfig("e2e:file", { value: file("Refund policy") });
    const up = await t.stack.up();
    expect(up.summary.result).toBe("succeeded");
    const agents = await t.emu.chat.call("listBuilderAgents", {});
    expect(JSON.stringify(agents.data)).toContain(sourceId);
  });
});
