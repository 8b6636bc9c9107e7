// Messages and reactions (docs/service/messages-and-reactions.md), and DELETE /messages/{id}/reactions/{reaction} exactly as the
// owner's document describes it (same page).
import { z } from "zod";
import { unique } from "../../support/emulator";
import { at, Harness } from "./harness";

let h: Harness;
let alice: string;
let bob: string;
beforeAll(async () => {
  h = await Harness.start();
  alice = unique("alice");
  bob = unique("bob");
  for (const uid of [alice, bob])
    await h.ok("createUser", { body: { uid, name: uid, avatar: "https://x.test/a.png" } });
});
afterAll(() => h.close());

const send = (text: string, from = alice, to = bob) =>
  h.ok("sendMessage", {
    body: { receiver: to, receiverType: "user", type: "text", data: { text } },
    onBehalfOf: from,
  });

/** The owner's document: the message, its data, entities and reaction summary (docs/service/messages-and-reactions.md). */
const UserEntity = z.object({
  uid: z.string(),
  name: z.string(),
  role: z.string(),
  avatar: z.string().optional(),
  status: z.string(),
  createdAt: z.number().int(),
});
const SpecMessage = z.object({
  id: z.string(),
  conversationId: z.string(),
  sender: z.string(),
  receiverType: z.string(),
  receiver: z.string(),
  category: z.string(),
  type: z.string(),
  data: z.object({
    text: z.string(),
    entities: z.object({
      sender: z.object({ entity: UserEntity, entityType: z.literal("user") }),
      receiver: z.object({ entity: UserEntity, entityType: z.literal("user") }),
    }),
    reactions: z.array(
      z.strictObject({
        reaction: z.string(),
        count: z.number().int(),
        reactedByMe: z.literal(true).optional(),
      }),
    ),
  }),
  sentAt: z.number().int(),
  updatedAt: z.number().int(),
});

describe("send, get, list", () => {
  it("sends a text message as the onBehalfOf user, with entities and a lexical conversation id", async () => {
    const r = await send("hello");
    expect(r.data).toMatchObject({
      sender: alice,
      receiver: bob,
      receiverType: "user",
      category: "message",
      type: "text",
      conversationId: [alice, bob].sort().join("_user_"),
    });
    expect(r.data.id).toMatch(/^\d+$/);
    const raw = await h.call("getMessage", { params: { id: r.data.id } });
    expect(at(raw.json, "data", "data", "text")).toBe("hello");
    expect(at(raw.json, "data", "data", "entities", "sender", "entity", "uid")).toBe(alice);
    expect(at(raw.json, "data", "data", "entities", "receiver", "entityType")).toBe("user");
  });

  it("without onBehalfOf the sender is app_system", async () => {
    const r = await h.ok("sendMessage", {
      body: { receiver: bob, receiverType: "user", data: { text: "sys" } },
    });
    expect(r.data.sender).toBe("app_system");
  });

  it("refuses empty text (400 ERR_EMPTY_MESSAGE_TEXT), unknown receivers (404), bad types and categories", async () => {
    await h.fails(
      "sendMessage",
      { body: { receiver: bob, receiverType: "user", data: { text: "" } }, onBehalfOf: alice },
      400,
      "ERR_EMPTY_MESSAGE_TEXT",
    );
    await h.fails(
      "sendMessage",
      { body: { receiver: "ghost", receiverType: "user", data: { text: "x" } } },
      404,
      "ERR_UID_NOT_FOUND",
    );
    await h.fails(
      "sendMessage",
      { body: { receiver: "ghost", receiverType: "group", data: { text: "x" } } },
      404,
      "ERR_GUID_NOT_FOUND",
    );
    await h.fails(
      "sendMessage",
      { body: { receiver: bob, receiverType: "user", type: "sticker", data: { text: "x" } } },
      400,
      "ERR_INVALID_MESSAGE_TYPE",
    );
    await h.fails(
      "sendMessage",
      { body: { receiver: bob, receiverType: "user", category: "custom", type: "poll", data: {} } },
      400,
      "ERR_EMPTY_CUSTOM_DATA",
    );
    const e = await h.fails(
      "sendMessage",
      { body: { receiver: bob, receiverType: "channel", data: {} } },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(Object.keys(e.details ?? {})).toEqual(["receiverType"]);
  });

  it("refuses multipleReceivers by name: the answer to a fan-out is not documented (messages-and-reactions.md)", async () => {
    const e = await h.fails(
      "sendMessage",
      {
        body: {
          receiver: bob,
          receiverType: "user",
          data: { text: "to several" },
          multipleReceivers: { uids: [bob], guids: [] },
        } as never,
        onBehalfOf: alice,
      },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(e.details).toEqual({ multipleReceivers: ["The multipleReceivers field is not allowed."] });
  });

  it("sends interactive messages (card, form, customInteractive, scheduler), as the spec's category has them", async () => {
    const form = {
      interactionGoal: { type: "allOf" as const, elementIds: ["submit"] },
      allowSenderInteraction: true,
      interactiveData: { title: "Form", formFields: [{ elementType: "textInput", elementId: "name" }] },
    };
    const sent = await h.ok("sendMessage", {
      body: { receiver: bob, receiverType: "user", category: "interactive", type: "form", data: form },
      onBehalfOf: alice,
    });
    expect(sent.data).toMatchObject({
      category: "interactive",
      type: "form",
      data: { interactiveData: { title: "Form" } },
    });
    const listed = await h.ok("listMessages", { query: { categories: "interactive" }, onBehalfOf: alice });
    expect(listed.data.map((m) => m.id)).toContain(sent.data.id);
    const to = { receiver: bob, receiverType: "user" as const, category: "interactive" as const };
    await h.fails(
      "sendMessage",
      { body: { ...to, type: "poll", data: form } },
      400,
      "ERR_INVALID_MESSAGE_TYPE",
    );
    await h.fails(
      "sendMessage",
      { body: { ...to, type: "card", data: {} } },
      400,
      "ERR_INVALID_MESSAGE_DATA",
    );
    await h.fails(
      "sendMessage",
      { body: { ...to, type: "card", data: { ...form, interactionGoal: { type: "some" as "none" } } } },
      400,
      "ERR_BAD_REQUEST",
    );
  });

  it("sends custom messages and group messages; a non-member cannot send to a group", async () => {
    const c = await h.ok("sendMessage", {
      body: {
        receiver: bob,
        receiverType: "user",
        category: "custom",
        type: "poll",
        data: { customData: { q: "?" } },
      },
    });
    expect(c.data).toMatchObject({ category: "custom", type: "poll" });
    const guid = unique("mg");
    await h.ok("createGroup", { body: { guid, type: "public", name: "G" }, onBehalfOf: alice });
    const g = await h.ok("sendMessage", {
      body: { receiver: guid, receiverType: "group", data: { text: "hi all" } },
      onBehalfOf: alice,
    });
    expect(g.data.conversationId).toBe(`group_${guid}`);
    await h.fails(
      "sendMessage",
      { body: { receiver: guid, receiverType: "group", data: { text: "x" } }, onBehalfOf: bob },
      401,
      "ERR_GROUP_NOT_JOINED",
    );
  });

  it("lists with the cursor: newest page by default, then prepend/append with next", async () => {
    const conv = unique("conv");
    await h.ok("createUser", { body: { uid: conv, name: conv } });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await send(`m${i}`, alice, conv)).data.id);
    const conversationId = [alice, conv].sort().join("_user_");
    const newest = await h.ok("listMessages", { query: { conversationId, limit: 2 } });
    expect(newest.data.map((m) => m.id)).toEqual(ids.slice(3));
    expect(newest.meta.current).toEqual({ limit: 2, count: 2 });
    expect(newest.meta.next).toMatchObject({ affix: "prepend", id: ids[3] });
    const older = await h.ok("listMessages", {
      query: { conversationId, limit: 2, affix: "prepend", id: ids[3] as string },
    });
    expect(older.data.map((m) => m.id)).toEqual(ids.slice(1, 3));
    const after = await h.ok("listMessages", {
      query: { conversationId, limit: 10, affix: "append", id: ids[1] as string },
    });
    expect(after.data.map((m) => m.id)).toEqual(ids.slice(2));
    expect(after.meta.next).toBeUndefined();
    const bySender = await h.ok("listMessages", { query: { sender: "app_system", limit: 1000 } });
    expect(bySender.data.every((m) => m.sender === "app_system")).toBe(true);
    const defaults = await h.ok("listMessages");
    expect(defaults.meta.current.limit).toBe(10);
    await h.fails("listMessages", { query: { limit: 1001 } }, 400, "ERR_BAD_REQUEST");
    await h.fails("listMessages", { query: { limit: 0 } }, 400, "ERR_BAD_REQUEST");
  });

  it("filters categories and types", async () => {
    const r = await h.ok("listMessages", { query: { categories: "custom", limit: 100 } });
    expect(r.data.length).toBeGreaterThan(0);
    expect(r.data.every((m) => m.category === "custom")).toBe(true);
    const t = await h.ok("listMessages", { query: { types: "poll,text", limit: 100 } });
    expect(t.data.every((m) => ["poll", "text"].includes(m.type))).toBe(true);
  });

  it("get of an unknown id → 404 ERR_MESSAGE_ID_NOT_FOUND", async () => {
    await h.fails("getMessage", { params: { id: "999999999999" } }, 404, "ERR_MESSAGE_ID_NOT_FOUND");
  });
});

describe("edit and delete", () => {
  it("edits: the answer is the edited action with the message as its `on` entity", async () => {
    const m = await send("before");
    const r = await h.call("editMessage", {
      params: { id: m.data.id },
      body: { data: { text: "after" } },
      onBehalfOf: alice,
    });
    expect(r.status).toBe(200);
    expect(at(r.json, "data", "category")).toBe("action");
    expect(at(r.json, "data", "data", "action")).toBe("edited");
    expect(at(r.json, "data", "data", "entities", "on", "entity", "data", "text")).toBe("after");
    expect(at(r.json, "data", "data", "entities", "on", "entity", "editedBy")).toBe(alice);
    const again = await h.ok("getMessage", { params: { id: m.data.id } });
    expect(again.data.editedAt).toBeGreaterThan(0);
    expect(at(again.data, "data", "text")).toBe("after");
  });

  it("edits the tags alone: data is optional, as the vendor's schema has it (the text stays)", async () => {
    const m = await send("kept");
    await h.ok("editMessage", { params: { id: m.data.id }, body: { tags: ["pinned"] }, onBehalfOf: alice });
    const again = await h.ok("getMessage", { params: { id: m.data.id } });
    expect(at(again.data, "data", "text")).toBe("kept");
    expect(again.data.tags).toEqual(["pinned"]);
  });

  it("edit refuses another user's message (403) and unknown ids (404, seen live)", async () => {
    const m = await send("mine");
    await h.fails(
      "editMessage",
      { params: { id: m.data.id }, body: { data: { text: "x" } }, onBehalfOf: bob },
      403,
      "ERR_MESSAGE_NOT_A_SENDER",
    );
    await h.fails(
      "editMessage",
      { params: { id: "999999999999" }, body: { data: { text: "x" } } },
      404,
      "ERR_MESSAGE_ID_NOT_FOUND",
    );
  });

  it("deletes softly (deletedAt, still readable) or permanently (gone)", async () => {
    const m = await send("to delete");
    const soft = await h.ok("deleteMessage", { params: { id: m.data.id }, onBehalfOf: alice });
    expect(at(soft.data, "deletedAt")).toEqual(expect.any(Number));
    expect(at(soft.data, "deletedBy")).toBe(alice);
    const read = await h.ok("getMessage", { params: { id: m.data.id } });
    expect(read.data.deletedAt).toBeGreaterThan(0);
    await h.fails("deleteMessage", { params: { id: m.data.id } }, 404, "ERR_MESSAGE_ID_NOT_FOUND");
    await h.fails(
      "editMessage",
      { params: { id: m.data.id }, body: { data: { text: "x" } } },
      404,
      "ERR_MESSAGE_ID_NOT_FOUND",
    );
    const hard = await h.ok("deleteMessage", { params: { id: m.data.id }, body: { permanent: true } });
    expect(at(hard.data, "success")).toBe(true);
    await h.fails("getMessage", { params: { id: m.data.id } }, 404, "ERR_MESSAGE_ID_NOT_FOUND");
  });
});

describe("reactions", () => {
  it("adds reactions per user (onBehalfOf required), counts them and marks reactedByMe", async () => {
    const m = await send("react to me");
    const id = m.data.id;
    await h.fails("addReaction", { params: { id, reaction: "👍" } }, 400, "ERR_BAD_REQUEST");
    await h.ok("addReaction", { params: { id, reaction: "👍" }, onBehalfOf: alice });
    await h.ok("addReaction", { params: { id, reaction: "👍" }, onBehalfOf: alice });
    const r = await h.call("addReaction", { params: { id, reaction: "👍" }, onBehalfOf: bob });
    expect(at(r.json, "data", "data", "reactions")).toEqual([
      { reaction: "👍", count: 2, reactedByMe: true },
    ]);
    const other = await h.call("addReaction", { params: { id, reaction: "❤️" }, onBehalfOf: bob });
    expect(at(other.json, "data", "data", "reactions")).toEqual([
      { reaction: "👍", count: 2, reactedByMe: true },
      { reaction: "❤️", count: 1, reactedByMe: true },
    ]);
    const list = await h.ok("listReactions", { params: { id } });
    expect(list.data.map((x) => [x.reaction, x.uid])).toEqual([
      ["👍", alice],
      ["👍", bob],
      ["❤️", bob],
    ]);
    expect(list.data[0]?.messageId).toBe(id);
    const limited = await h.ok("listReactions", { params: { id }, query: { limit: 1 } });
    expect(limited.data).toHaveLength(1);
    expect(at(limited.meta, "next", "affix")).toBe("append");
    // A cursor-based list: limit from 1 to 1000, as the limits page gives it (it stopped at 100 before).
    const large = await h.ok("listReactions", { params: { id }, query: { limit: 1000 } });
    expect([large.data.length, at(large.meta, "current", "limit")]).toEqual([3, 1000]);
    for (const limit of [0, 1001]) {
      const e = await h.fails("listReactions", { params: { id }, query: { limit } }, 400, "ERR_BAD_REQUEST");
      expect(Object.keys(e.details ?? {})).toEqual(["limit"]);
    }
    await h.fails(
      "addReaction",
      { params: { id: "999999999999", reaction: "👍" }, onBehalfOf: alice },
      404,
      "ERR_MESSAGE_ID_NOT_FOUND",
    );
    await h.fails(
      "addReaction",
      { params: { id, reaction: "👍" }, onBehalfOf: "ghost" },
      404,
      "ERR_UID_NOT_FOUND",
    );
  });

  it("DELETE /messages/{id}/reactions/{reaction}: {data: <message>} with reactions inside data, counts after removal", async () => {
    const m = await send("remove from me");
    const id = m.data.id;
    await h.ok("addReaction", { params: { id, reaction: "👍" }, onBehalfOf: alice });
    await h.ok("addReaction", { params: { id, reaction: "👍" }, onBehalfOf: bob });
    await h.ok("addReaction", { params: { id, reaction: "🎉" }, onBehalfOf: alice });

    // The exact request of the owner's document: the emoji percent-encoded in the path, no body.
    const url = `${h.emu.chatUrl(h.app.appId)}/messages/${id}/reactions/${encodeURIComponent("👍")}`;
    const res = await fetch(url, { method: "DELETE", headers: { apikey: h.app.apiKey, onBehalfOf: alice } });
    expect(res.status).toBe(200);
    const body: unknown = await res.json();
    const msg = SpecMessage.parse(at(body, "data"));
    expect(msg.id).toBe(id);
    expect(msg.data.text).toBe("remove from me");
    expect(msg.data.reactions).toEqual([
      { reaction: "👍", count: 1 },
      { reaction: "🎉", count: 1, reactedByMe: true },
    ]);
    // The schema position beside `data` is not where the sample puts it.
    expect(at(body, "data", "reactions")).toBeUndefined();

    const last = await h.call("removeReaction", { params: { id, reaction: "🎉" }, onBehalfOf: alice });
    expect(at(last.json, "data", "data", "reactions")).toEqual([{ reaction: "👍", count: 1 }]);
    const none = await h.call("removeReaction", { params: { id, reaction: "👍" }, onBehalfOf: bob });
    expect(at(none.json, "data", "data", "reactions")).toEqual([]);
  });

  it("DELETE reaction: onBehalfOf required, fullAccess key required, unknown message 404", async () => {
    const m = await send("guarded");
    const id = m.data.id;
    const e = await h.fails("removeReaction", { params: { id, reaction: "👍" } }, 400, "ERR_BAD_REQUEST");
    expect(e.details).toEqual({ onBehalfOf: ["The onBehalfOf header is required for this operation."] });
    await h.fails(
      "removeReaction",
      { params: { id, reaction: "👍" }, onBehalfOf: alice, key: h.app.authKey },
      403,
      "AUTH_ERR_NO_ACCESS",
    );
    await h.fails(
      "removeReaction",
      { params: { id, reaction: "👍" }, onBehalfOf: alice, key: null },
      401,
      "AUTH_ERR_EMPTY_APIKEY",
    );
    await h.fails(
      "removeReaction",
      { params: { id: "999999999999", reaction: "👍" }, onBehalfOf: alice },
      404,
      "ERR_MESSAGE_ID_NOT_FOUND",
    );
  });
});

describe("permanent user delete", () => {
  it("removes the user's messages", async () => {
    const gone = unique("gone");
    await h.ok("createUser", { body: { uid: gone, name: gone } });
    const m = await send("bye", gone, bob);
    await h.ok("deleteUser", { params: { uid: gone }, body: { permanent: true } });
    await h.fails("getMessage", { params: { id: m.data.id } }, 404, "ERR_MESSAGE_ID_NOT_FOUND");
  });
});
