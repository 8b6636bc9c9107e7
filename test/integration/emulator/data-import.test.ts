// Data Import (docs/service/data-import.md): keyed bulk creates answered per key, times kept from elsewhere,
// at most 50 entities a request, and a budget of its own (60 a minute at the service).
import { unique } from "../../support/emulator";
import { Harness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await Harness.start({ importRateLimitPerMinute: 0 });
});
afterAll(() => h.close());

const users = (...uids: string[]) => ({
  users: Object.fromEntries(uids.map((uid) => [uid, { uid, name: `N ${uid}`, createdAt: 1_500_000_000 }])),
});

describe("data import", () => {
  it("imports users with their createdAt, answers per key, and refuses a key already there", async () => {
    const [a, b] = [unique("di-a"), unique("di-b")];
    const r = await h.ok("importUsers", { body: users(a, b) });
    expect(r.data[a]?.success).toBe(true);
    expect((await h.ok("getUser", { params: { uid: b } })).data.createdAt).toBe(1_500_000_000);
    const c = unique("di-c");
    const again = await h.ok("importUsers", { body: users(a, c) });
    expect(again.data[a]?.error?.code).toBe("ERR_UID_ALREADY_EXISTS");
    expect(again.data[c]?.success).toBe(true);
  });

  it("refuses more than 50 entities a request, and a key that is not its entry's id, naming the field", async () => {
    const many = Array.from({ length: 51 }, (_, i) => unique(`di-m${i}`));
    const e = await h.fails("importUsers", { body: users(...many) }, 400, "ERR_BAD_REQUEST");
    expect(JSON.stringify(e)).toContain("at most 50");
    const uid = unique("di-k");
    const wrong = await h.fails(
      "importUsers",
      { body: { users: { other: { uid, name: "x" } } } },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(JSON.stringify(wrong)).toContain("users");
  });

  it("imports a group with its owner, members with scope and joinedAt, and messages with sentAt and readAt", async () => {
    const [owner, member] = [unique("di-o"), unique("di-p")];
    await h.ok("importUsers", { body: users(owner, member) });
    const guid = unique("di-g");
    const g = { guid, name: "G", type: "public", owner, createdAt: 1_500_000_000 };
    expect((await h.ok("importGroups", { body: { groups: { [guid]: g } } })).data[guid]?.success).toBe(true);
    const memberId = `${guid}_member_${member}`;
    const m = { memberId, guid, uid: member, scope: "moderator", joinedAt: 1_500_000_100 };
    expect(
      (await h.ok("importMembers", { body: { members: { [memberId]: m } } })).data[memberId]?.success,
    ).toBe(true);
    const listed = await h.ok("listMembers", { params: { guid } });
    expect(listed.data.find((x) => x.uid === member)).toMatchObject({
      scope: "moderator",
      joinedAt: 1_500_000_100,
    });
    const early = `${guid}_member_${owner}x`;
    await h.ok("importUsers", { body: users(`${owner}x`) });
    const tooEarly = await h.ok("importMembers", {
      body: { members: { [early]: { memberId: early, guid, uid: `${owner}x`, joinedAt: 1 } } },
    });
    expect(tooEarly.data[early]?.error?.code).toBe("ERR_IMPORT_INVALID_JOINEDAT");

    const muid = unique("di-muid");
    const msg = {
      muid,
      sender: member,
      receiverType: "group",
      receiver: guid,
      sentAt: 1_500_000_200,
      readAt: 1_500_000_300,
    };
    const body = { messages: { [muid]: { ...msg, data: { text: "from before" } } } };
    expect((await h.ok("importMessages", { body })).data[muid]?.success).toBe(true);
    const again = await h.ok("importMessages", { body });
    expect(again.data[muid]?.error?.code).toBe("ERR_IMPORT_MUID_ALREADY_EXISTS");
    const history = await h.ok("listMessages", { query: { conversationId: `group_${guid}` } });
    expect(history.data).toEqual([
      expect.objectContaining({
        muid,
        sentAt: 1_500_000_200,
        readAt: 1_500_000_300,
        data: expect.objectContaining({ text: "from before" }),
      }),
    ]);
  });
});

describe("data import budget", () => {
  it("has its own per-app budget: the import routes answer 429 when it is spent, other routes do not", async () => {
    const limited = await Harness.start({ importRateLimitPerMinute: 2 });
    try {
      await limited.ok("importUsers", { body: users(unique("di-r1")) });
      await limited.ok("importUsers", { body: users(unique("di-r2")) });
      const res = await limited.call("importUsers", { body: users(unique("di-r3")) });
      expect(res.status).toBe(429);
      expect(res.headers.get("retry-after")).not.toBeNull();
      await limited.ok("listUsers");
    } finally {
      await limited.close();
    }
  });
});
