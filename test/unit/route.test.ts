import { RECOVERY, resendable } from "../../provider/client/recovery";
import { fillPath, type RouteName, routes, toSeconds } from "../../provider/contract";

describe("route table", () => {
  it("fills and encodes path parameters", () => {
    expect(fillPath(routes.removeReaction.path, { id: "12", reaction: "👍" })).toBe(
      "/messages/12/reactions/%F0%9F%91%8D",
    );
  });
  it("refuses a missing path parameter", () => {
    expect(() => fillPath(routes.getUser.path, {})).toThrow(/missing path parameter "uid"/);
  });
  it("resends GET/PUT/DELETE and set-like POSTs after a lost answer, never a create as it is", () => {
    expect(resendable("createUser", "POST")).toBe(false);
    expect(resendable("createApiKey", "POST")).toBe(false);
    expect(resendable("addMembers", "POST")).toBe(true);
    expect(resendable("getUser", "GET")).toBe(true);
    expect(resendable("deleteUser", "DELETE")).toBe(true);
  });
  it("says for every POST and PATCH how a lost answer is recovered (recovery/table.ts)", () => {
    const writes = (Object.keys(routes) as RouteName[]).filter((n) =>
      ["POST", "PATCH"].includes(routes[n].method),
    );
    expect(writes.filter((n) => RECOVERY[n] === undefined)).toEqual([]);
  });
  it("recovers lost creates through GET or list routes of the same API", () => {
    for (const [name, r] of Object.entries(RECOVERY)) {
      const api = routes[name as RouteName].api;
      if (r.kind === "readBack") {
        const t = r.locate(
          { params: { appId: "a", slug: "xss-filter" } },
          { uid: "u", guid: "g", role: "r", id: "w", providerId: "p", slug: "s" },
        );
        expect(t && [routes[t.name].method, routes[t.name].api]).toEqual(["GET", api]);
      }
      if (r.kind === "reconcile" || r.kind === "reconcileListed") {
        const t = r.list({ params: { uid: "u", appId: "a" } }, { name: "n" });
        expect([routes[t.name].method, routes[t.name].api]).toEqual(["GET", api]);
      }
    }
  });
  it("lowercases caller-chosen ids and names the rule when one is bad", () => {
    expect(routes.createUser.body.parse({ uid: "Alice-1", name: "Alice" }).uid).toBe("alice-1");
    const r = routes.createUser.body.safeParse({ uid: "a b", name: "" });
    expect(r.success).toBe(false);
    const messages = r.error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        "uid: uid may contain only letters, digits, '-' and '_'",
        "name: name must not be empty",
      ]),
    );
  });
  it("accepts reactions inside data and beside it", () => {
    const base = {
      id: "1",
      conversationId: "a_user_b",
      sender: "a",
      receiverType: "user",
      receiver: "b",
      category: "message",
      type: "text",
      sentAt: 1,
    };
    const inside = routes.removeReaction.response.parse({
      data: { ...base, data: { text: "hi", reactions: [{ reaction: "👍", count: 1 }] } },
    });
    const beside = routes.removeReaction.response.parse({
      data: { ...base, reactions: [{ reaction: "👍", count: 2, reactedByMe: true }] },
    });
    expect(inside.data.reactions).toEqual([{ reaction: "👍", count: 1 }]);
    expect(beside.data.reactions[0]?.reactedByMe).toBe(true);
  });
});

describe("answers the service may wrap or not", () => {
  it("reads an object under data, under its wrapper, or bare, as {data}", () => {
    const agent = { uid: "u", name: "n", mcpServers: [], isActive: true, createdAt: 1700000000000 };
    const schema = routes.createBuilderAgent.response;
    // seconds; the lists of what is attached default to empty
    for (const answer of [{ data: agent }, { agent }, agent])
      expect(schema.parse(answer)).toEqual({
        data: { ...agent, createdAt: 1700000000, tools: [], apiTools: [], frontendActions: [] },
      });
    expect(() => schema.parse({ other: agent })).toThrow();
    expect(toSeconds(1700000000000)).toBe(1700000000);
    expect(toSeconds(1700000000)).toBe(1700000000);
    // BYO agents' times are ISO text, and their list a bare array: one page.
    const listed = routes.listByoAgents.response.parse([
      { uid: "u", name: "n", integrateWith: "mastra", isActive: true, createdAt: "2023-11-14T22:13:20.000Z" },
    ]);
    expect(listed.data[0]?.createdAt).toBe(1700000000);
    expect(listed.meta.pagination).toMatchObject({ current_page: 1, total_pages: 1, total: 1 });
  });
});
