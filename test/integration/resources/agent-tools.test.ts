// The agent builder's custom API tools and frontend actions through the generic provider as the engine drives
// it, against the emulator, and AiAgent's tools, apiTools and frontendActions changed in place (decision 0112).
import { exportEnvironment } from "../../../provider/environment/export";
import { parseEnvironment } from "../../../provider/environment/load";
import { clientContext } from "../../../provider/kinds";
import { agentApiTool } from "../../../provider/kinds/agent-api-tool";
import { agentFrontendAction } from "../../../provider/kinds/agent-frontend-action";
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
const ctx = () => clientContext({ chat: () => chat() });
type KindName = "AgentApiTool" | "AgentFrontendAction" | "AiAgent";
const checked = async (kind: KindName, args: Record<string, unknown>) => {
  const r = await provider(kind).check({}, { ...args, connection });
  expect(r.failures).toEqual([]);
  return r.inputs;
};
const TOOLS = "/v3/ai-agents/agent-builder/api-tools";
const ACTIONS = "/v3/ai-agents/agent-builder/frontend-actions";
const AGENTS = "/v3/ai-agents/agent-builder/agents";
const tool = (slug: string, more: Record<string, unknown> = {}) => ({
  slug,
  name: "Orders",
  description: "Looks an order up",
  endpoint: "https://api.example.com/orders",
  method: "POST" as const,
  enableBasicAuth: false,
  ...more,
});
const action = (triggerFunction: string, more: Record<string, unknown> = {}) => ({
  triggerFunction,
  name: "Open order",
  description: "Opens an order",
  ...more,
});

describe("AgentApiTool", () => {
  const get = async (slug: string) => (await chat().call("getApiTool", { params: { slug } })).data;

  it("create, read, update in place, drift shown and reverted, import; credentials secret and kept; delete", async () => {
    const p = provider("AgentApiTool");
    const slug = unique("tool");
    const inputs = await checked(
      "AgentApiTool",
      tool(slug, {
        enableBasicAuth: true,
        basicAuthUsername: "svc",
        basicAuthPassword: "s3cret-pw",
        headers: { Authorization: "Bearer t" },
        parameters: [{ key: "order", type: "string", description: "the order", required: true }],
      }),
    );
    const { id, outs } = await p.create(inputs);
    expect(id).toBe(slug);
    expect(outs.createdAt).toBeLessThan(1e11); // seconds, from the service's milliseconds
    // On the wire the headers are JSON text, and the password is never answered.
    const made = await get(slug);
    expect(made.headers).toBe('{"Authorization":"Bearer t"}');
    expect(JSON.stringify(made)).not.toContain("s3cret-pw");
    const read = await p.read(id, outs);
    expect(read.inputs).toEqual({
      ...tool(slug),
      enableBasicAuth: true,
      allowAdditionalProperties: false,
      parameters: [{ key: "order", type: "string", description: "the order", required: true }],
    });
    // The credentials are kept from state, never returned.
    expect(read.props).toMatchObject({ basicAuthUsername: "svc", basicAuthPassword: "s3cret-pw" });
    expect(read.props?.headers).toEqual({ Authorization: "Bearer t" }); // read back (secret)

    // In place: basic auth off, headers removed, a template added; the slug stays.
    const news = await checked("AgentApiTool", tool(slug, { method: "GET", bodyTemplate: "{}" }));
    const diff = await p.diff(id, outs, news);
    expect(diff.replaces ?? []).toEqual([]);
    const { outs: after } = await p.update(id, outs, news);
    expect(received(emulated(), "PATCH", `${TOOLS}/${slug}`)).toHaveLength(1);
    expect(await get(slug)).toMatchObject({
      method: "GET",
      enableBasicAuth: false,
      headers: null,
      bodyTemplate: "{}",
    });

    // drift: a change made elsewhere shows in the read, and the next update puts the declaration back
    await chat().call("updateApiTool", { params: { slug }, body: { endpoint: "https://evil.example.com" } });
    const drifted = await p.read(id, after);
    expect(drifted.inputs?.endpoint).toBe("https://evil.example.com");
    expect((await p.diff(id, drifted.props ?? {}, news)).changes).toBe(true);
    await p.update(id, drifted.props ?? {}, news);
    expect((await get(slug)).endpoint).toBe("https://api.example.com/orders");

    // import: the whole tool from its slug alone
    expect((await p.read(slug, { connection }, true)).inputs).toMatchObject({ ...tool(slug), method: "GET" });

    await p.delete(id, after);
    await expect(get(slug)).rejects.toThrow(/does not exist/);
    expect((await p.read(id, after)).id).toBe(""); // gone: dropped on refresh
  });

  it.each([
    ["a failure before it is applied (503)", "error", 2],
    ["a lost answer after it is applied", "dropAfterApply", 1],
  ])("is created once through %s (the slug read back)", async (_what, kind, posts) => {
    const slug = unique("tool-fault");
    const inputs = await checked("AgentApiTool", tool(slug));
    emulated().admin.setFaults([
      { kind: kind as "error", method: "POST", path: TOOLS, times: 1, status: 503 },
    ]);
    const { id } = await provider("AgentApiTool").create(inputs);
    emulated().admin.clearFaults();
    expect(id).toBe(slug);
    expect(received(emulated(), "POST", TOOLS).length).toBe(posts);
  });

  it("adopts an existing tool by its slug", async () => {
    const slug = unique("tool-adopt");
    await chat().call("createApiTool", { body: tool(slug, { name: "Made elsewhere" }) });
    const inputs = await checked("AgentApiTool", tool(slug));
    await expect(provider("AgentApiTool").create(inputs)).rejects.toThrow(/already exists: set adopt: true/);
    expect((await provider("AgentApiTool").create({ ...inputs, adopt: true })).id).toBe(slug);
    expect((await get(slug)).name).toBe("Orders");
  });

  it("list walks the cursor pages: every tool once, by slug", async () => {
    const prefix = unique("tool-page");
    const slugs = Array.from({ length: 12 }, (_, i) => `${prefix}-${String(i).padStart(2, "0")}`);
    for (const slug of slugs) await chat().call("createApiTool", { body: tool(slug) });
    const listed = (await agentApiTool.list?.(ctx(), {})) ?? [];
    expect(listed.filter((l) => l.id.startsWith(prefix)).map((l) => l.id)).toEqual(slugs);
  });

  it("as the service requires (S48): enableBasicAuth always sent, false when left out; a recorded tool without it previews no change", async () => {
    const p = provider("AgentApiTool");
    const slug = unique("tool-auth");
    const { enableBasicAuth: _e, ...declared } = tool(slug);
    // The emulator, like the service, refuses a create without enableBasicAuth: this one is made.
    const inputs = await checked("AgentApiTool", declared);
    const { id, outs } = await p.create(inputs);
    expect((await get(slug)).enableBasicAuth).toBe(false);
    // The state as recorded, and as an earlier state could hold it (without the field): no change either way.
    const { enableBasicAuth: _r, ...older } = outs;
    for (const recorded of [outs, older, (await p.read(id, outs)).props ?? {}]) {
      const again = await p.check(recorded, { ...declared, connection });
      expect(again.failures).toEqual([]);
      expect(await p.diff(id, recorded, again.inputs)).toEqual({
        changes: false,
        replaces: [],
        deleteBeforeReplace: false,
      });
    }
    expect(received(emulated(), "PATCH", `${TOOLS}/${slug}`)).toHaveLength(0);
  });

  it("a parameter without a description is refused at check, naming it, before any call", async () => {
    emulated().admin.clearRequests();
    const r = await provider("AgentApiTool").check(
      {},
      { ...tool("ok"), parameters: [{ key: "order", type: "string" }], connection },
    );
    expect(r.failures.map((f) => f.reason)).toEqual(["parameters.0.description is required (string)"]);
    expect(emulated().admin.requests().length).toBe(0);
  });

  it("check names the field and the rule before any call", async () => {
    const r = await provider("AgentApiTool").check(
      {},
      {
        slug: "a b",
        name: "",
        description: "d",
        endpoint: "http://api.example.com",
        method: "FETCH",
        connection,
      },
    );
    expect(r.failures.map((f) => f.reason)).toEqual([
      "slug may contain only letters, digits, '-' and '_'",
      "name must not be empty",
      "endpoint must be an https URL (http only for localhost)",
      'method "FETCH" is not valid (closest valid: "PATCH"; one of GET, POST, PUT, PATCH, DELETE)',
    ]);
    const headers = await provider("AgentApiTool").check(
      {},
      { ...tool("ok"), headers: "{not json", connection },
    );
    expect(headers.failures.map((f) => f.reason)).toEqual(["headers must be a record"]);
    const auth = await provider("AgentApiTool").check(
      {},
      { ...tool("ok"), enableBasicAuth: true, connection },
    );
    expect(auth.failures.map((f) => f.reason)).toEqual([
      "basicAuthUsername is required when enableBasicAuth is true",
      "basicAuthPassword is required when enableBasicAuth is true",
    ]);
    expect(emulated().admin.requests().length).toBe(0);
  });
});

describe("AgentFrontendAction", () => {
  const get = async (id: string) => (await chat().call("getFrontendAction", { params: { id } })).data;

  it("create, read, update in place, drift shown and reverted, import by the service's id, delete", async () => {
    const p = provider("AgentFrontendAction");
    const fn = unique("openOrder");
    const params = [{ key: "orderId", type: "string", description: "the order", required: true }];
    const { id, outs } = await p.create(
      await checked("AgentFrontendAction", action(fn, { parameters: params })),
    );
    expect(outs.actionId).toBe(id);
    expect((await get(id)).triggerFunction).toBe(fn);
    expect((await p.read(id, outs)).inputs).toEqual(action(fn, { parameters: params }));

    const news = await checked("AgentFrontendAction", action(fn, { name: "Open the order" }));
    expect((await p.diff(id, outs, news)).replaces ?? []).toEqual([]);
    const { outs: after } = await p.update(id, outs, news);
    expect(await get(id)).toMatchObject({ name: "Open the order", parameters: [] });
    // A new trigger function is a new action.
    expect(
      (await p.diff(id, after, await checked("AgentFrontendAction", action(`${fn}2`)))).replaces,
    ).toEqual(["triggerFunction"]);

    await chat().call("updateFrontendAction", { params: { id }, body: { description: "changed" } });
    const drifted = await p.read(id, after);
    expect(drifted.inputs?.description).toBe("changed");
    await p.update(id, drifted.props ?? {}, news);
    expect((await get(id)).description).toBe("Opens an order");

    expect((await p.read(id, { connection }, true)).inputs).toEqual(action(fn, { name: "Open the order" }));
    await p.delete(id, after);
    await expect(get(id)).rejects.toThrow(/does not exist/);
  });

  it("a lost create answer is found again in the listing by its trigger function, without a second action", async () => {
    const fn = unique("lostAction");
    const inputs = await checked("AgentFrontendAction", action(fn));
    emulated().admin.setFaults([
      { kind: "dropAfterApply", method: "POST", path: ACTIONS, times: 1, status: 503 },
    ]);
    const { id } = await provider("AgentFrontendAction").create(inputs);
    emulated().admin.clearFaults();
    expect((await get(id)).triggerFunction).toBe(fn);
    expect(received(emulated(), "POST", ACTIONS).length).toBe(1);
  });

  it("adopts by trigger function; lists every action once", async () => {
    const fn = unique("adoptAction");
    const made = (await chat().call("createFrontendAction", { body: action(fn, { name: "Elsewhere" }) }))
      .data;
    const inputs = await checked("AgentFrontendAction", action(fn));
    await expect(provider("AgentFrontendAction").create(inputs)).rejects.toThrow(
      /already exists: set adopt: true/,
    );
    expect((await provider("AgentFrontendAction").create({ ...inputs, adopt: true })).id).toBe(made._id);
    expect((await get(made._id)).name).toBe("Open order");
    const listed = (await agentFrontendAction.list?.(ctx(), {})) ?? [];
    expect(listed.filter((l) => l.args.triggerFunction === fn).map((l) => l.id)).toEqual([made._id]);
  });

  it("check names the field and the rule before any call", async () => {
    const r = await provider("AgentFrontendAction").check(
      {},
      { triggerFunction: "1 bad", name: "x", description: "", icon: "nope", connection },
    );
    expect(r.failures.map((f) => f.reason)).toEqual([
      "description must not be empty",
      "triggerFunction must start with a letter, '_' or '$' and hold only letters, digits, '_', '$' and '-'",
      "icon must be a URL",
    ]);
    expect(emulated().admin.requests().length).toBe(0);
  });
});

describe("AiAgent's tools, API tools and frontend actions", () => {
  it("are attached at create, changed in place, and a detach made elsewhere is reverted", async () => {
    const p = provider("AiAgent");
    const [t1, t2] = [unique("agent-tool"), unique("agent-tool")];
    for (const slug of [t1, t2]) await chat().call("createApiTool", { body: tool(slug) });
    const [f1, f2] = [unique("agentFn"), unique("agentFn")];
    for (const fn of [f1, f2]) await chat().call("createFrontendAction", { body: action(fn) });
    const name = unique("agent-tools");
    const { id, outs } = await p.create(
      await checked("AiAgent", { name, tools: ["gmail"], apiTools: [t1], frontendActions: [f1] }),
    );
    const agent = async () => (await chat().call("getBuilderAgent", { params: { uid: id } })).data;
    expect(await agent()).toMatchObject({ tools: ["gmail"], apiTools: [t1], frontendActions: [f1] });

    const news = await checked("AiAgent", {
      name,
      tools: ["slack"],
      apiTools: [t1, t2],
      frontendActions: [f2],
    });
    const diff = await p.diff(id, outs, news);
    expect(diff.replaces ?? []).toEqual([]);
    emulated().admin.clearRequests();
    const { outs: after } = await p.update(id, outs, news);
    for (const path of [
      "tools/add",
      "tools/remove",
      "api-tools/add",
      "frontend-actions/add",
      "frontend-actions/remove",
    ])
      expect(received(emulated(), "PATCH", `${AGENTS}/${id}/${path}`)).toHaveLength(1);
    expect(received(emulated(), "PATCH", `${AGENTS}/${id}/api-tools/remove`)).toHaveLength(0);
    expect(await agent()).toMatchObject({ tools: ["slack"], apiTools: [t1, t2], frontendActions: [f2] });

    // drift: detached in the dashboard, seen by the read, attached again by the next update
    await chat().call("removeAgentApiTools", { params: { uid: id }, body: { apiTools: [t2] } });
    const drifted = await p.read(id, after);
    expect(drifted.inputs?.apiTools).toEqual([t1]);
    await p.update(id, drifted.props ?? {}, news);
    expect((await agent()).apiTools).toEqual([t1, t2]);

    // none declared: everything detached
    await p.update(id, after, await checked("AiAgent", { name }));
    expect(await agent()).toMatchObject({ tools: [], apiTools: [], frontendActions: [] });
  });

  it("an agent naming a tool that does not exist is refused by the service, naming it", async () => {
    const name = unique("agent-missing");
    await expect(
      provider("AiAgent").create(await checked("AiAgent", { name, apiTools: [unique("no-such-tool")] })),
    ).rejects.toThrow(/API tool .* does not exist/);
  });
});

describe("chat-export of the agent builder's tools", () => {
  it("writes the tools, the actions and the agent naming them; adopted back without a write, secrets by key", async () => {
    const slug = unique("export-tool");
    const fn = unique("exportFn");
    const name = unique("export-agent");
    const headers = { Authorization: "Bearer export-token" };
    await chat().call("createApiTool", {
      body: tool(slug, {
        enableBasicAuth: true,
        basicAuthUsername: "svc",
        basicAuthPassword: "export-pw",
        headers: JSON.stringify(headers),
      }),
    });
    await chat().call("createFrontendAction", { body: action(fn) });
    await chat().call("createBuilderAgent", { body: { name, apiTools: [slug] } });
    const uid = (await chat().call("listBuilderAgents", { query: { search: name } })).data[0]?.uid ?? "";
    await chat().call("addAgentFrontendActions", { params: { uid }, body: { frontendActions: [fn] } });

    const { yaml, exported } = await exportEnvironment({ chat: chat(), apiKey: connection.apiKey });
    expect(yaml).not.toContain("export-pw");
    expect(yaml).not.toContain("export-token");
    const keys = exported.secrets.map((x) => x.key).filter((k) => k.includes(slug));
    expect(keys).toHaveLength(3); // the headers and the basic-auth pair, each a secret config key
    const env = parseEnvironment(yaml, "exported.yaml");
    const t = list(env, "agentApiTools").find((x) => x.slug === slug);
    const f = list(env, "agentFrontendActions").find((x) => x.triggerFunction === fn);
    const a = list(env, "aiAgents").find((x) => x.name === name);
    expect(a).toMatchObject({ apiTools: [slug], frontendActions: [fn] });
    if (!t || !f || !a) throw new Error("the export lacks the tool, the action or the agent");

    emulated().admin.clearRequests();
    const adopt = async (kind: KindName, args: Record<string, unknown>) => {
      const p = provider(kind);
      const { inputs, failures } = await p.check({}, { ...args, adopt: true, connection });
      expect(failures).toEqual([]);
      return p.create(inputs);
    };
    // The file's basic-auth object and per-header keys, with the values the stack's config would give.
    expect(t).toMatchObject({
      basicAuth: { username: { secret: expect.any(String) }, password: { secret: expect.any(String) } },
      headers: { Authorization: { secret: expect.any(String) } },
    });
    const { adopt: _t, headers: _h, basicAuth: _b, ...toolArgs } = t;
    await adopt("AgentApiTool", {
      ...toolArgs,
      enableBasicAuth: true,
      basicAuthUsername: "svc",
      basicAuthPassword: "export-pw",
      headers,
    });
    const { adopt: _f, ...actionArgs } = f;
    await adopt("AgentFrontendAction", actionArgs);
    const { adopt: _a, ...agentArgs } = a;
    await adopt("AiAgent", agentArgs);
    expect(
      emulated()
        .admin.requests()
        .filter((r) => r.method !== "GET"),
    ).toEqual([]);
  });
});
