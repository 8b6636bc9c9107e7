// AI agents through the generic provider as the engine drives it, against the emulator: AiAgent and
// ExternalAgent (server-chosen uids, reconciled by a unique name) and McpServer (a slug; deleted on destroy,
// decision 0117).
import { clientContext } from "../../../provider/kinds";
import { aiAgent } from "../../../provider/kinds/ai-agent";
import { externalAgent } from "../../../provider/kinds/external-agent";
import { mcpServer } from "../../../provider/kinds/mcp-server";
import { JumpingClock } from "../../support/clock";
import { type Emulated, FAST, unique, useCleanEmulated } from "../../support/emulator";
import { providerOf as provider } from "../../support/provider";
import { received } from "../client/helpers";

const clock = new JumpingClock(); // the service's, moved on instead of waited for
const emulated = useCleanEmulated({ clientOptions: FAST, clock });
let connection: Emulated["connection"];
beforeAll(() => {
  ({ connection } = emulated());
});

const chat = () => emulated().chat;
const ctx = () => clientContext({ chat: () => chat() });
const checked = async (kind: "AiAgent" | "ExternalAgent" | "McpServer", args: Record<string, unknown>) => {
  const r = await provider(kind).check({}, { ...args, connection });
  expect(r.failures).toEqual([]);
  return r.inputs;
};
const AGENTS = "/v3/ai-agents/agent-builder/agents";

describe("McpServer", () => {
  const MCP = "/v3/ai-agents/agent-builder/mcp-servers";
  const get = async (slug: string) => (await chat().call("getMcpServer", { params: { slug } })).data;

  it("create, read, update in place, drift, import; headers secret and kept; delete removes the server", async () => {
    const p = provider("McpServer");
    const slug = unique("mcp");
    const inputs = await checked("McpServer", {
      slug,
      name: "Docs",
      url: "https://mcp.example.com",
      icon: "https://cdn.example.com/m.png",
      headers: '{"Authorization":"Bearer t"}',
    });
    expect(inputs.headers).toEqual({ Authorization: "Bearer t" }); // JSON text normalised
    const { id, outs } = await p.create(inputs);
    expect(id).toBe(slug);
    expect(outs.createdAt).toBeLessThan(1e11); // seconds, from the service's milliseconds
    const read = await p.read(id, outs);
    expect(read.inputs).toEqual({
      slug,
      name: "Docs",
      url: "https://mcp.example.com",
      icon: "https://cdn.example.com/m.png",
    });
    expect(read.props?.headers).toEqual({ Authorization: "Bearer t" }); // kept from state, never returned

    const news = await checked("McpServer", {
      slug,
      name: "Docs 2",
      url: "https://mcp.example.com/2",
      description: "d",
    });
    const diff = await p.diff(id, outs, news);
    expect(diff.replaces ?? []).toEqual([]);
    const { outs: after } = await p.update(id, outs, news);
    // The icon is left as it was, no longer managed (a PATCH cannot empty it); headers removed are emptied.
    expect(await get(slug)).toMatchObject({
      name: "Docs 2",
      url: "https://mcp.example.com/2",
      description: "d",
      icon: "https://cdn.example.com/m.png",
    });
    expect((await p.read(id, after)).inputs).toEqual({
      slug,
      name: "Docs 2",
      url: "https://mcp.example.com/2",
      description: "d",
    });
    expect(received(emulated(), "PATCH", `${MCP}/${slug}`)).toHaveLength(1);

    // drift: a change made elsewhere shows in the read
    await chat().call("updateMcpServer", { params: { slug }, body: { name: "Renamed" } });
    expect((await p.read(id, after)).inputs?.name).toBe("Renamed");
    // import: the whole server from its slug alone
    expect((await p.read(slug, { connection }, true)).inputs).toEqual({
      slug,
      name: "Renamed",
      url: "https://mcp.example.com/2",
      description: "d",
      icon: "https://cdn.example.com/m.png",
    });

    // An agent naming the server (made elsewhere) no longer names it once the server is deleted.
    const agent = await chat().call("createBuilderAgent", {
      body: { name: unique("a"), mcpServers: [slug] },
    });
    emulated().admin.clearRequests();
    await p.delete(id, after);
    expect(received(emulated(), "DELETE", `${MCP}/${slug}`)).toHaveLength(1);
    await expect(get(slug)).rejects.toThrow(/does not exist/);
    expect((await p.read(id, after)).id).toBe(""); // gone: dropped on refresh
    const uid = agent.data.uid;
    expect((await chat().call("getBuilderAgent", { params: { uid } })).data.mcpServers).toEqual([]);
    // Already gone (deleted in the dashboard): destroy succeeds (the service's 404 is what it wants).
    await p.delete(id, after);
    expect(received(emulated(), "DELETE", `${MCP}/${slug}`)).toHaveLength(2);
    // The slug is free again: a new create makes it without adopt.
    expect((await p.create(inputs)).id).toBe(slug);
  });

  it("a replacement (new slug) makes the new server and deletes the old one", async () => {
    const p = provider("McpServer");
    const [old, next] = [unique("mcp-old-slug"), unique("mcp-new-slug")];
    const base = { name: "R", url: "https://mcp.example.com" };
    const made = await p.create(await checked("McpServer", { slug: old, ...base }));
    const news = await checked("McpServer", { slug: next, ...base });
    expect(await p.diff(made.id, made.outs, news)).toEqual({
      changes: true,
      replaces: ["slug"],
      deleteBeforeReplace: false,
    });
    // As the engine runs a replacement: the new one first, then the old one deleted.
    await p.create(news);
    await p.delete(made.id, made.outs);
    expect((await get(next)).slug).toBe(next);
    await expect(get(old)).rejects.toThrow(/does not exist/);
  });

  it("a missing server reads as gone (its resource is dropped on refresh)", async () => {
    expect((await provider("McpServer").read(unique("nope"), { slug: "x", connection })).id).toBe("");
  });

  it.each([
    ["a failure before it is applied (503)", "error", 2],
    ["a lost answer after it is applied", "dropAfterApply", 1],
  ])("is created once through %s (the slug read back)", async (_what, kind, posts) => {
    const slug = unique("mcp-fault");
    const inputs = await checked("McpServer", { slug, name: "Faulty", url: "https://mcp.example.com" });
    emulated().admin.setFaults([{ kind: kind as "error", method: "POST", path: MCP, times: 1, status: 503 }]);
    const { id, outs } = await provider("McpServer").create(inputs);
    emulated().admin.clearFaults();
    expect(id).toBe(slug);
    expect(outs.createdAt).toBeLessThan(1e11);
    expect(received(emulated(), "POST", MCP).length).toBe(posts);
    expect(received(emulated(), "GET", `${MCP}/${slug}`).length).toBe(1);
  });

  it("a lost answer where the slug existed before is a conflict, not taken over (milliseconds compared as seconds)", async () => {
    const slug = unique("mcp-old");
    await chat().call("createMcpServer", { body: { slug, name: "Old", url: "https://mcp.example.com" } });
    // The check compares seconds: the earlier server must be clearly older than the create.
    clock.jump(2100);
    const inputs = await checked("McpServer", { slug, name: "New", url: "https://mcp.example.com" });
    emulated().admin.setFaults([{ kind: "error", method: "POST", path: MCP, times: 1, status: 503 }]);
    await expect(provider("McpServer").create(inputs)).rejects.toThrow(/already existed before this create/);
    expect((await get(slug)).name).toBe("Old");
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
    expect((await get(slug)).name).toBe("New");
  });

  it("list walks the service's cursor pages: every server once, by slug", async () => {
    const prefix = unique("mcp-page");
    const slugs = Array.from({ length: 105 }, (_, i) => `${prefix}-${String(i).padStart(3, "0")}`);
    for (const slug of slugs)
      await chat().call("createMcpServer", { body: { slug, name: slug, url: "https://mcp.example.com" } });
    emulated().admin.clearRequests();
    const listed = (await mcpServer.list?.(ctx(), {})) ?? [];
    const mine = listed.filter((l) => l.id.startsWith(prefix));
    expect(mine.map((l) => l.id)).toEqual(slugs);
    expect(mine[0]?.args).toEqual({ slug: slugs[0], name: slugs[0], url: "https://mcp.example.com" });
    expect(received(emulated(), "GET", MCP).length).toBeGreaterThanOrEqual(2);
  });

  it("check names the field and the rule before any call", async () => {
    const r = await provider("McpServer").check(
      {},
      { slug: "a b", name: "", url: "http://x.example.com", icon: "not a url", connection },
    );
    const reasons = r.failures.map((f) => f.reason);
    expect(reasons).toEqual([
      "slug may contain only letters, digits, '-' and '_'",
      "name must not be empty",
      "url must be an https URL (http only for localhost)",
      "icon must be a URL",
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
    // On the wire as the vendor names it: the prompt is `instruction`, the temperature in `modelMetaData`.
    const wire = (await chat().call("getBuilderAgent", { params: { uid: id } })).data;
    expect(wire).toMatchObject({
      instruction: "Be brief.",
      modelMetaData: { temperature: 0.5 },
      metaData: { suggestedMessages: ["hi"] },
    });
    expect(wire).not.toHaveProperty("instructions");
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
    // A removed model goes back to the service's default (S30), which a refresh does not show as drift.
    expect((await chat().call("getBuilderAgent", { params: { uid: id } })).data.model).toBe("gpt-4o-mini");
    expect((await p.diff(id, now.props ?? {}, news)).changes).toBe(false);

    // drift: a change made elsewhere shows in the read
    await chat().call("updateBuilderAgent", { params: { uid: id }, body: { model: "other" } });
    expect((await p.read(id, after)).inputs?.model).toBe("other");

    await p.delete(id, after);
    expect((await p.read(id, after)).id).toBe("");
  });

  it("maxTokens round trip: sent in modelMetaData beside temperature, read back, changed in place, limits checked", async () => {
    const p = provider("AiAgent");
    const name = unique("tokens");
    const { id, outs } = await p.create(
      await checked("AiAgent", { name, temperature: 0.7, maxTokens: 4096 }),
    );
    const wire = async () => (await chat().call("getBuilderAgent", { params: { uid: id } })).data;
    expect((await wire()).modelMetaData).toEqual({ temperature: 0.7, maxTokens: 4096 });
    expect((await p.read(id, outs)).inputs).toMatchObject({ name, temperature: 0.7, maxTokens: 4096 });

    const news = await checked("AiAgent", { name, temperature: 0.7, maxTokens: 1024 });
    const diff = await p.diff(id, outs, news);
    expect(diff).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false });
    const { outs: after } = await p.update(id, outs, news);
    expect((await wire()).modelMetaData).toEqual({ temperature: 0.7, maxTokens: 1024 });
    const now = await p.read(id, after);
    expect(now.inputs).toMatchObject({ maxTokens: 1024 });
    expect((await p.diff(id, now.props ?? {}, news)).changes).toBe(false);

    // drift: a change made elsewhere shows in the read
    await chat().call("updateBuilderAgent", {
      params: { uid: id },
      body: { modelMetaData: { temperature: 0.7, maxTokens: 99 } },
    });
    expect((await p.read(id, after)).inputs?.maxTokens).toBe(99);

    emulated().admin.clearRequests();
    const bad = await provider("AiAgent").check({}, { name, maxTokens: 0, connection });
    expect(bad.failures.map((f) => f.reason)).toEqual(["maxTokens must be at least 1"]);
    const half = await provider("AiAgent").check({}, { name, maxTokens: 2.5, connection });
    expect(half.failures.map((f) => f.reason)).toEqual(["maxTokens must be a whole number"]);
    expect(emulated().admin.requests().length).toBe(0);
    await p.delete(id, after);
  });

  it("changes its MCP servers in place: attaches, detaches, and reverts a detach made elsewhere", async () => {
    const p = provider("AiAgent");
    const [a, b, c] = [unique("mcp-x"), unique("mcp-y"), unique("mcp-z")];
    for (const slug of [a, b, c])
      await chat().call("createMcpServer", { body: { slug, name: slug, url: "https://mcp.example.com" } });
    const name = unique("agent-mcp");
    const { id, outs } = await p.create(await checked("AiAgent", { name, mcpServers: [a, b] }));
    const news = await checked("AiAgent", { name, mcpServers: [b, c] });
    const diff = await p.diff(id, outs, news);
    expect(diff.replaces ?? []).toEqual([]);
    expect(diff.changes).toBe(true);
    emulated().admin.clearRequests();
    const { outs: after } = await p.update(id, outs, news);
    expect(after.uid).toBe(id);
    expect(received(emulated(), "PATCH", `${AGENTS}/${id}/mcp/add`)).toHaveLength(1);
    expect(received(emulated(), "PATCH", `${AGENTS}/${id}/mcp/remove`)).toHaveLength(1);
    const attached = async () =>
      [...(await chat().call("getBuilderAgent", { params: { uid: id } })).data.mcpServers].sort();
    expect(await attached()).toEqual([b, c].sort());

    // drift: detached in the dashboard, seen by the read, attached again by the next update
    await chat().call("removeAgentMcpServers", { params: { uid: id }, body: { mcps: [c] } });
    const drifted = await p.read(id, after);
    expect(drifted.inputs?.mcpServers).toEqual([b]);
    await p.update(id, drifted.props ?? {}, news);
    expect(await attached()).toEqual([b, c].sort());

    // none declared: every server detached
    await p.update(id, after, await checked("AiAgent", { name }));
    expect(await attached()).toEqual([]);
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
    const all = (await chat().listAll("listBuilderAgents", { query: { search: name } })).filter(
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
  /** The same agent as the wire names it (S27). */
  const wire = {
    integrateWith: "langgraph" as const,
    integrationType: "agent" as const,
    integrationMeta: { baseUrl: "https://agents.example.com" },
  };

  it("create, read (no GET route: through the listing), update, drift, delete", async () => {
    const p = provider("ExternalAgent");
    const name = unique("byo");
    const inputs = await checked("ExternalAgent", {
      name,
      ...base,
      agentId: "graph",
      headers: { Authorization: "x" },
      description: "d",
      greetingMessage: "hi",
    });
    const { id, outs } = await p.create(inputs);
    // On the wire as the vendor names it (S27): the framework, the deployment and the presentation apart.
    const [raw] = await chat().listAll("listByoAgents", { query: { searchKey: name } });
    expect(raw).toMatchObject({
      integrateWith: "langgraph",
      integrationType: "agent",
      integrationMeta: { baseUrl: base.deploymentUrl, agentId: "graph" },
      metaData: { description: "d", greetingMessage: "hi" },
    });
    expect(JSON.stringify(raw)).not.toContain('"x"'); // the headers are never answered
    expect(typeof outs.createdAt).toBe("number"); // seconds, from the service's ISO text
    const read = await p.read(id, outs);
    // isActive left out: at its default
    expect(read.inputs).toEqual({ name, ...base, agentId: "graph", description: "d", greetingMessage: "hi" });
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
    const first = await chat().call("createByoAgent", { body: { name, ...wire } });
    const inputs = await checked("ExternalAgent", { name, ...base, adopt: true });
    expect((await provider("ExternalAgent").create(inputs)).id).toBe(first.data.uid);
    await chat().call("createByoAgent", { body: { name, ...wire } });
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
