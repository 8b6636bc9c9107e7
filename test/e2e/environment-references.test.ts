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

  /** The preview's error for `text` as the stack's file; nothing may be written. */
  const refused = async (text: string) => {
    const path = join(dir, "chat-environment.yaml");
    writeFileSync(path, text);
    await t.stack.setConfig("e2e:file", { value: path });
    t.emu.admin.clearRequests();
    const said = await t.stack.preview().then(
      () => "",
      (e: unknown) => (e instanceof Error ? e.message : String(e)),
    );
    expect(t.emu.admin.requests().filter((r) => r.method !== "GET")).toEqual([]);
    return said;
  };
  const BANS = `app: { existing: true }
groups:
  - { guid: sales, name: Sales, type: public }
groupBans:
  - { guid: suport, uids: [] }
  - { guid: sale, uids: [] }
`;

  it("refuses a ban of a mistyped group with one clean error: no stack trace, the one meant from the app or the file", async () => {
    await t.emu.chat.call("createGroup", { body: { guid: "support", name: "Support", type: "public" } });
    const said = await refused(BANS);
    expect(said).toContain(
      'chat-environment.yaml:5:7: groupBans[0].guid: guid "suport" is neither declared in groups nor in the app (did you mean "support"?)',
    );
    expect(said).toContain(
      'chat-environment.yaml:6:7: groupBans[1].guid: guid "sale" is neither declared in groups nor in the app (did you mean "sales"?)',
    );
    expect(said).not.toMatch(/\n\s+at .*:\d+/);
    expect(said).not.toContain("Error: the declared environment");
  });

  it("says the file's own mistakes and the service's answer about its references at once, in one error", async () => {
    const said = await refused(`${BANS}users:\n  - { uid: ann, name: Ann, rolee: x }\n`);
    const lines = said.split("\n").filter((l) => /^\s*chat-environment\.yaml:\d+:\d+: /.test(l));
    expect([...new Set(lines.map((l) => l.trim()))]).toEqual([
      'chat-environment.yaml:5:7: groupBans[0].guid: guid "suport" is neither declared in groups nor in the app (did you mean "support"?)',
      'chat-environment.yaml:6:7: groupBans[1].guid: guid "sale" is neither declared in groups nor in the app (did you mean "sales"?)',
      'chat-environment.yaml:8:28: users[0].rolee: no such field (did you mean "role"?)',
    ]);
    // One error (Pulumi prints it more than once): every line above is under it.
    expect(new Set(said.match(/error: .*/g))).toEqual(
      new Set(["error: the declared environment is not valid:"]),
    );
    expect(said).not.toMatch(/\n\s+at .*:\d+/);
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
