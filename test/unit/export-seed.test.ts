// chat-export --seed's split (provider/environment/export/seed.ts): each object once, as a seed row unless something
// the file still declares names it or its entry holds what no row can; messages of a time range only.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Snapshot, toEnvironment, withSeed } from "../../provider/environment/export";
import { parseEnvironment } from "../../provider/environment/load";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "export-seed-unit-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const listed = (id: string, args: Record<string, unknown>) => ({ id, args, state: {} });

function snapshot(extra: Snapshot["listed"] = {}, messages?: Record<string, unknown>[]): Snapshot {
  return {
    appId: "app1",
    region: "eu",
    ownApiKey: "k",
    listed: {
      User: [
        listed("ann", { uid: "ann", name: "Ann", role: "default", tags: ["a"] }),
        listed("bo", { uid: "bo", name: "Bo", role: "default" }),
        listed("cy", { uid: "cy", name: "Cy", role: "default" }),
        listed("dee", { uid: "dee", name: "Dee", role: "default" }),
        listed("eli", { uid: "eli", name: "Eli", role: "default", statusMessage: "away" }),
      ],
      Group: [
        listed("club", { guid: "club", name: "Club", type: "public", owner: "ann" }),
        listed("desk", { guid: "desk", name: "Desk", type: "private", owner: "bo" }),
      ],
      GroupMembers: [
        listed("club", { guid: "club", moderators: ["cy"] }),
        listed("desk", { guid: "desk", participants: ["dee"] }),
      ],
      ...extra,
    },
    ...(messages ? { messages } : {}),
  };
}

const split = (snap: Snapshot, range?: { since?: number; until?: number }) =>
  withSeed(toEnvironment(snap), snap, "seed", range);
const ids = (env: Record<string, unknown>, section: string, key: string) =>
  ((env[section] as Record<string, unknown>[] | undefined) ?? []).map((e) => e[key]);

describe("chat-export --seed's split", () => {
  it("moves users, groups and members to seed files, keeping what no row can hold", () => {
    const { exported, files } = split(snapshot());
    expect(ids(exported.environment, "users", "uid")).toEqual(["eli"]);
    expect(exported.environment.groups).toBeUndefined();
    expect(exported.environment.seed).toEqual({
      users: "seed/users.ndjson",
      groups: "seed/groups.ndjson",
      members: "seed/members.csv",
    });
    expect(files["users.ndjson"]?.split("\n").filter(Boolean)).toHaveLength(4);
    expect(files["members.csv"]).toBe("guid,uid,scope,joinedAt\nclub,cy,moderator,\ndesk,dee,participant,\n");
  });

  it("writes the service's times (createdAt, joinedAt) as the rows' history, leaving out one the seed check would refuse", () => {
    const now = Math.floor(Date.now() / 1000);
    const snap = snapshot();
    const at = (id: string, createdAt: number) => {
      const l = [...(snap.listed.User ?? []), ...(snap.listed.Group ?? [])].find((x) => x.id === id);
      if (l) l.state = { createdAt };
    };
    at("ann", 1_600_000_000);
    at("bo", 1_600_000_100);
    at("club", 1_650_000_000);
    at("desk", 1_650_000_000);
    snap.rowFields = {
      // cy joined club after it was made; dee's time is before desk was: left out, not written as it is.
      members: { club_member_cy: { joinedAt: 1_650_000_500 }, desk_member_dee: { joinedAt: 1_640_000_000 } },
    };
    const { exported, files } = split(snap);
    expect(files["users.ndjson"]?.split("\n").slice(0, 2)).toEqual([
      '{"createdAt":1600000000,"name":"Ann","role":"default","tags":["a"],"uid":"ann"}',
      '{"createdAt":1600000100,"name":"Bo","role":"default","uid":"bo"}',
    ]);
    expect(files["groups.ndjson"]).toBe(
      '{"createdAt":1650000000,"guid":"club","name":"Club","owner":"ann","type":"public"}\n{"createdAt":1650000000,"guid":"desk","name":"Desk","owner":"bo","type":"private"}\n',
    );
    expect(files["members.csv"]).toBe(
      "guid,uid,scope,joinedAt\nclub,cy,moderator,1650000500\ndesk,dee,participant,\n",
    );
    expect(exported.notes).toContain(
      "1 member(s) are written without joinedAt: the service's value would make the seed check refuse the file (before the group's createdAt, or after now).",
    );
    // What is written passes the seed check, file by file and across them.
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    expect(() =>
      parseEnvironment(
        `app: { existing: true }\nusers: [{ uid: eli, name: Eli }]\nseed: { users: users.ndjson, groups: groups.ndjson, members: members.csv }\n`,
        join(dir, "env.yaml"),
      ),
    ).not.toThrow();
    // A time after now (a service clock ahead of this one) is left out the same way.
    snap.rowFields = { members: { club_member_cy: { joinedAt: now + 3600 } } };
    expect(split(snap).files["members.csv"]).toContain("club,cy,moderator,\n");
  });

  it("keeps declared what a declared entry names: a group with scope permissions, its owner and members", () => {
    const { exported, files } = split(
      snapshot({
        GroupScopePermissions: [
          listed("desk/participant", {
            guid: "desk",
            scope: "participant",
            permissions: { sendMessage: "deny" },
          }),
        ],
      }),
    );
    expect(ids(exported.environment, "groups", "guid")).toEqual(["desk"]);
    // desk's owner (bo) and member (dee) stay entries, as does eli; ann and cy are rows.
    expect(ids(exported.environment, "users", "uid")).toEqual(["bo", "dee", "eli"]);
    expect(files["members.csv"]).toBe("guid,uid,scope,joinedAt\nclub,cy,moderator,\n");
    expect(files["groups.ndjson"]).toBe('{"guid":"club","name":"Club","owner":"ann","type":"public"}\n');
  });

  it("keeps declared a user another section names (friends)", () => {
    const { exported } = split(snapshot({ Friends: [listed("ann", { uid: "ann", friends: [] })] }));
    expect(ids(exported.environment, "users", "uid")).toEqual(["ann", "eli"]);
  });

  it("writes the messages of the range that a row can hold, and counts the rest in the notes", () => {
    const m = (muid: string | undefined, sentAt: number, more: Record<string, unknown> = {}) => ({
      id: String(sentAt),
      ...(muid ? { muid } : {}),
      sender: "ann",
      receiverType: "group",
      receiver: "club",
      category: "message",
      type: "text",
      data: { text: `t${sentAt}`, entities: { sender: {} } },
      sentAt,
      ...more,
    });
    const snap = snapshot({}, [
      m("m1", 100),
      m("m2", 200),
      m(undefined, 210),
      m("m3", 220, { deletedAt: 230 }),
      m("m4", 240, { category: "action" }),
      m("m5", 300),
    ]);
    const { exported, files } = split(snap, { since: 150, until: 250 });
    expect(files["messages.ndjson"]).toBe(
      '{"category":"message","data":{"text":"t200"},"muid":"m2","receiver":"club","receiverType":"group","sender":"ann","sentAt":200,"type":"text"}\n',
    );
    expect(exported.environment.seed).toMatchObject({ messages: "seed/messages.ndjson" });
    expect(exported.notes.filter((n) => n.includes("message(s)"))).toEqual([
      "1 message(s) of the time range are left out of the seed (no muid).",
      "1 message(s) of the time range are left out of the seed (deleted).",
      "1 message(s) of the time range are left out of the seed (not importable).",
    ]);
  });
});
