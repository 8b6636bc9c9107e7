import { fillPath, isIdempotent, routes } from "../../provider/api";

describe("route table", () => {
  it("fills and encodes path parameters", () => {
    expect(fillPath(routes.removeReaction.path, { id: "12", reaction: "👍" })).toBe(
      "/messages/12/reactions/%F0%9F%91%8D",
    );
  });
  it("refuses a missing path parameter", () => {
    expect(() => fillPath(routes.getUser.path, {})).toThrow(/missing path parameter "uid"/);
  });
  it("treats POST as not idempotent and GET/PUT/DELETE as idempotent", () => {
    expect(isIdempotent(routes.createUser)).toBe(false);
    expect(isIdempotent(routes.getUser)).toBe(true);
    expect(isIdempotent(routes.deleteUser)).toBe(true);
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
