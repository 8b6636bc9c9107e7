// Deletes that take their dependents with them, as the vendor documents them (docs/service/groups-and-members.md,
// docs/service/users-and-auth-tokens.md): a seed's destroy rests on them (decision 0124).

import { unique } from "../../support/emulator";
import { Harness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await Harness.start();
});
afterAll(() => h.close());

const user = async (prefix: string) => {
  const uid = unique(prefix);
  await h.ok("createUser", { body: { uid, name: uid } });
  return uid;
};
const group = async (members: string[]) => {
  const guid = unique("cg");
  await h.ok("createGroup", { body: { guid, name: guid, type: "public" } });
  await h.ok("addMembers", { params: { guid }, body: { participants: members } });
  return guid;
};
const say = (from: string, to: string, receiverType: "user" | "group") =>
  h.ok("sendMessage", { body: { receiver: to, receiverType, data: { text: "hi" } }, onBehalfOf: from });
/** The muids (or ids) of every message the app holds that one of `ids` names. */
const held = async (ids: readonly string[]) =>
  (await h.ok("listMessages", { query: { limit: 1000, id: "0" } })).data
    .map((m) => String(m.id))
    .filter((id) => ids.includes(id));

describe("a group's delete", () => {
  it("takes its members and its messages, imported ones too", async () => {
    const [a, b] = [await user("cga"), await user("cgb")];
    const guid = await group([a, b]);
    const sent = await say(a, guid, "group");
    const muid = unique("cg-m");
    const imported = await h.ok("importMessages", {
      body: {
        messages: {
          [muid]: { muid, sender: b, receiverType: "group", receiver: guid, sentAt: 1_500_000_000 },
        },
      },
    });
    expect(imported.data[muid]?.success).toBe(true);
    await h.ok("deleteGroup", { params: { guid } });
    const left = (await h.ok("listMessages", { query: { limit: 1000, id: "0" } })).data;
    expect(left.filter((m) => m.muid === muid || String(m.id) === String(sent.data.id))).toEqual([]);
    // The same guid made again has no member from before.
    await h.ok("createGroup", { body: { guid, name: guid, type: "public" } });
    expect((await h.ok("listMembers", { params: { guid } })).data).toEqual([]);
  });
});

describe("a user's permanent delete", () => {
  it("takes their memberships and their messages: sent to groups, sent and received one to one", async () => {
    const [a, b, c] = [await user("cua"), await user("cub"), await user("cuc")];
    const guid = await group([a, b, c]);
    const toB = await say(a, b, "user");
    const ids = [
      String((await say(a, guid, "group")).data.id),
      String(toB.data.id),
      String((await say(b, a, "user")).data.id),
    ];
    const kept = String((await say(c, guid, "group")).data.id);
    await h.ok("deleteUser", { params: { uid: a }, body: { permanent: true } });
    expect(await held([...ids, kept])).toEqual([kept]);
    expect((await h.ok("listMembers", { params: { guid } })).data.map((m) => m.uid).sort()).toEqual(
      [b, c].sort(),
    );
    // Their one-to-one conversation is gone with its messages.
    const conversationId = String(toB.data.conversationId);
    expect((await h.ok("listMessages", { query: { conversationId } })).data).toEqual([]);
  });

  it("without permanent, deactivates only: the messages and memberships stay", async () => {
    const [a, b] = [await user("cda"), await user("cdb")];
    const guid = await group([a, b]);
    const id = String((await say(a, guid, "group")).data.id);
    await h.ok("deleteUser", { params: { uid: a } });
    expect(await held([id])).toEqual([id]);
    await h.ok("reactivateUsers", { body: { uidsToActivate: [a] } });
    expect((await h.ok("listMembers", { params: { guid } })).data.map((m) => m.uid).sort()).toEqual(
      [a, b].sort(),
    );
  });
});
