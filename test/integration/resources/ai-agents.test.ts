// AI agents through the generic provider as the engine drives it, against the emulator: AiAgent and
// ExternalAgent (server-chosen uids, reconciled by a unique name) and McpServer (create-only, decision 0090).
import { resetBudgets } from "../../../provider/client";
import { clientContext } from "../../../provider/resources";
import { aiAgent, externalAgent } from "../../../provider/resources/ai-agents";
import { type Emulated, FAST, unique, useEmulated } from "../../support/emulator";
import { providerOf as provider } from "../../support/provider";
import { received } from "../client/helpers";

const emulated = useEmulated({ clientOptions: FAST });
let connection: Emulated["connection"];
beforeAll(() => {
  ({ connection } = emulated());
});
beforeEach(() => {
  emulated().admin.clearFaults();
  emulated().admin.clearRequests();
});
afterEach(() => resetBudgets());

const chat = () => emulated().chat;
const ctx = () => clientContext({ chat: () => chat() });
const checked = async (kind: "AiAgent" | "ExternalAgent" | "McpServer", args: Record<string, unknown>) => {
  const r = await provider(kind).check({}, { ...args, connection });
  expect(r.failures).toEqual([]);
  return r.inputs;
};
const AGENTS = "/v3/ai-agents/agent-builder/agents";

describe("McpServer", () => {
  it("is created with its headers kept secret in state, read as declared, and left by delete", async () => {
    const p = provider("McpServer");
    const slug = unique("mcp");
    const inputs = await checked("McpServer", {
      slug,
      name: "Docs",
      url: "https://mcp.example.com",
      headers: '{"Authorization":"Bearer t"}',
    });
    expect(inputs.headers).toEqual({ Authorization: "Bearer t" }); // JSON text normalised
    const { id, outs } = await p.create(inputs);
    expect(id).toBe(slug);
    const read = await p.read(id, outs);
    expect(read.inputs).toMatchObject({ slug, name: "Docs", url: "https://mcp.example.com" });
    expect(read.inputs?.headers).toBeUndefined(); // secrets are not refreshed inputs
    await expect(p.update(id, outs, { ...outs, url: "https://other.example.com" })).rejects.toThrow(
      /cannot be changed/,
    );
    await p.delete(id, outs);
    // No delete route: the slug still exists, and a second create says so; adopt takes it over.
    await expect(p.create(inputs)).rejects.toThrow(/already exists: set adopt: true/);
    const adopted = await p.create({ ...inputs, adopt: true });
    expect(adopted.id).toBe(slug);
  });

  it.each([
    ["a failure before it is applied (503)", "error"],
    ["a lost answer after it is applied", "dropAfterApply"],
  ])("is created once through %s", async (_what, kind) => {
    const slug = unique("mcp-fault");
    const inputs = await checked("McpServer", { slug, name: "Faulty", url: "https://mcp.example.com" });
    const path = "/v3/ai-agents/agent-builder/mcp-servers";
    emulated().admin.setFaults([{ kind: kind as "error", method: "POST", path, times: 1, status: 503 }]);
    const { id } = await provider("McpServer").create(inputs);
    emulated().admin.clearFaults();
    expect(id).toBe(slug);
    expect(received(emulated(), "POST", path).length).toBe(2);
    // Made exactly once: an agent may name it, and a third create says it exists.
    await chat().call("createBuilderAgent", { body: { name: unique("uses"), mcpServers: [slug] } });
    await expect(provider("McpServer").create(inputs)).rejects.toThrow(/already exists/);
  });

  it("adopt: true creates a server that does not exist yet", async () => {
    const slug = unique("mcp-new");
    const inputs = await checked("McpServer", {
      slug,
      name: "New",
      url: "https://mcp.example.com",
      adopt: true,
    });
    await provider("McpServer").create(inputs);
    await expect(
      chat().call("createBuilderAgent", { body: { name: unique("probe"), mcpServers: [slug] } }),
    ).resolves.toBeDefined();
  });

  it("check names the field and the rule before any call", async () => {
    const r = await provider("McpServer").check(
      {},
      { slug: "a b", name: "", url: "http://x.example.com", connection },
    );
    const reasons = r.failures.map((f) => f.reason);
    expect(reasons).toEqual([
      "slug may contain only letters, digits, '-' and '_'",
      "name must not be empty",
      "url must be an https URL",
    ]);
    expect(emulated().admin.requests().length).toBe(0);
  });
});

describe("AiAgent", () => {
  it("create, read, update (emptying removed fields), drift, delete", async () => {
    const p = provider("AiAgent");
    const slug = unique("mcp-a");
    await chat().call("createMcpServer", { body: { slug, name: "S", url: "https://mcp.example.com" } });
    const name = unique("agent");
    const inputs = await checked("AiAgent", {
      name,
      description: "first",
      instructions: "Be brief.",
      model: "gpt-4o",
      temperature: 0.5,
      suggestedMessages: ["hi"],
      mcpServers: [slug],
    });
    const { id, outs } = await p.create(inputs);
    expect(outs.uid).toBe(id);
    const read = await p.read(id, outs);
    expect(read.inputs).toMatchObject({
      name,
      description: "first",
      model: "gpt-4o",
      temperature: 0.5,
      mcpServers: [slug],
    });

    const news = await checked("AiAgent", { name, instructions: "Be kind.", mcpServers: [slug] });
    const { outs: after } = await p.update(id, outs, news);
    const now = await p.read(id, after);
    expect(now.inputs).toEqual({ name, instructions: "Be kind.", mcpServers: [slug] }); // isActive: default

    // drift: a change made elsewhere shows in the read
    await chat().call("updateBuilderAgent", { params: { uid: id }, body: { model: "other" } });
    expect((await p.read(id, after)).inputs?.model).toBe("other");

    const diff = await p.diff(id, after, { ...news, mcpServers: [] });
    expect(diff.replaces).toContain("mcpServers");

    await p.delete(id, after);
    expect((await p.read(id, after)).id).toBe("");
  });

  it("adopts by unique name, and refuses when two agents share it", async () => {
    const name = unique("twin");
    const first = await chat().call("createBuilderAgent", { body: { name, model: "m1" } });
    const inputs = await checked("AiAgent", { name, model: "m2", adopt: true });
    const { id } = await provider("AiAgent").create(inputs);
    expect(id).toBe(first.data.uid);
    const got = await chat().call("getBuilderAgent", { params: { uid: id } });
    expect(got.data.model).toBe("m2");

    await chat().call("createBuilderAgent", { body: { name } });
    await expect(provider("AiAgent").create(inputs)).rejects.toThrow(/2 AI agents are named/);
  });

  it("a lost create answer is recovered by name, without a second agent", async () => {
    const name = unique("lost");
    emulated().admin.setFaults([{ kind: "dropAfterApply", method: "POST", path: AGENTS, times: 1 }]);
    const { id } = await provider("AiAgent").create(await checked("AiAgent", { name }));
    const all = (await chat().listAll("listBuilderAgents", { query: { searchKey: name } })).filter(
      (a) => a.name === name,
    );
    expect(all.map((a) => a.uid)).toEqual([id]);
    expect(received(emulated(), "POST", AGENTS)).toHaveLength(1);
  });

  it("made lists every agent of the name with when it was made; list finds each by exact name", async () => {
    const name = unique("made");
    const a = await chat().call("createBuilderAgent", { body: { name } });
    const b = await chat().call("createBuilderAgent", { body: { name } });
    await chat().call("createBuilderAgent", { body: { name: `${name}-other` } });
    const made = (await aiAgent.made?.(ctx(), { name })) ?? [];
    expect(made.map((m) => m.id).sort()).toEqual([a.data.uid, b.data.uid].sort());
    expect(made.every((m) => typeof m.createdAt === "number")).toBe(true);
    const listed = (await aiAgent.list?.(ctx(), { name })) ?? [];
    expect(listed.map((l) => l.id)).toEqual([a.data.uid, b.data.uid].sort());
  });

  it("check names the field and the rule before any call", async () => {
    const r = await provider("AiAgent").check({}, { name: "", temperature: 3, mcpServers: [], connection });
    const reasons = r.failures.map((f) => f.reason);
    expect(reasons).toEqual([
      "name must not be empty",
      "temperature must be at most 2",
      "mcpServers must name at least one server",
    ]);
    expect(emulated().admin.requests().length).toBe(0);
  });
});

describe("ExternalAgent", () => {
  const base = { provider: "langgraph" as const, deploymentUrl: "https://agents.example.com" };

  it("create, read (no GET route: through the listing), update, drift, delete", async () => {
    const p = provider("ExternalAgent");
    const name = unique("byo");
    const inputs = await checked("ExternalAgent", {
      name,
      ...base,
      agentId: "graph",
      headers: { Authorization: "x" },
    });
    const { id, outs } = await p.create(inputs);
    const read = await p.read(id, outs);
    expect(read.inputs).toEqual({ name, ...base, agentId: "graph" }); // isActive left out: at its default
    expect(read.props?.headers).toEqual({ Authorization: "x" }); // kept from state, never returned

    const news = await checked("ExternalAgent", {
      name,
      provider: "mastra",
      deploymentUrl: base.deploymentUrl,
    });
    const { outs: after } = await p.update(id, outs, news);
    expect((await p.read(id, after)).inputs).toEqual({
      name,
      provider: "mastra",
      deploymentUrl: base.deploymentUrl,
    }); // isActive at its default

    await chat().call("updateByoAgent", { params: { uid: id }, body: { isActive: false } });
    expect((await p.read(id, after)).inputs?.isActive).toBe(false);

    await p.delete(id, after);
    expect((await p.read(id, after)).id).toBe("");
  });

  it("adopts by unique name, and refuses when two share it", async () => {
    const name = unique("byo-twin");
    const first = await chat().call("createByoAgent", { body: { name, ...base } });
    const inputs = await checked("ExternalAgent", { name, ...base, adopt: true });
    expect((await provider("ExternalAgent").create(inputs)).id).toBe(first.data.uid);
    await chat().call("createByoAgent", { body: { name, ...base } });
    await expect(provider("ExternalAgent").create(inputs)).rejects.toThrow(/2 external agents are named/);
  });

  it("a lost create answer is recovered by name, without a second agent", async () => {
    const name = unique("byo-lost");
    emulated().admin.setFaults([
      { kind: "dropAfterApply", method: "POST", path: "/v3/ai-agents/agents", times: 1 },
    ]);
    const { id } = await provider("ExternalAgent").create(await checked("ExternalAgent", { name, ...base }));
    const made = (await externalAgent.made?.(ctx(), { name, ...base } as never)) ?? [];
    expect(made.map((m) => m.id)).toEqual([id]);
  });

  it("check names the field and the rule before any call", async () => {
    const r = await provider("ExternalAgent").check(
      {},
      { name: "x", provider: "other", deploymentUrl: "http://a.example.com", headers: "{", connection },
    );
    const reasons = r.failures.map((f) => f.reason);
    expect(reasons).toEqual([
      'provider "other" is not valid (closest valid: "mastra")',
      "deploymentUrl must be an https URL",
      "headers must be an object of header names to values, or its JSON text",
    ]);
    expect(JSON.stringify(r.failures)).not.toContain('"{"');
    expect(emulated().admin.requests().length).toBe(0);
  });
});
