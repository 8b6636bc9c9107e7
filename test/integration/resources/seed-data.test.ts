// SeedData through the generic provider against the emulator (decision 0108): an import whose answer is lost
// is sent again and makes nothing twice; a refresh shows drift per row and field; an update writes only the
// rows that changed; a no-change check and diff ask the service nothing; destroy removes exactly the seeded
// rows, not an object made elsewhere.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ChatClient } from "../../../provider/client";
import { forgetClaims } from "../../../provider/engine/claims";
import { UNKNOWN } from "../../../provider/engine/normalize";
import { bucketsOf } from "../../../provider/kinds/seed/buckets";
import type { Entity } from "../../../provider/kinds/seed/entities";
import {
  type FieldDigests,
  lineOf,
  parseRows,
  renderKept,
  rowDigest,
} from "../../../provider/kinds/seed/rows";
import { forgetListings } from "../../../provider/kinds/seed/service";
import { type Emulated, useEmulated } from "../../support/emulator";
import { providerOf } from "../../support/provider";

const dir = mkdtempSync(join(tmpdir(), "seed-"));
const write = (name: string, lines: string[]) => {
  const file = join(dir, name);
  writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
};
const people = (n: number, name = (i: number) => `User ${i}`) => [
  "uid,name,tags,createdAt",
  ...Array.from({ length: n }, (_, i) => `sd-u${i},${name(i)},t${i % 3},${1_500_000_000 + i}`),
];

describe("SeedData against the emulator", () => {
  const emulated = useEmulated({ seed: 31 });
  let emu: Emulated;
  let connection: Emulated["connection"];
  let chat: ChatClient;
  const p = () => providerOf("SeedData");
  const requests = (method?: string, path?: string) =>
    emu.admin
      .requests()
      .filter((r) => (!method || r.method === method) && (!path || r.path.startsWith(path)));
  const only = (entity: Entity, file: string) => {
    const [b] = bucketsOf(entity, file, 1);
    if (!b) throw new Error("no bucket");
    return { ...b, connection };
  };
  // Each check here stands for an engine run of its own (a provider process starts with no claims).
  const check = (olds: Record<string, unknown>, news: Record<string, unknown>) => {
    forgetClaims();
    return p().check(olds, news);
  };
  const checked = async (olds: Record<string, unknown>, news: Record<string, unknown>) =>
    (await check(olds, news)).inputs;

  beforeAll(() => {
    emu = emulated();
    ({ connection, chat } = emu);
  });
  afterEach(() => emu.admin.setFaults([]));

  it("imports 120 users in 3 batches; an answer lost after the import is resent and makes nothing twice", async () => {
    const file = write("users.csv", people(120));
    await chat.call("createUser", { body: { uid: "sd-elsewhere", name: "Declared elsewhere" } });
    emu.admin.setFaults([
      { kind: "dropAfterApply", method: "POST", path: "/v3/data_import/users", times: 1 },
    ]);
    emu.admin.clearRequests();
    const before = requests("POST", "/v3/data_import/users").length;
    const inputs = await checked({}, only("users", file));
    const { id, outs } = await p().create(inputs);
    expect(id).toBe(`${file}#users:0/1`);
    expect(outs.count).toBe(120);
    expect(requests("POST", "/v3/data_import/users").length - before).toBe(4);
    // The resent batch found its 50 users as declared: compared, not written again.
    expect(requests("PUT", "/v3/users/")).toEqual([]);
    const listed = await chat.listAll("listUsers", { query: { perPage: 1000, searchKey: "sd-u" } });
    expect(listed).toHaveLength(120);
    expect(listed.find((u) => u.uid === "sd-u7")).toMatchObject({ name: "User 7", createdAt: 1_500_000_007 });

    // A refresh with nothing changed shows no drift; a change at the service shows on its row and field.
    // Buckets read in one process share one listing of the users (each engine command is a new process).
    forgetListings();
    emu.admin.clearRequests();
    // State keeps each row's digest and field names, not the per-field digests the inputs show.
    expect(outs.rows).toBe(renderKept(parseRows(inputs.rows as string)));
    expect(String(outs.rows).length).toBeLessThan(String(inputs.rows).length / 2);
    const refreshed = await p().read(id, outs);
    expect(refreshed.inputs?.rows).toEqual(inputs.rows);
    // Inputs as the program gives them: an output among them would show as removed at the next preview.
    expect(refreshed.inputs).not.toHaveProperty("count");
    expect(refreshed.props?.rows).toEqual(outs.rows);
    expect((await p().read(id, outs)).inputs?.rows).toEqual(inputs.rows);
    expect(requests("GET", "/v3/users")).toHaveLength(1);
    await chat.call("updateUser", { params: { uid: "sd-u5" }, body: { name: "Renamed there" } });
    forgetListings();
    const drifted = parseRows((await p().read(id, outs)).inputs?.rows as string);
    const recorded = parseRows(inputs.rows as string);
    expect(drifted.get("sd-u5")?.digest).not.toBe(recorded.get("sd-u5")?.digest);
    expect(drifted.get("sd-u5")?.fields.name).not.toBe(recorded.get("sd-u5")?.fields.name);
    expect(drifted.get("sd-u5")?.fields.tags).toBe(recorded.get("sd-u5")?.fields.tags);
    const same = [...recorded.keys()].filter((k) => drifted.get(k)?.digest === recorded.get(k)?.digest);
    expect(same).toHaveLength(119);

    // No change: check and diff ask the service nothing.
    const quiet = emu.admin.requests().length;
    const again = await checked(inputs, only("users", file));
    expect((await p().diff(id, outs, again)).changes).toBe(false);
    expect(emu.admin.requests().length).toBe(quiet);
    // Rows not known yet (a program passing an output at preview) are a change, not a failure of diff.
    expect((await p().diff(id, outs, { ...again, rows: UNKNOWN })).changes).toBe(true);

    // A field the routes cannot change is refused at preview, naming the row and the field, from the
    // recorded inputs' digests (the outputs keep none).
    const moved = write(
      "users-moved.csv",
      people(120).map((l) => (l.startsWith("sd-u4,") ? l.replace(/,\d+$/, ",1400000000") : l)),
    );
    const refusal = await check(inputs, only("users", moved));
    expect(refusal.failures).toEqual([
      {
        property: "",
        reason: expect.stringMatching(
          /^rows: these fields cannot change once imported .*: user sd-u4: createdAt$/,
        ),
      },
    ]);

    // One row changed, one added, one removed: one update, one delete, one import, nothing else written.
    const changed = write(
      "users.csv",
      people(121, (i) => (i === 3 ? "Three" : `User ${i}`)).filter((l) => !l.startsWith("sd-u9,")),
    );
    const news = await checked(inputs, only("users", changed));
    expect((await p().diff(id, outs, news)).changes).toBe(true);
    const writes = emu.admin.requests().length;
    const updated = await p().update(id, { ...outs, rows: renderKept(drifted) }, news);
    const made = emu.admin
      .requests()
      .slice(writes)
      .filter((r) => r.method !== "GET");
    expect(made.map((r) => `${r.method} ${r.path}`).sort()).toEqual(
      [
        "DELETE /v3/users/sd-u9",
        "POST /v3/data_import/users",
        "PUT /v3/users/sd-u3",
        "PUT /v3/users/sd-u5", // the drifted row, made as declared again
      ].sort(),
    );
    expect(updated.outs.count).toBe(120);
    expect((await chat.call("getUser", { params: { uid: "sd-u5" } })).data.name).toBe("User 5");

    // State of the first format (per row, per field, 12-hex digests) reads as the same rows: diff compares
    // the kept form, so it is no change, and an update made with it (another argument changed) writes nothing.
    const first: Record<string, FieldDigests> = {};
    const spec = { keyFields: ["uid"], sets: ["tags"] };
    const declared = people(121, (i) => (i === 3 ? "Three" : `User ${i}`)).slice(1);
    for (const l of declared) {
      const [uid = "", name, tags, createdAt] = l.split(",");
      if (uid === "sd-u9") continue;
      first[uid] = rowDigest(
        { uid, name, tags: [tags], createdAt: Number(createdAt) },
        spec.keyFields,
        spec.sets,
      );
    }
    expect(renderKept(new Map(Object.entries(first).map(([k, f]) => [k, lineOf(f)])))).toBe(
      updated.outs.rows,
    );
    const old = { ...updated.outs, rows: first };
    expect((await p().diff(id, old, news)).changes).toBe(false);
    const quietly = emu.admin.requests().length;
    const migrated = await p().update(id, old, news);
    expect(emu.admin.requests().length).toBe(quietly);
    expect(migrated.outs.rows).toBe(renderKept(parseRows(news.rows as string)));
    forgetListings();
    expect((await p().read(id, old)).inputs?.rows).toBe(news.rows);

    // Destroy removes exactly the seeded rows.
    await p().delete(id, old);
    expect(await chat.listAll("listUsers", { query: { perPage: 1000, searchKey: "sd-" } })).toEqual([
      expect.objectContaining({ uid: "sd-elsewhere" }),
    ]);
  });

  it("imports groups, members and messages with their times; a lost message import makes no message twice", async () => {
    const users = write("people.csv", people(4));
    await p().create(await checked({}, only("users", users)));
    const groups = write("groups.ndjson", [
      JSON.stringify({
        guid: "sd-g1",
        name: "One",
        type: "public",
        owner: "sd-u0",
        createdAt: 1_500_000_000,
      }),
    ]);
    await p().create(await checked({}, only("groups", groups)));
    const members = write("members.csv", [
      "guid,uid,scope,joinedAt",
      "sd-g1,sd-u1,moderator,1500000500",
      "sd-g1,sd-u2,,",
    ]);
    const m = await p().create(await checked({}, only("members", members)));
    const listed = await chat.listAll("listMembers", { params: { guid: "sd-g1" } });
    expect(listed.map((x) => [x.uid, x.scope]).sort()).toEqual([
      ["sd-u0", "admin"],
      ["sd-u1", "moderator"],
      ["sd-u2", "participant"],
    ]);
    expect((await p().read(m.id, m.outs)).props?.rows).toEqual(m.outs.rows);

    const messages = write("messages.json", [
      "[",
      ...Array.from(
        { length: 60 },
        (_, i) =>
          `  {"muid":"sd-m${i}","sender":"sd-u${i % 3}","receiverType":"group","receiver":"sd-g1","sentAt":${1_500_001_000 + i},"readAt":${1_500_002_000 + i},"data":{"text":"then ${i}"}}${i < 59 ? "," : ""}`,
      ),
      "]",
    ]);
    emu.admin.setFaults([
      { kind: "dropAfterApply", method: "POST", path: "/v3/data_import/messages", times: 1 },
    ]);
    const msg = await p().create(await checked({}, only("messages", messages)));
    const history = await chat.call("listMessages", {
      query: { conversationId: "group_sd-g1", limit: 1000, id: "0" },
    });
    const imported = history.data.filter((x) => String(x.muid).startsWith("sd-m"));
    expect(imported).toHaveLength(60);
    expect(imported.find((x) => x.muid === "sd-m4")).toMatchObject({
      sentAt: 1_500_001_004,
      readAt: 1_500_002_004,
    });
    expect((await p().read(msg.id, msg.outs)).props?.rows).toEqual(msg.outs.rows);

    // Messages, then members go; the group and its owner stay until their own buckets go.
    await p().delete(msg.id, msg.outs);
    const left = await chat.call("listMessages", {
      query: { conversationId: "group_sd-g1", limit: 1000, id: "0" },
    });
    expect(left.data.filter((x) => String(x.muid).startsWith("sd-m") && x.deletedAt === undefined)).toEqual(
      [],
    );
    // The same rows again (a destroy, then an up): the service keeps a deleted message's muid taken and
    // answers "already there"; each row is refused by name, not recorded as made.
    forgetListings();
    const again = p().create(await checked({}, only("messages", messages)));
    await expect(again).rejects.toThrow(
      /the service refused 60 message\(s\): sd-m\d+ \(the muid is taken by a message deleted at the service/,
    );
    await expect(again).rejects.toMatchObject({
      properties: expect.objectContaining({ count: 0, rows: "" }),
    });
    await p().delete(m.id, m.outs);
    expect((await chat.listAll("listMembers", { params: { guid: "sd-g1" } })).map((x) => x.uid)).toEqual([
      "sd-u0",
    ]);
  });

  it("retries an import refused before it is applied (503), and a rate-limited one (429): each row once", async () => {
    const file = write(
      "faults.csv",
      people(60).map((l) => l.replace(/^sd-u/, "sd-f")),
    );
    emu.admin.setFaults([
      { kind: "error", method: "POST", path: "/v3/data_import/users", times: 1, status: 503 },
      { kind: "rateLimit", method: "POST", path: "/v3/data_import/users", times: 1, retryAfterSeconds: 1 },
    ]);
    emu.admin.clearRequests();
    const { outs } = await p().create(await checked({}, only("users", file)));
    expect(outs.count).toBe(60);
    const posts = requests("POST", "/v3/data_import/users").map((r) => r.status);
    expect(posts.filter((s) => s === 200)).toHaveLength(2);
    expect(posts.filter((s) => s !== 200).sort()).toEqual([429, 503]);
    expect(await chat.listAll("listUsers", { query: { perPage: 1000, searchKey: "sd-f" } })).toHaveLength(60);
  });

  it("computes the rows at check when the program names the file alone (languages without seedData)", async () => {
    const file = write("alone.csv", people(6));
    emu.admin.clearRequests();
    const alone = { entity: "users", file, connection };
    const inputs = await checked({}, alone);
    // What seedData would have passed: the whole file as one bucket of one.
    expect(inputs).toMatchObject({ bucket: 0, buckets: 1, rows: only("users", file).rows });
    const halves = await Promise.all([0, 1].map((bucket) => checked({}, { ...alone, bucket, buckets: 2 })));
    expect(halves.map((h) => h.rows)).toEqual(bucketsOf("users", file, 2).map((b) => b.rows));
    expect(emu.admin.requests()).toEqual([]);
    const { id, outs } = await p().create(inputs);
    expect(outs.count).toBe(6);
    // The next preview computes the same rows: no change, no call.
    const again = await checked(inputs, alone);
    expect((await p().diff(id, outs, again)).changes).toBe(false);
    // The file changes: the rows follow, and the update writes the one row.
    write(
      "alone.csv",
      people(6, (i) => (i === 2 ? "Two" : `User ${i}`)),
    );
    const news = await checked(inputs, alone);
    expect((await p().diff(id, outs, news)).changes).toBe(true);
    const writes = emu.admin.requests().length;
    await p().update(id, outs, news);
    const made = emu.admin
      .requests()
      .slice(writes)
      .filter((r) => r.method !== "GET");
    expect(made.map((r) => `${r.method} ${r.path}`)).toEqual(["PUT /v3/users/sd-u2"]);
  });

  it("refuses at check, before any call, a file it cannot read and a bucket the count does not have", async () => {
    emu.admin.clearRequests();
    const bad = write("alone-bad.csv", ["uid,name", "ok,Fine", ",No uid"]);
    const reasons = async (args: Record<string, unknown>) =>
      (await check({}, { entity: "users", connection, ...args })).failures.map((f) => f.reason);
    expect(await reasons({ file: bad })).toEqual([expect.stringMatching(/^file: .*alone-bad\.csv:3: uid: /)]);
    expect(await reasons({ file: join(dir, "missing.csv") })).toEqual([
      expect.stringMatching(/^file: .*missing\.csv: /),
    ]);
    expect(await reasons({ file: bad, bucket: 2, buckets: 2 })).toEqual([
      expect.stringMatching(/bucket must be less than buckets \(2\)/),
    ]);
    expect(emu.admin.requests()).toEqual([]);
  });

  it("refuses, naming it, a row whose uid a deactivated user holds, and makes the others", async () => {
    await chat.call("createUser", { body: { uid: "sd-gone", name: "Gone" } });
    await chat.call("deleteUser", { params: { uid: "sd-gone" }, body: {} });
    const file = write("taken.csv", ["uid,name", "sd-gone,Back", "sd-new,New"]);
    const made = p().create(await checked({}, only("users", file)));
    await expect(made).rejects.toThrow(
      /refused 1 user\(s\): sd-gone \(the uid is taken by a user the service does not list/,
    );
    // What was made is recorded: the next up imports only the rest.
    await expect(made).rejects.toMatchObject({ properties: expect.objectContaining({ count: 1 }) });
    const listed = await chat.listAll("listUsers", { query: { perPage: 1000, searchKey: "sd-new" } });
    expect(listed.map((u) => u.uid)).toEqual(["sd-new"]);
  });

  it("refuses, in one run, a user declared both by a seed file and by a User resource, or by two seed files", async () => {
    const a = write("claims-a.csv", ["uid,name", "sd-c1,One", "sd-c2,Two"]);
    const b = write("claims-b.csv", ["uid,name", "sd-c2,Again"]);
    forgetClaims(); // one engine run: the checks below share the provider process
    const first = await p().check({}, only("users", a));
    expect(first.failures).toEqual([]);
    // The same resource checked again (the update after the preview) is not a second declaration.
    expect((await p().check({}, only("users", a))).failures).toEqual([]);
    const user = await providerOf("User").check({}, { uid: "sd-c1", name: "One", connection });
    expect(user.failures.map((f) => f.reason)).toEqual([
      expect.stringMatching(
        /^uid: user sd-c1 is also declared by seed file .*claims-a\.csv: declare an object once/,
      ),
    ]);
    const second = await p().check({}, only("users", b));
    expect(second.failures.map((f) => f.reason)).toEqual([
      expect.stringMatching(/^rows: user sd-c2 is also declared by seed file .*claims-a\.csv/),
    ]);
  });

  it("refuses a new bucket count at preview for a bucket that holds rows (the old buckets' removal would delete them)", async () => {
    const file = write("count.csv", people(3));
    const one = await checked({}, only("users", file));
    const [two] = bucketsOf("users", file, 2);
    const { failures } = await check(one, { ...two, connection });
    expect(failures.map((f) => f.reason)).toEqual([
      expect.stringMatching(/buckets cannot change from 1 to 2 .*keep buckets: 1/),
    ]);
    expect((await check({ ...one, rows: "" }, { ...two, connection })).failures).toEqual([]);
  });

  describe("removal through the widest delete (decision 0124)", () => {
    // A seed of two users and a group, with one member and two messages of its own, beside a user and a
    // group the program declares as resources: their member row and message are the seed's rows alone.
    const seedFiles = () => ({
      users: write("wide-users.csv", ["uid,name", "sd-w1,One", "sd-w2,Two"]),
      groups: write("wide-groups.ndjson", [
        JSON.stringify({ guid: "sd-wg", name: "Wide", type: "public", owner: "sd-w1" }),
      ]),
      members: write("wide-members.csv", ["guid,uid", "sd-wg,sd-w2", "sd-xg,sd-x1"]),
      messages: write("wide-messages.ndjson", [
        JSON.stringify({
          muid: `sd-wm1-${round}`,
          sender: "sd-w2",
          receiverType: "group",
          receiver: "sd-wg",
          data: { text: "a" },
          sentAt: 1_500_000_001,
        }),
        JSON.stringify({
          muid: `sd-wm2-${round}`,
          sender: "sd-x1",
          receiverType: "user",
          receiver: "sd-w1",
          data: { text: "b" },
          sentAt: 1_500_000_002,
        }),
        JSON.stringify({
          muid: `sd-wm3-${round}`,
          sender: "sd-x1",
          receiverType: "group",
          receiver: "sd-xg",
          data: { text: "c" },
          sentAt: 1_500_000_003,
        }),
      ]),
    });
    let round = 0;
    type Made = { id: string; outs: Record<string, unknown> };
    /** One up: every resource checked in one provider process, then each bucket created in order. */
    async function up(): Promise<Record<Entity, Made>> {
      // The service keeps a deleted message's muid taken: each test seeds muids of its own.
      round++;
      forgetClaims();
      forgetListings();
      await chat.call("createUser", { body: { uid: "sd-x1", name: "Declared" } });
      await chat.call("createGroup", { body: { guid: "sd-xg", name: "Declared", type: "public" } });
      await chat.call("addMembers", { params: { guid: "sd-xg" }, body: { participants: ["sd-x1"] } });
      const declared = [
        await providerOf("User").check({}, { uid: "sd-x1", name: "Declared", connection }),
        await providerOf("Group").check({}, { guid: "sd-xg", name: "Declared", type: "public", connection }),
      ];
      expect(declared.flatMap((c) => c.failures)).toEqual([]);
      const files = seedFiles();
      const inputs = {} as Record<Entity, Record<string, unknown>>;
      for (const e of ["users", "groups", "members", "messages"] as const) {
        const c = await p().check({}, only(e, files[e]));
        expect(c.failures).toEqual([]);
        inputs[e] = c.inputs;
      }
      const made = {} as Record<Entity, Made>;
      for (const e of ["users", "groups", "members", "messages"] as const)
        made[e] = await p().create(inputs[e]);
      return made;
    }
    const there = async () => ({
      users: (await chat.listAll("listUsers", {}))
        .map((u) => u.uid)
        .filter((u) => ["sd-x1", "sd-w1", "sd-w2"].includes(u))
        .sort(),
      groups: (await chat.listAll("listGroups", {}))
        .map((g) => g.guid)
        .filter((g) => ["sd-xg", "sd-wg"].includes(g))
        .sort(),
      messages: (await chat.call("listMessages", { query: { limit: 1000, id: "0" } })).data
        .map((m) => String(m.muid))
        .filter((m) => m.startsWith("sd-wm") && m.endsWith(`-${round}`))
        .sort(),
    });
    afterEach(async () => {
      for (const uid of ["sd-x1", "sd-w1", "sd-w2"])
        await chat.call("deleteUser", { params: { uid }, body: { permanent: true } }).catch(() => undefined);
      for (const guid of ["sd-xg", "sd-wg"])
        await chat.call("deleteGroup", { params: { guid } }).catch(() => undefined);
    });

    it("records the member and message rows none of whose users or groups the seed holds", async () => {
      const made = await up();
      expect(made.members.outs.alone).toBe(JSON.stringify(["sd-xg_member_sd-x1"]));
      expect(made.messages.outs.alone).toBe(JSON.stringify([`sd-wm3-${round}`]));
      expect(made.users.outs.alone).toBeUndefined();
    });

    it("a destroy removes the seed's groups and users, which take their rows; the rows alone one by one; the declared user and group stay", async () => {
      const made = await up();
      // A destroy: a new provider process that checks nothing, deleting in the engine's order.
      forgetClaims();
      forgetListings();
      emu.admin.clearRequests();
      for (const e of ["messages", "members", "groups", "users"] as const)
        await p().delete(made[e].id, made[e].outs);
      const deletes = requests("DELETE")
        .map((r) => r.path)
        .filter((d) => !d.startsWith("/v3/messages/"));
      expect(deletes.sort()).toEqual(
        ["/v3/groups/sd-xg/members/sd-x1", "/v3/groups/sd-wg", "/v3/users/sd-w1", "/v3/users/sd-w2"].sort(),
      );
      // The one message deleted on its own is the one alone; the others went with the group and the user.
      expect(requests("DELETE", "/v3/messages")).toHaveLength(1);
      expect(await there()).toEqual({ users: ["sd-x1"], groups: ["sd-xg"], messages: [] });
      expect((await chat.listAll("listMembers", { params: { guid: "sd-xg" } })).map((m) => m.uid)).toEqual(
        [],
      );
    });

    it("removes row by row while the program still declares the user or group (an up that drops a file)", async () => {
      const made = await up();
      // An up that keeps users and groups and drops the members and messages files: they are checked.
      forgetClaims();
      forgetListings();
      const files = seedFiles();
      for (const e of ["users", "groups"] as const) await p().check(made[e].outs, only(e, files[e]));
      emu.admin.clearRequests();
      for (const e of ["messages", "members"] as const) await p().delete(made[e].id, made[e].outs);
      expect(requests("DELETE", "/v3/messages")).toHaveLength(3);
      expect(requests("DELETE", "/v3/groups")).toHaveLength(2);
      expect(await there()).toEqual({
        users: ["sd-w1", "sd-w2", "sd-x1"],
        groups: ["sd-wg", "sd-xg"],
        messages: [],
      });
    });

    it("an up that removes a group's row and its rows deletes the group alone: its member and messages went with it", async () => {
      const made = await up();
      forgetClaims();
      forgetListings();
      const files = seedFiles();
      // No group left: an empty data set is `[]` in a .json file.
      files.groups = write("wide-groups-none.json", ["[]"]);
      write("wide-members.csv", ["guid,uid", "sd-xg,sd-x1"]);
      write("wide-messages.ndjson", [
        JSON.stringify({
          muid: `sd-wm2-${round}`,
          sender: "sd-x1",
          receiverType: "user",
          receiver: "sd-w1",
          data: { text: "b" },
          sentAt: 1_500_000_002,
        }),
        JSON.stringify({
          muid: `sd-wm3-${round}`,
          sender: "sd-x1",
          receiverType: "group",
          receiver: "sd-xg",
          data: { text: "c" },
          sentAt: 1_500_000_003,
        }),
      ]);
      const news = {} as Record<Entity, Record<string, unknown>>;
      for (const e of ["users", "groups", "members", "messages"] as const) {
        const c = await p().check(made[e].outs, only(e, files[e]));
        expect(c.failures).toEqual([]);
        news[e] = c.inputs;
      }
      emu.admin.clearRequests();
      for (const e of ["groups", "members", "messages"] as const)
        await p().update(made[e].id, made[e].outs, news[e]);
      expect(requests("DELETE").map((r) => r.path)).toEqual(["/v3/groups/sd-wg"]);
      expect((await there()).messages).toEqual([`sd-wm2-${round}`, `sd-wm3-${round}`]);
    });
  });

  it("refuses a file changed since the plan, naming the rows", async () => {
    const file = write("late.csv", people(2));
    const inputs = await checked({}, only("users", file));
    write(
      "late.csv",
      people(2, () => "Changed"),
    );
    await expect(p().create(inputs)).rejects.toThrow(
      /changed since these rows were planned \(user sd-u0, sd-u1\)/,
    );
  });
});
