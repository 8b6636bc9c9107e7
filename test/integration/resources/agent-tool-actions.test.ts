// AiAgent's catalogue tool actions and their connection settings (S37, decision 0135), and ExternalAgent's BYO
// tools and actions, through the generic provider as the engine drives it, against the emulator.
import { exportEnvironment } from "../../../provider/environment/export";
import { parseEnvironment } from "../../../provider/environment/load";
import { type Emulated, FAST, unique, useCleanEmulated } from "../../support/emulator";
import { list } from "../../support/json";
import { providerOf as provider } from "../../support/provider";
import { received } from "../client/helpers";

const emulated = useCleanEmulated({ clientOptions: FAST });
let connection: Emulated["connection"];
beforeAll(() => {
  ({ connection } = emulated());
});

const chat = () => emulated().chat;
const checked = async (kind: "AiAgent" | "ExternalAgent", args: Record<string, unknown>) => {
  const r = await provider(kind).check({}, { ...args, connection });
  expect(r.failures).toEqual([]);
  return r.inputs;
};
const AGENTS = "/v3/ai-agents/agent-builder/agents";
const SECRET = "conn-s3cret-value";
const enabled = async (uid: string) =>
  Object.fromEntries(
    (await chat().call("listAgentEnabledItems", { params: { uid } })).data.tools.map((t) => [
      t.slug,
      t.actions.map((x) => x.slug),
    ]),
  );
/** The emulator's state holds what it was sent (the settings are never answered by any route). */
const stateHolds = (text: string) => JSON.stringify(emulated().admin.dump()).includes(text);

describe("AiAgent's tool actions", () => {
  it("enabled at create with the connection settings, read back, changed in place, drift reverted, disabled", async () => {
    const p = provider("AiAgent");
    const name = unique("actions-agent");
    const inputs = await checked("AiAgent", {
      name,
      tools: ["gmail"],
      toolActions: { gmail: ["send-email", "draft-email"] },
      toolConnections: { gmail: { emailId: SECRET } },
    });
    const { id, outs } = await p.create(inputs);
    expect(await enabled(id)).toEqual({ gmail: ["send-email", "draft-email"] });
    expect(stateHolds(SECRET)).toBe(true);
    // The settings are never answered: not by the agent, not by its enabled items.
    const answers = [
      await chat().call("getBuilderAgent", { params: { uid: id } }),
      await chat().call("listAgentEnabledItems", { params: { uid: id } }),
    ];
    expect(JSON.stringify(answers)).not.toContain(SECRET);

    // read: the actions as the service has them (in the declared order), the settings kept from state
    const read = await p.read(id, outs);
    expect(read.inputs?.toolActions).toEqual({ gmail: ["send-email", "draft-email"] });
    expect(read.inputs).not.toHaveProperty("toolConnections");
    expect(read.props?.toolConnections).toEqual({ gmail: { emailId: SECRET } });
    expect((await p.diff(id, read.props ?? {}, inputs)).changes).toBe(false);

    // in place: one action kept, one disabled, a tool added with its action; new settings enable again
    const news = await checked("AiAgent", {
      name,
      tools: ["gmail", "slack"],
      toolActions: { gmail: ["draft-email"], slack: ["post-message"] },
      toolConnections: { gmail: { emailId: "other@example.com" } },
    });
    const diff = await p.diff(id, outs, news);
    expect(diff.replaces ?? []).toEqual([]);
    emulated().admin.clearRequests();
    const { outs: after } = await p.update(id, outs, news);
    expect(received(emulated(), "PATCH", `${AGENTS}/${id}/tools/gmail/actions/remove`)).toHaveLength(1);
    expect(received(emulated(), "PATCH", `${AGENTS}/${id}/tools/gmail/actions/add`)).toHaveLength(1);
    expect(received(emulated(), "PATCH", `${AGENTS}/${id}/tools/slack/actions/add`)).toHaveLength(1);
    expect(await enabled(id)).toEqual({ gmail: ["draft-email"], slack: ["post-message"] });
    expect(stateHolds("other@example.com")).toBe(true);

    // the same again: no call to the actions' routes (the settings unchanged)
    emulated().admin.clearRequests();
    await p.update(id, after, news);
    expect(
      emulated()
        .admin.requests()
        .filter((r) => r.path.includes("/actions/")),
    ).toEqual([]);

    // drift: disabled in the dashboard, seen by the read, enabled again by the next update
    await chat().call("disableAgentToolActions", {
      params: { uid: id, slug: "slack" },
      body: { actions: ["post-message"] },
    });
    const drifted = await p.read(id, after);
    expect(drifted.inputs?.toolActions).toEqual({ gmail: ["draft-email"] });
    await p.update(id, drifted.props ?? {}, news);
    expect(await enabled(id)).toEqual({ gmail: ["draft-email"], slack: ["post-message"] });

    // none declared: every action disabled, the tools detached
    await p.update(id, after, await checked("AiAgent", { name }));
    expect(await enabled(id)).toEqual({});
  });

  it("an agent declared without tool actions reads no enabled items (no call, no drift from the dashboard's)", async () => {
    const p = provider("AiAgent");
    const { id, outs } = await p.create(
      await checked("AiAgent", { name: unique("plain-agent"), tools: ["gmail"] }),
    );
    await chat().call("enableAgentToolActions", {
      params: { uid: id, slug: "gmail" },
      body: { actions: ["x"] },
    });
    emulated().admin.clearRequests();
    const read = await p.read(id, outs);
    expect(read.inputs).not.toHaveProperty("toolActions");
    expect(received(emulated(), "GET", `${AGENTS}/${id}/enabled-items`)).toHaveLength(0);
  });

  it.each([
    [{ tools: ["gmail"], toolActions: { gmail: ["send email"] } }, /an action's name may contain only/],
    [{ tools: ["gmail"], toolActions: { gmail: [] } }, /must name at least one action/],
    [
      { tools: ["slack"], toolActions: { gmail: ["send-email"] } },
      /toolActions names the tool "gmail", which tools does not hold: add it to tools/,
    ],
    [
      { tools: ["gmail"], toolActions: { gmail: ["a"] }, toolConnections: { slack: { k: SECRET } } },
      /toolConnections names the tool "slack", which toolActions does not hold: its settings are sent with its actions/,
    ],
    [
      { tools: ["gmail"], toolActions: { gmail: ["a"] }, toolConnections: { gmail: { emailId: "" } } },
      /a connection field must not be empty/,
    ],
  ])(
    "check refuses %j naming the field and the rule, before any call, the settings never shown",
    async (args, rule) => {
      emulated().admin.clearRequests();
      const r = await provider("AiAgent").check({}, { name: "bad", ...args, connection });
      expect(r.failures.map((f) => f.reason).join("\n")).toMatch(rule);
      expect(JSON.stringify(r.failures)).not.toContain(SECRET);
      expect(emulated().admin.requests()).toEqual([]);
    },
  );
});

describe("chat-export of an agent's tool actions", () => {
  it("writes each tool's enabled actions, never the settings; adopted back without a write", async () => {
    const p = provider("AiAgent");
    const name = unique("export-actions");
    const declared = {
      name,
      tools: ["gmail", "slack"],
      toolActions: { gmail: ["send-email"], slack: ["post-message", "list-channels"] },
      toolConnections: { gmail: { emailId: SECRET } },
    };
    await p.create(await checked("AiAgent", declared));
    // an agent with a tool but no action enabled: no toolActions written for it
    const bare = unique("export-bare");
    await p.create(await checked("AiAgent", { name: bare, tools: ["gmail"] }));

    const { yaml } = await exportEnvironment({ chat: chat(), apiKey: connection.apiKey });
    expect(yaml).not.toContain(SECRET);
    const agents = list(parseEnvironment(yaml, "exported.yaml"), "aiAgents");
    const a = agents.find((x) => x.name === name);
    expect(a?.toolActions).toEqual({
      gmail: ["send-email"],
      slack: expect.arrayContaining(["post-message", "list-channels"]),
    });
    expect(agents.find((x) => x.name === bare)).not.toHaveProperty("toolActions");
    // The connection settings are never given back: a key to set for each tool with actions.
    expect(a?.toolConnections).toEqual({
      gmail: { secret: expect.any(String) },
      slack: { secret: expect.any(String) },
    });

    emulated().admin.clearRequests();
    // As the stack's config gives them: gmail's set, slack's (the agent holds none) deleted.
    const { adopt: _a, toolConnections: _c, ...agentArgs } = a ?? {};
    const { inputs, failures } = await p.check(
      {},
      { ...agentArgs, toolConnections: declared.toolConnections, adopt: true, connection },
    );
    expect(failures).toEqual([]);
    await p.create(inputs);
    expect(
      emulated()
        .admin.requests()
        .filter((r) => r.method !== "GET"),
    ).toEqual([]);
  });
});

describe("ExternalAgent's BYO tools and actions", () => {
  const base = { provider: "langgraph" as const, deploymentUrl: "https://agents.example.com" };
  it("sent on create, read back, changed in place, emptied when removed", async () => {
    const p = provider("ExternalAgent");
    const name = unique("byo-tools");
    const { id, outs } = await p.create(
      await checked("ExternalAgent", { name, ...base, tools: ["lookupOrder"], actions: ["openOrder"] }),
    );
    const raw = async () => (await chat().listAll("listByoAgents", { query: { searchKey: name } }))[0];
    expect(await raw()).toMatchObject({ tools: ["lookupOrder"], actions: ["openOrder"] });
    expect((await p.read(id, outs)).inputs).toMatchObject({ tools: ["lookupOrder"], actions: ["openOrder"] });

    const news = await checked("ExternalAgent", { name, ...base, tools: ["trackParcel", "lookupOrder"] });
    expect((await p.diff(id, outs, news)).replaces ?? []).toEqual([]);
    const { outs: after } = await p.update(id, outs, news);
    expect(await raw()).toMatchObject({ tools: ["trackParcel", "lookupOrder"], actions: [] });
    const read = await p.read(id, after);
    expect(read.inputs).toMatchObject({ tools: ["trackParcel", "lookupOrder"] });
    expect((await p.diff(id, read.props ?? {}, news)).changes).toBe(false);
  });

  it("a name out of the vendor's pattern is refused at check, naming the field", async () => {
    const r = await provider("ExternalAgent").check(
      {},
      { name: "x", ...base, tools: ["9lives"], connection },
    );
    expect(r.failures.map((f) => `${f.property}: ${f.reason}`).join("\n")).toMatch(
      /tools.*BYO tool's name must start/,
    );
  });
});
