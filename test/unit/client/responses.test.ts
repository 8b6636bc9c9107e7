// The response schemas the client parses with (contract): unknown fields tolerated, reactions accepted in
// both positions the owner's document shows, and a missing required field reported with its path.
import { routes } from "../../../provider/contract";

const message = {
  id: "7",
  conversationId: "a_user_b",
  sender: "a",
  receiverType: "user",
  receiver: "b",
  category: "message",
  type: "text",
  sentAt: 1_700_000_000,
};

describe("response parsing", () => {
  it("accepts the reaction-removal answer with reactions inside data (the sample) and beside it (the schema)", () => {
    const inside = routes.removeReaction.response.parse({
      data: { ...message, data: { text: "hi", reactions: [{ reaction: "👍", count: 2 }] } },
    });
    const beside = routes.removeReaction.response.parse({
      data: { ...message, reactions: [{ reaction: "👍", count: 1, reactedByMe: true }] },
    });
    expect(inside.data.reactions).toEqual([{ reaction: "👍", count: 2 }]);
    expect(beside.data.reactions).toEqual([{ reaction: "👍", count: 1, reactedByMe: true }]);
    expect(routes.removeReaction.response.parse({ data: message }).data.reactions).toEqual([]);
  });

  it("tolerates unknown fields at every level", () => {
    const r = routes.getUser.response.parse({
      data: { uid: "u", name: "n", role: "default", createdAt: 1, brandNew: { x: 1 } },
      extra: true,
    });
    expect(r.data.uid).toBe("u");
  });

  it("reports a missing required field with its path", () => {
    const r = routes.removeReaction.response.safeParse({ data: { ...message, sentAt: undefined } });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join("."))).toEqual(["data.sentAt"]);
  });
});
