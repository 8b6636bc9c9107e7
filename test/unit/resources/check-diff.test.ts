// check and diff of the generic provider, per kind: pure functions of the inputs (no API call).
import { CrudProvider, kinds } from "../../../provider/resources";
import { UNKNOWN } from "../../../provider/resources/normalize";

const provider = (k: keyof typeof kinds) => new CrudProvider(kinds[k] as never);
const user = provider("User");

describe("check", () => {
  it("names the field and the rule, and keeps the inputs as given", async () => {
    const r = await user.check(
      {},
      { uid: "bad uid!", name: "", avatar: "not a url", tags: Array(26).fill("t") },
    );
    expect(r.failures).toEqual(
      expect.arrayContaining([
        { property: "uid", reason: "uid may contain only letters, digits, '-' and '_'" },
        { property: "name", reason: "name must not be empty" },
        { property: "avatar", reason: "avatar must be a URL" },
        { property: "tags", reason: "at most 25 tags" },
      ]),
    );
  });

  it("refuses unknown arguments (typos) by name", async () => {
    const r = await user.check({}, { uid: "a", name: "A", nmae: "x" });
    expect(r.failures.map((f) => f.property + ": " + f.reason).join()).toMatch(/nmae/);
  });

  it("normalises: lowercases caller-chosen ids", async () => {
    const r = await user.check({}, { uid: "Alice", name: "Alice" });
    expect(r.failures).toEqual([]);
    expect(r.inputs.uid).toBe("alice");
  });

  it("tolerates values unknown during preview, but still checks the known ones", async () => {
    const r = await user.check({}, { uid: UNKNOWN, name: "", avatar: UNKNOWN });
    expect(r.failures).toEqual([{ property: "name", reason: "name must not be empty" }]);
    const ok = await provider("GroupMembers").check({}, { guid: "g", participants: [UNKNOWN, "bob"] });
    expect(ok.failures).toEqual([]);
  });

  it("checks cross-field rules", async () => {
    const g = await provider("Group").check({}, { guid: "g", name: "G", type: "password" });
    expect(g.failures).toEqual([
      { property: "password", reason: "password is required when type is 'password'" },
    ]);
    const w = await provider("Webhook").check(
      {},
      { webhookId: "w", name: "W", webhookURL: "http://x.example/h" },
    );
    expect(w.failures).toEqual([{ property: "webhookURL", reason: "webhookURL must use https" }]);
    const m = await provider("GroupMembers").check({}, { guid: "g", admins: ["a"], participants: ["a"] });
    expect(m.failures[0]?.reason).toMatch(/only one of admins, moderators and participants/);
    // "default" passes check: adopted, it is managed; otherwise create refuses it (integration tests).
    const r = await provider("Role").check({}, { role: "default", name: "D", adopt: true });
    expect(r.failures).toEqual([]);
  });

  it("validates the connection option", async () => {
    const r = await user.check(
      {},
      { uid: "a", name: "A", connection: { appId: "", apiKey: "k", region: "mars" } },
    );
    expect(r.failures.map((f) => f.property).sort()).toEqual(["connection.appId", "connection.region"]);
  });
});

describe("diff", () => {
  const olds = {
    uid: "alice",
    name: "Alice",
    role: "default",
    tags: ["b", "a"],
    metadata: { x: 1, y: { b: 2, a: 1 } },
    createdAt: 1,
  };

  it("sees no change through server defaults, tag order, metadata key order and empty values", async () => {
    const news = {
      uid: "alice",
      name: "Alice",
      tags: ["a", "b"],
      metadata: { y: { a: 1, b: 2 }, x: 1 },
      avatar: "",
    };
    expect(await user.diff("alice", olds, news)).toEqual({
      changes: false,
      replaces: [],
      deleteBeforeReplace: false,
    });
  });

  it("updates in place what the API can update", async () => {
    const d = await user.diff("alice", olds, { ...olds, name: "Alice B" });
    expect(d).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false });
  });

  it("replaces when a caller-chosen id changes, creating the new object first (no collision)", async () => {
    const d = await user.diff("alice", olds, { ...olds, uid: "alice2" });
    expect(d).toEqual({ changes: true, replaces: ["uid"], deleteBeforeReplace: false });
  });

  it("deletes first when the replacement keeps the identity (same uid in the same app)", async () => {
    const o = { ...olds, connection: { appId: "app1", region: "us", apiKey: "k" } };
    const d = await user.diff("alice", o, { ...o, connection: { appId: "app1", region: "eu", apiKey: "k" } });
    expect(d).toEqual({ changes: true, replaces: ["connection"], deleteBeforeReplace: true });
    const moved = await user.diff("alice", o, {
      ...o,
      connection: { appId: "app2", region: "us", apiKey: "k" },
    });
    expect(moved.deleteBeforeReplace).toBe(false);
  });

  it("replaces when the resource moves to another app, updates when only the key rotates", async () => {
    const conn = { appId: "app1", region: "us", apiKey: "k1" };
    const o = { ...olds, connection: conn };
    expect((await user.diff("alice", o, { ...o, connection: { ...conn, appId: "app2" } })).replaces).toEqual([
      "connection",
    ]);
    expect(await user.diff("alice", o, { ...o, connection: { ...conn, apiKey: "k2" } })).toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
    });
  });

  it("replaces an app on a new name or region (no update API)", async () => {
    const app = provider("App");
    const o = { name: "a", region: "us", apiKey: "secret", appId: "x" };
    expect((await app.diff("x", o, { name: "a", region: "eu" })).replaces).toEqual(["region"]);
    expect(await app.diff("x", o, { name: "a" })).toEqual({
      changes: false,
      replaces: [],
      deleteBeforeReplace: false,
    });
  });

  it("compares member lists as sets and treats unknowns as changes", async () => {
    const m = provider("GroupMembers");
    const o = { guid: "g", participants: ["a", "b"] };
    expect((await m.diff("g", o, { guid: "g", participants: ["b", "a"] })).changes).toBe(false);
    expect((await m.diff("g", o, { guid: "g", participants: ["a", UNKNOWN] })).changes).toBe(true);
  });

  it("does not compare computed outputs as inputs", async () => {
    const k = provider("ApiKey");
    expect(
      (await k.diff("id", { name: "ci", scope: "authOnly", apiKey: "x", createdAt: 5 }, { name: "ci" }))
        .changes,
    ).toBe(false);
  });
});
