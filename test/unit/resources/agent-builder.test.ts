// The agent builder's kinds as the vendor documents them now (decision 0117): an MCP server is deleted on
// destroy, an agent's model takes `maxTokens` beside `temperature`, a custom API tool sends `enableBasicAuth`
// and describes every parameter. Kind-level: check and diff of the generic provider, and the calls each kind
// makes, over a stand-in client that records them (no emulator).
import type { ChatClient } from "../../../provider/client";
import { ApiToolCreate } from "../../../provider/contract";
import type { Ctx } from "../../../provider/engine/kind";
import { CrudProvider, clientContext, type KindName, kinds } from "../../../provider/kinds";
import { leftByDestroy } from "../../live/run";

const standIn = { chat: async () => undefined, management: async () => undefined };
const provider = (k: KindName) => new CrudProvider(kinds[k] as never, standIn);
const NO_CHANGE = { changes: false, replaces: [], deleteBeforeReplace: false };

/** A context whose chat client records each call and answers it from `answers` (by route). */
function recording(answers: Record<string, unknown> = {}) {
  const calls: { route: string; req: Record<string, unknown> }[] = [];
  const chat = {
    appId: "app",
    call: async (route: string, req: Record<string, unknown>) => {
      calls.push({ route, req });
      return answers[route] ?? {};
    },
  } as unknown as ChatClient;
  const ctx: Ctx = clientContext({ chat: () => chat });
  return { ctx, calls };
}

describe("McpServer: destroy deletes the server", () => {
  it("sends the delete route with the slug", async () => {
    const { ctx, calls } = recording();
    await kinds.McpServer.delete(ctx, "docs", { slug: "docs", name: "Docs", url: "https://m.example.com" });
    expect(calls).toEqual([{ route: "deleteMcpServer", req: { params: { slug: "docs" } } }]);
  });

  it("is no longer a kind whose destroy leaves the object (the sweeper deletes it too)", () => {
    expect(kinds.McpServer.doc).not.toMatch(/LEAVES/);
    expect(leftByDestroy("McpServer")).toBe(false);
    expect(leftByDestroy("ChatWidget")).toBe(true); // still no delete route there
  });
});

describe("AiAgent: modelMetaData's maxTokens beside temperature", () => {
  const ai = provider("AiAgent");

  it("takes a whole number from 1, naming the field and the rule otherwise", async () => {
    const reasons = async (maxTokens: unknown) =>
      (await ai.check({}, { name: "a", maxTokens })).failures.map((f) => f.reason);
    expect(await reasons(4096)).toEqual([]);
    expect(await reasons(1)).toEqual([]);
    expect(await reasons(0)).toEqual(["maxTokens must be at least 1"]);
    expect(await reasons(1.5)).toEqual(["maxTokens must be a whole number"]);
    expect(await reasons("many")).toEqual(["maxTokens must be a number"]);
  });

  it("sends both settings in modelMetaData, and only the declared ones", async () => {
    const body = async (a: Record<string, unknown>) => {
      const { ctx, calls } = recording({
        createBuilderAgent: { data: { uid: "u1", name: "a", isActive: true, createdAt: 1, mcpServers: [] } },
      });
      await kinds.AiAgent.create(ctx, { name: "a", ...a } as never);
      return calls.find((c) => c.route === "createBuilderAgent")?.req.body as Record<string, unknown>;
    };
    expect((await body({ temperature: 0.5, maxTokens: 4096 })).modelMetaData).toEqual({
      temperature: 0.5,
      maxTokens: 4096,
    });
    expect((await body({ maxTokens: 100 })).modelMetaData).toEqual({ maxTokens: 100 });
    expect(await body({})).not.toHaveProperty("modelMetaData");
  });

  it("reads maxTokens back from modelMetaData (the service's other keys are not arguments)", async () => {
    const { ctx } = recording({
      getBuilderAgent: {
        data: {
          uid: "u1",
          name: "a",
          isActive: true,
          createdAt: 1,
          modelMetaData: { temperature: 0.2, maxTokens: 512, topP: 0.9 },
        },
      },
    });
    const read = await kinds.AiAgent.read(ctx, "u1", { name: "a", temperature: 0.2, maxTokens: 512 });
    expect(read?.args).toMatchObject({ temperature: 0.2, maxTokens: 512 });
    expect(read?.args).not.toHaveProperty("topP");
    // Removed from the declaration, it is no longer read (the API cannot clear it: decision 0102).
    expect((await kinds.AiAgent.read(ctx, "u1", { name: "a" }))?.args).not.toHaveProperty("maxTokens");
  });

  it("a stack recorded before maxTokens previews no change; setting it is an update in place", async () => {
    const recorded = { name: "a", temperature: 0.5, model: "gpt-4o-mini", uid: "u1", createdAt: 1 };
    const same = await ai.check(recorded, { name: "a", temperature: 0.5 });
    expect(await ai.diff("u1", recorded, same.inputs)).toEqual(NO_CHANGE);
    const set = await ai.check(recorded, { name: "a", temperature: 0.5, maxTokens: 2048 });
    expect(await ai.diff("u1", recorded, set.inputs)).toEqual({ ...NO_CHANGE, changes: true });
  });
});

describe("AgentApiTool: what the vendor requires", () => {
  const tool = provider("AgentApiTool");
  const declared = {
    slug: "orders",
    name: "Orders",
    description: "Looks an order up",
    endpoint: "https://api.example.com/orders",
    method: "GET",
  };

  it("the wire refuses a tool without enableBasicAuth, and a parameter without a description", () => {
    const issues = (body: unknown) =>
      ApiToolCreate.safeParse(body).error?.issues.map((i) => i.path.join(".")) ?? [];
    expect(issues(declared)).toEqual(["enableBasicAuth"]);
    expect(
      issues({ ...declared, enableBasicAuth: false, parameters: [{ key: "order", type: "string" }] }),
    ).toEqual(["parameters.0.description"]);
    expect(issues({ ...declared, enableBasicAuth: false })).toEqual([]);
  });

  it("check names a parameter without a description, before any call", async () => {
    const r = await tool.check({}, { ...declared, parameters: [{ key: "order", type: "string" }] });
    expect(r.failures).toEqual([{ property: "", reason: "parameters.0.description is required (string)" }]);
  });

  it("a declaration without enableBasicAuth is checked as false and created with it", async () => {
    const r = await tool.check({}, declared);
    expect(r.failures).toEqual([]);
    expect(r.inputs.enableBasicAuth).toBe(false);
    const { ctx, calls } = recording({ createApiTool: { data: { ...declared, createdAt: 1 } } });
    await kinds.AgentApiTool.create(ctx, r.inputs as never);
    expect(calls[0]?.req.body).toMatchObject({ enableBasicAuth: false });
  });

  it("a stack that recorded no enableBasicAuth, or false, previews no change without it; true is a change", async () => {
    for (const recorded of [
      { ...declared, createdAt: 1 },
      { ...declared, enableBasicAuth: false, allowAdditionalProperties: false, createdAt: 1 },
    ]) {
      const { inputs, failures } = await tool.check(recorded, declared);
      expect(failures).toEqual([]);
      expect(await tool.diff("orders", recorded, inputs)).toEqual(NO_CHANGE);
    }
    const on = await tool.check(
      {},
      { ...declared, enableBasicAuth: true, basicAuthUsername: "u", basicAuthPassword: "p" },
    );
    expect((await tool.diff("orders", { ...declared, createdAt: 1 }, on.inputs)).changes).toBe(true);
  });
});
