// Bots and AI agents (docs/service/bots-agents-and-social.md; decision 0090 where the vendor is silent).
import { LIMITS, routes, secretPaths } from "../../../provider/contract";
import { unique } from "../../support/emulator";
import { Harness } from "./harness";

type Json = Record<string, unknown>;

let h: Harness;
beforeAll(async () => {
  h = await Harness.start();
});
afterAll(() => h.close());

const user = async () => {
  const uid = unique("ba-u");
  await h.ok("createUser", { body: { uid, name: uid } });
  return uid;
};
const hook = "https://bot.example.com/hook";

// As the vendor's pages have them (https://www.cometchat.com/docs/rest-api/bots: create, list, get, update, delete).
describe("bots", () => {
  /** The answer as it travels (what the service leaves out stays out). */
  const raw = async (uid: string) => (await h.call("getBot", { params: { uid } })).json as { data: Json };

  it("makes a bot of an existing user at the service's defaults: disabled, no group messages, no basic auth", async () => {
    const uid = await user();
    const c = await h.ok("createBot", { body: { uid: uid.toUpperCase(), webhookURL: hook } });
    // False and empty fields are left out; updatedAt appears only once the bot is updated.
    expect(c.data).toEqual({ uid, webhookURL: hook, groupChatSetting: "none", createdAt: c.data.createdAt });
    expect((await raw(uid)).data).toEqual(c.data);
    const u = await h.ok("updateBot", { params: { uid }, body: { enabled: true } });
    expect(u.data).toMatchObject({ enabled: true, groupChatSetting: "none", updatedAt: expect.any(Number) });
    await h.ok("deleteBot", { params: { uid } });
    await h.fails("getBot", { params: { uid } }, 404, "ERR_BOT_NOT_FOUND");
    await h.fails("deleteBot", { params: { uid } }, 404, "ERR_BOT_NOT_FOUND");
    // The user stays, an ordinary user again: not a bot.
    expect((await h.ok("getUser", { params: { uid } })).data.uid).toBe(uid);
  });

  it("takes the four group settings and no other spelling", async () => {
    const uid = await user();
    await h.ok("createBot", { body: { uid, webhookURL: hook, groupChatSetting: "slashedMessages" } });
    for (const groupChatSetting of ["allMessages", "mentionedMessages", "none", "slashedMessages"] as const) {
      const u = await h.ok("updateBot", { params: { uid }, body: { groupChatSetting } });
      expect(u.data.groupChatSetting).toBe(groupChatSetting);
    }
    for (const former of ["all", "mentions"])
      await h.fails(
        "updateBot",
        { params: { uid }, body: { groupChatSetting: former } },
        400,
        "ERR_BAD_REQUEST",
      );
  });

  it("keeps a create's credentials only with basic auth on, and echoes the stored password", async () => {
    const off = await user();
    const c = await h.ok("createBot", {
      body: { uid: off, webhookURL: hook, useBasicAuth: false, username: "bot", password: "dropped-1" },
    });
    expect(c.data).not.toHaveProperty("username");
    expect(c.data).not.toHaveProperty("password");
    expect(JSON.stringify(await raw(off))).not.toContain("dropped-1");

    const on = await user();
    const made = await h.ok("createBot", {
      body: { uid: on, webhookURL: hook, useBasicAuth: true, username: "bot", password: "s3cret" },
    });
    expect(made.data).toMatchObject({ useBasicAuth: true, username: "bot", password: "s3cret" });
    expect((await raw(on)).data).toMatchObject({ password: "s3cret" });
    const listed = await h.ok("listBots", { query: { searchKey: on } });
    expect(listed.data.map((b) => [b.uid, b.password])).toEqual([[on, "s3cret"]]);
  });

  it("stores an update's credentials as sent; turning basic auth off keeps them", async () => {
    const uid = await user();
    await h.ok("createBot", { body: { uid, webhookURL: hook } });
    const u = await h.ok("updateBot", { params: { uid }, body: { username: "later", password: "kept-2" } });
    expect(u.data).toMatchObject({ username: "later", password: "kept-2" });
    expect(u.data).not.toHaveProperty("useBasicAuth");
    await h.ok("updateBot", { params: { uid }, body: { useBasicAuth: true } });
    const off = await h.ok("updateBot", { params: { uid }, body: { useBasicAuth: false } });
    expect(off.data).toMatchObject({ username: "later", password: "kept-2" });
    expect(off.data).not.toHaveProperty("useBasicAuth");
    // Cleared only by sending them empty.
    const cleared = await h.ok("updateBot", { params: { uid }, body: { username: "", password: "" } });
    expect(cleared.data).not.toHaveProperty("username");
    expect(cleared.data).not.toHaveProperty("password");
  });

  it("bounds uid, user name and password at 50 characters", async () => {
    const long = "x".repeat(LIMITS.botUidLength + 1);
    await h.ok("createUser", { body: { uid: long, name: "Long" } });
    await h.fails("createBot", { body: { uid: long, webhookURL: hook } }, 400, "ERR_BAD_REQUEST");
    const fifty = "y".repeat(LIMITS.botUidLength);
    await h.ok("createUser", { body: { uid: fifty, name: "Fifty" } });
    const auth = (n: number) => ({ useBasicAuth: true, username: "u".repeat(n), password: "p".repeat(n) });
    await h.fails(
      "createBot",
      { body: { uid: fifty, webhookURL: hook, ...auth(LIMITS.botPasswordLength + 1) } },
      400,
      "ERR_BAD_REQUEST",
    );
    const made = await h.ok("createBot", { body: { uid: fifty, webhookURL: hook, ...auth(50) } });
    expect(made.data).toMatchObject({ uid: fifty, username: "u".repeat(50), password: "p".repeat(50) });
  });

  it("lists by uid, searchKey matching its start, standard bots unless isAIBot asks for the others", async () => {
    const prefix = unique("ls");
    for (const n of ["c", "a", "b"]) {
      await h.ok("createUser", { body: { uid: `${prefix}-${n}`, name: n } });
      await h.ok("createBot", { body: { uid: `${prefix}-${n}`, webhookURL: hook } });
    }
    const listed = await h.ok("listBots", { query: { searchKey: prefix.toUpperCase(), perPage: 2 } });
    expect(listed.data.map((b) => b.uid)).toEqual([`${prefix}-a`, `${prefix}-b`]);
    expect(listed.meta.pagination.total).toBe(3);
    expect((await h.ok("listBots", { query: { searchKey: prefix, isAIBot: true } })).data).toEqual([]);
  });

  it("refuses a user that does not exist, a second bot for one user, and basic auth without credentials", async () => {
    await h.fails("createBot", { body: { uid: "ba-nobody", webhookURL: hook } }, 404, "ERR_UID_NOT_FOUND");
    const uid = await user();
    await h.ok("createBot", { body: { uid, webhookURL: hook } });
    await h.fails("createBot", { body: { uid, webhookURL: hook } }, 400, "ERR_BOT_ALREADY_EXISTS");
    await h.fails("updateBot", { params: { uid }, body: { useBasicAuth: true } }, 400, "ERR_BAD_REQUEST");
    await h.fails(
      "createBot",
      { body: { uid: await user(), webhookURL: "http://plain.example.com" } },
      400,
      "ERR_BAD_REQUEST",
    );
  });

  it("allows at most 25 bots per app", async () => {
    const a = (await h.ok("createApp", { body: { name: unique("ba-app") } })).data;
    const key = Object.values(a.apiKeys ?? {}).find((k) => k.scope === "fullAccess")?.apiKey ?? "";
    const target = { app: { appId: a.id, region: a.region }, key };
    for (let i = 0; i <= LIMITS.botsPerApp; i++) {
      const uid = `bot-${i}`;
      await h.ok("createUser", { ...target, body: { uid, name: uid } });
      if (i < LIMITS.botsPerApp) await h.ok("createBot", { ...target, body: { uid, webhookURL: hook } });
      else
        await h.fails(
          "createBot",
          { ...target, body: { uid, webhookURL: hook } },
          403,
          "ERR_PLAN_QUOTA_RESTRICTION",
        );
    }
  });

  it("marks the password as a credential, in the bodies and in the answer", () => {
    expect(secretPaths(routes.createBot.body)).toEqual(["password"]);
    expect(secretPaths(routes.updateBot.body)).toEqual(["password"]);
    expect(secretPaths(routes.getBot.response)).toEqual(["data.password"]);
    expect(secretPaths(routes.listBots.response)).toEqual(["data[].password"]);
  });
});

describe("agent builder", () => {
  it("assigns a uid; lists by cursor (limit, affix, createdAt), with search, as the vendor documents", async () => {
    const name = unique("Helper");
    const body = { name, instruction: "Be brief.", model: "m1", modelMetaData: { temperature: 0.3 } };
    const raw = await h.call("createBuilderAgent", { body });
    // As the vendor documents the create (S30): the agent under `agent`, with its wire names.
    expect(Object.keys(raw.json as object)).toEqual(["agent"]);
    const c = await h.ok("createBuilderAgent", { body: { ...body, name: `${name} once` } });
    expect(c.data.uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(c.data).toMatchObject({
      instruction: "Be brief.",
      modelMetaData: { temperature: 0.3 },
      mcpServers: [],
    });
    await h.fails("createBuilderAgent", { body: { name, instructions: "x" } }, 400, "ERR_BAD_REQUEST");
    await h.ok("createBuilderAgent", { body: { name: `${name} two` } });
    const first = await h.call("listBuilderAgents", { query: { search: name, limit: 1 } });
    const wire = first.json as {
      data: { name: string }[];
      meta: { next: { affix: string; createdAt: number } };
    };
    expect(wire.data.map((a) => a.name)).toEqual([name]); // oldest first
    expect(wire.meta.next.affix).toBe("append");
    expect(wire.meta.next.createdAt).toBeGreaterThan(1e12); // milliseconds
    const page = await h.ok("listBuilderAgents", { query: { search: name, limit: 1, ...wire.meta.next } });
    expect(page.data.map((a) => a.name)).toEqual([`${name} once`]);
    // The client walks the cursor to the end, each agent once.
    const all = await h.emu.chatClient().listAll("listBuilderAgents", { query: { search: name, limit: 1 } });
    expect(all.map((a) => a.name)).toEqual([name, `${name} once`, `${name} two`]);
    expect(typeof page.data[0]?.createdAt).toBe("number");
    // Two agents may share a name: the uid is the identity (decision 0090).
    const twin = await h.ok("createBuilderAgent", { body: { name } });
    expect(twin.data.uid).not.toBe(c.data.uid);
  });

  it("keeps the model's settings as sent: temperature, maxTokens (a whole number from 1) and keys of its own", async () => {
    const name = unique("Tokens");
    const settings = { temperature: 0.4, maxTokens: 4096, topP: 0.9 };
    const c = await h.ok("createBuilderAgent", { body: { name, modelMetaData: settings } });
    expect(c.data.modelMetaData).toEqual(settings);
    const { uid } = c.data;
    // A PATCH of modelMetaData replaces it whole (a GUESS: the vendor does not say, decision 0102).
    await h.ok("updateBuilderAgent", { params: { uid }, body: { modelMetaData: { maxTokens: 256 } } });
    expect((await h.ok("getBuilderAgent", { params: { uid } })).data.modelMetaData).toEqual({
      maxTokens: 256,
    });
    for (const maxTokens of [0, -1, 1.5]) {
      const e = await h.fails(
        "createBuilderAgent",
        { body: { name, modelMetaData: { maxTokens } } },
        400,
        "ERR_BAD_REQUEST",
      );
      expect(Object.keys(e.details ?? {})).toEqual(["modelMetaData.maxTokens"]);
    }
  });

  it("custom API tools: enableBasicAuth and each parameter's description are required (S48)", async () => {
    const slug = unique("req-tool");
    const base = { slug, name: "T", description: "d", endpoint: "https://api.example.com/t", method: "GET" };
    const noAuth = await h.fails("createApiTool", { raw: JSON.stringify(base) }, 400, "ERR_BAD_REQUEST");
    expect(noAuth.details).toEqual({ enableBasicAuth: ["The enableBasicAuth field is required."] });
    const param = { key: "q", type: "string" };
    const noDescription = await h.fails(
      "createApiTool",
      { raw: JSON.stringify({ ...base, enableBasicAuth: false, parameters: [param] }) },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(noDescription.details).toEqual({
      "parameters.0.description": ["The parameters.0.description field is required."],
    });
    const made = await h.ok("createApiTool", {
      body: {
        ...base,
        method: "GET",
        enableBasicAuth: false,
        parameters: [{ ...param, description: "what" }],
      },
    });
    expect(made.data).toMatchObject({ slug, enableBasicAuth: false, parameters: [{ description: "what" }] });
  });

  it("patches the given fields, deletes, and answers unknown uids with ERR_AGENT_NOT_FOUND", async () => {
    const { uid } = (await h.ok("createBuilderAgent", { body: { name: unique("Patched"), model: "m1" } }))
      .data;
    const u = await h.ok("updateBuilderAgent", {
      params: { uid },
      body: { isActive: false, description: "d" },
    });
    expect(u).toEqual({ success: true }); // the vendor's PATCH answers no agent
    expect((await h.ok("getBuilderAgent", { params: { uid } })).data).toMatchObject({
      isActive: false,
      description: "d",
      model: "m1",
    });
    await h.ok("deleteBuilderAgent", { params: { uid } });
    await h.fails("getBuilderAgent", { params: { uid } }, 404, "ERR_AGENT_NOT_FOUND");
    await h.fails(
      "updateBuilderAgent",
      { params: { uid }, body: { model: "x" } },
      404,
      "ERR_AGENT_NOT_FOUND",
    );
  });

  it("MCP servers: slug unique per app, headers never echoed, attached to agents only when they exist", async () => {
    const slug = unique("docs-mcp");
    const m = await h.ok("createMcpServer", {
      body: { slug, name: "Docs", url: "https://mcp.example.com", headers: { Authorization: "Bearer t" } },
    });
    expect(m.data).toMatchObject({ slug, name: "Docs" });
    expect(JSON.stringify(m)).not.toContain("Bearer t");
    await h.fails(
      "createMcpServer",
      { body: { slug, name: "Again", url: "https://mcp.example.com" } },
      400,
      "ERR_MCP_SERVER_ALREADY_EXISTS",
    );
    await h.fails(
      "createBuilderAgent",
      { body: { name: unique("A"), mcpServers: ["no-such-server"] } },
      404,
      "ERR_MCP_SERVER_NOT_FOUND",
    );
    const { uid } = (await h.ok("createBuilderAgent", { body: { name: unique("A") } })).data;
    await h.fails(
      "addAgentMcpServers",
      { params: { uid }, body: { mcps: [slug, "no-such-server"] } },
      404,
      "ERR_MCP_SERVER_NOT_FOUND",
    );
    expect((await h.ok("getBuilderAgent", { params: { uid } })).data.mcpServers).toEqual([]);
    await h.ok("addAgentMcpServers", { params: { uid }, body: { mcps: [slug] } });
    const again = await h.ok("addAgentMcpServers", { params: { uid }, body: { mcps: [slug] } });
    expect(again.data.mcpServers).toEqual([slug]);
    // The vendor's body names the servers `mcps`: another name is refused.
    await h.fails(
      "addAgentMcpServers",
      { params: { uid }, raw: JSON.stringify({ mcpServers: [slug] }) },
      400,
      "ERR_BAD_REQUEST",
    );
    const removed = await h.ok("removeAgentMcpServers", { params: { uid }, body: { mcps: [slug] } });
    expect(removed.data.mcpServers).toEqual([]);
    await h.fails("getMcpServer", { params: { slug: "no-such-server" } }, 404, "ERR_MCP_SERVER_NOT_FOUND");
  });

  it("MCP servers are deleted by slug (S48); agents naming one no longer do, and a second delete is a 404", async () => {
    const slug = unique("gone-mcp");
    const kept = unique("kept-mcp");
    for (const s of [slug, kept])
      await h.ok("createMcpServer", { body: { slug: s, name: s, url: "https://mcp.example.com" } });
    const { uid } = (
      await h.ok("createBuilderAgent", { body: { name: unique("A"), mcpServers: [slug, kept] } })
    ).data;
    const raw = await h.call("deleteMcpServer", { params: { slug } });
    expect(raw.status).toBe(200);
    expect(raw.json).toMatchObject({ success: true });
    await h.fails("getMcpServer", { params: { slug } }, 404, "ERR_MCP_SERVER_NOT_FOUND");
    expect((await h.ok("getBuilderAgent", { params: { uid } })).data.mcpServers).toEqual([kept]);
    expect((await h.ok("listMcpServers", {})).data.map((m) => m.slug)).not.toContain(slug);
    await h.fails("deleteMcpServer", { params: { slug } }, 404, "ERR_MCP_SERVER_NOT_FOUND");
    // The slug is free again.
    await h.ok("createMcpServer", { body: { slug, name: "Again", url: "https://mcp.example.com" } });
  });

  it("MCP servers answer bare, in milliseconds, as the vendor documents; read, changed and listed by cursor", async () => {
    const slug = unique("wire-mcp");
    const made = await h.call("createMcpServer", {
      body: { slug, name: "W", url: "https://mcp.example.com" },
    });
    const wire = made.json as { slug: string; createdAt: number; data?: unknown };
    expect(wire.slug).toBe(slug);
    expect(wire.data).toBeUndefined();
    expect(wire.createdAt).toBeGreaterThan(1e12);
    const changed = await h.ok("updateMcpServer", {
      params: { slug },
      body: { name: "W2", description: "d", icon: "https://cdn.example.com/w.png" },
    });
    expect(changed.data).toMatchObject({
      slug,
      name: "W2",
      description: "d",
      icon: "https://cdn.example.com/w.png",
    });
    expect(changed.data.updatedAt).toBeGreaterThan(wire.createdAt);
    await h.ok("updateMcpServer", { params: { slug }, body: { description: "" } });
    expect((await h.ok("getMcpServer", { params: { slug } })).data.description).toBeUndefined();
    const second = unique("wire-mcp");
    await h.ok("createMcpServer", { body: { slug: second, name: "W", url: "https://mcp.example.com" } });
    const after = await h.ok("listMcpServers", { query: { affix: "append", createdAt: wire.createdAt } });
    expect(after.data.map((m) => m.slug)).toContain(second);
    expect(after.data.map((m) => m.slug)).not.toContain(slug);
    const before = await h.ok("listMcpServers", {
      query: { affix: "prepend", createdAt: wire.createdAt + 1 },
    });
    expect(before.data.map((m) => m.slug)).toContain(slug);
    expect(before.data.map((m) => m.slug)).not.toContain(second);
    expect(secretPaths(routes.createMcpServer.body)).toEqual(["headers"]);
  });
});

describe("bring-your-own agents", () => {
  const body = (name: string) => ({
    name,
    integrateWith: "langgraph",
    integrationType: "agent",
    integrationMeta: { baseUrl: "https://agent.example.com/run" },
  });

  it("creates with a uid, lists bare, patches and deletes, as the vendor documents; headers are never echoed", async () => {
    const name = unique("Byo");
    const made = await h.call("createByoAgent", {
      body: {
        ...body(name),
        integrationMeta: { baseUrl: "https://agent.example.com/run", headers: { "X-Key": "k1" } },
      },
    });
    expect(Object.keys(made.json as object)).toEqual(["agent"]);
    expect(made.text).not.toContain("k1");
    const c = (made.json as { agent: { uid: string; createdAt: unknown } }).agent;
    expect(c).toMatchObject({ name, integrateWith: "langgraph", isActive: true });
    expect(typeof c.createdAt).toBe("string"); // ISO text (S27)
    const raw = await h.call("listByoAgents", { query: { searchKey: name } });
    expect(Array.isArray(raw.json)).toBe(true); // a bare array (S27)
    const listed = await h.ok("listByoAgents", { query: { searchKey: name } });
    expect(listed.data.map((a) => a.uid)).toEqual([c.uid]);
    const meta = { baseUrl: "https://agent.example.com/run", agentId: "graph-1" };
    expect(await h.ok("updateByoAgent", { params: { uid: c.uid }, body: { integrationMeta: meta } })).toEqual(
      {
        success: true,
      },
    );
    expect((await h.ok("listByoAgents", { query: { searchKey: name } })).data[0]?.integrationMeta).toEqual(
      meta,
    );
    await h.ok("deleteByoAgent", { params: { uid: c.uid } });
    expect((await h.ok("listByoAgents", { query: { searchKey: name } })).data).toEqual([]);
    await h.fails("deleteByoAgent", { params: { uid: c.uid } }, 404, "ERR_AGENT_NOT_FOUND");
    expect(secretPaths(routes.createByoAgent.body)).toEqual(["integrationMeta.headers"]);
  });

  it("refuses an unknown framework, a plain-http URL, our old field names and a name over 100 characters", async () => {
    await h.fails(
      "createByoAgent",
      { body: { ...body("x"), integrateWith: "skynet" } },
      400,
      "ERR_BAD_REQUEST",
    );
    await h.fails(
      "createByoAgent",
      { body: { ...body("x"), integrationMeta: { baseUrl: "http://agent.example.com" } } },
      400,
      "ERR_BAD_REQUEST",
    );
    await h.fails(
      "createByoAgent",
      { body: { name: "x", provider: "langgraph", deploymentUrl: "https://agent.example.com" } },
      400,
      "ERR_BAD_REQUEST",
    );
    await h.fails("createByoAgent", { body: body("n".repeat(101)) }, 400, "ERR_BAD_REQUEST");
  });
});
