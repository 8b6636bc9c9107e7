// Seed data on the real engine (decision 0108): a users file in four buckets comes up through Data Import; a
// no-change preview makes no API call; one changed row updates only its bucket, and the preview's diff names
// the row and the field (the engine decodes the bucket's rows string as YAML); a change at the service shows
// on refresh; buckets recorded in the first form (a map per row and field) take the new one with no write;
// destroy removes exactly the seeded users.
// (Counts include the stack resource itself.)
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readSeed } from "../../provider/kinds/seed/files";
import { bucketOf, parseRows, rowDigest } from "../../provider/kinds/seed/rows";
import { type EmulatedStack, emulatedStack } from "./support/emulated";

const dir = mkdtempSync(join(tmpdir(), "seed-e2e-"));
const file = join(dir, "people.csv");
const people = (rename?: number) =>
  writeFileSync(
    file,
    `uid,name,tags,createdAt\n${Array.from({ length: 20 }, (_, i) => `se-u${i},${i === rename ? "Renamed" : `Person ${i}`},t${i % 2},${1_500_000_000 + i}`).join("\n")}\n`,
  );

describe("seed data on the real engine", () => {
  let t: EmulatedStack;
  const out: string[] = [];
  const onOutput = (s: string) => out.push(s);

  beforeAll(async () => {
    people();
    t = await emulatedStack(join(__dirname, "programs", "seed"), "seed", { "e2e:file": { value: file } });
    await t.emu.chat.call("createUser", { body: { uid: "se-elsewhere", name: "Not seeded" } });
  });
  afterAll(async () => t?.dispose());

  it("comes up in four buckets through Data Import, and a no-change preview asks the service nothing", async () => {
    const up = await t.stack.up({ onOutput });
    expect(up.summary.resourceChanges).toEqual({ create: 5 });
    const users = await t.emu.chat.listAll("listUsers", { query: { perPage: 100, searchKey: "se-u" } });
    expect(users).toHaveLength(20);
    expect(
      t.emu.admin.requests().filter((r) => r.path === "/v3/data_import/users").length,
    ).toBeLessThanOrEqual(4);
    t.emu.admin.clearRequests();
    expect((await t.stack.preview({ onOutput })).changeSummary).toEqual({ same: 5 });
    expect(t.emu.admin.requests()).toEqual([]);
    // State: the inputs hold each field's short digest (the preview's display reads them), the outputs only
    // each row's digest under a `# fields:` header.
    const state = (await t.stack.exportStack()).deployment as {
      resources?: { type: string; inputs?: { rows?: string }; outputs?: { rows?: string } }[];
    };
    const bucket = (state.resources ?? []).find((r) => r.type.endsWith(":SeedData"));
    expect(bucket?.inputs?.rows).toMatch(
      /^se-u\d+: [0-9a-f]{12} createdAt=[0-9a-f]{4} name=[0-9a-f]{4} tags=[0-9a-f]{4}$/m,
    );
    expect(bucket?.outputs?.rows).toMatch(/^# fields: createdAt name tags\nse-u\d+: [0-9a-f]{12}\n/);
  });

  it("changes one row: the preview names it and its field, the up updates its bucket only, with one write", async () => {
    people(7);
    out.length = 0;
    const preview = await t.stack.preview({ diff: true, onOutput });
    expect(preview.changeSummary).toEqual({ same: 4, update: 1 });
    const text = out.join("");
    expect(text).toContain(`people-${bucketOf("se-u7", 4)}`);
    // The engine decodes the bucket's rows (one string, a line per row) as YAML and prints an object diff:
    // the changed row marked, its digests before and after, and of its fields only name's differs.
    expect(text).toMatch(/~ rows\s*: \(yaml\) \{/);
    expect(text.match(/~ se-u\d+/g)).toEqual(["~ se-u7"]);
    const row = /~ se-u7\s*: "([0-9a-f]{12}) ([^"]*)" => "([0-9a-f]{12}) ([^"]*)"/.exec(text);
    const fields = (s = "") => Object.fromEntries(s.split(" ").map((p) => p.split("=")));
    const [before, after] = [fields(row?.[2]), fields(row?.[4])];
    expect(row?.[1]).not.toBe(row?.[3]);
    expect(Object.keys(after).sort()).toEqual(["createdAt", "name", "tags"]);
    expect(Object.keys(after).filter((f) => before[f] !== after[f])).toEqual(["name"]);
    t.emu.admin.clearRequests();
    const up = await t.stack.up({ onOutput });
    expect(up.summary.resourceChanges).toEqual({ same: 4, update: 1 });
    const writes = t.emu.admin.requests().filter((r) => r.method !== "GET");
    expect(writes.map((r) => `${r.method} ${r.path}`)).toEqual(["PUT /v3/users/se-u7"]);
    expect((await t.emu.chat.call("getUser", { params: { uid: "se-u7" } })).data.name).toBe("Renamed");
  });

  it("shows a change made at the service on refresh, in that row's bucket", async () => {
    await t.emu.chat.call("updateUser", { params: { uid: "se-u3" }, body: { name: "Changed there" } });
    const refresh = await t.stack.refresh({ onOutput });
    expect(refresh.summary.resourceChanges).toEqual({ same: 4, update: 1 });
    expect((await t.stack.preview({ onOutput })).changeSummary).toEqual({ same: 4, update: 1 });
    await t.stack.up({ onOutput });
    expect((await t.emu.chat.call("getUser", { params: { uid: "se-u3" } })).data.name).toBe("Person 3");
  });

  it("reads buckets recorded in the first form (a map per row and field) as the same rows: no change, and the up writes nothing", async () => {
    const state = await t.stack.exportStack();
    type Recorded = { type: string; inputs?: Record<string, unknown>; outputs?: Record<string, unknown> };
    const resources = (state.deployment as { resources?: Recorded[] }).resources ?? [];
    const rows = readSeed(file, "users");
    // What the first SeedData recorded: per row key, per field, the 12-hex digest of the value.
    const first = (text: unknown) =>
      Object.fromEntries(
        [...parseRows(String(text)).keys()].map((k) => [
          k,
          rowDigest(rows.get(k)?.row ?? {}, ["uid"], ["tags"]),
        ]),
      );
    const buckets = resources.filter((r) => r.type.endsWith(":SeedData"));
    expect(buckets).toHaveLength(4);
    for (const r of buckets) {
      if (r.inputs) r.inputs.rows = first(r.inputs.rows);
      if (r.outputs) r.outputs.rows = first(r.outputs.rows);
    }
    await t.stack.importStack(state);
    expect((await t.stack.preview({ onOutput })).changeSummary).toEqual({ same: 5 });
    t.emu.admin.clearRequests();
    const up = await t.stack.up({ onOutput });
    expect(up.summary.resourceChanges).toEqual({ same: 5 });
    expect(t.emu.admin.requests().filter((r) => r.method !== "GET")).toEqual([]);
    expect((await t.stack.preview({ onOutput })).changeSummary).toEqual({ same: 5 });
    // The up records the inputs as the program gives them now (the outputs take the kept form at the next
    // write of the bucket).
    const now = (await t.stack.exportStack()).deployment as { resources?: Recorded[] };
    for (const r of (now.resources ?? []).filter((x) => x.type.endsWith(":SeedData")))
      expect(typeof r.inputs?.rows).toBe("string");
  });

  it("refuses a bad file, and a bucket count of 0, with one clean error and no call", async () => {
    t.emu.admin.clearRequests();
    const failure = () =>
      t.stack.preview({ onOutput }).then(
        () => "",
        (e: Error) => e.message,
      );
    writeFileSync(file, "uid,name\nok,Fine\nno good,Bad\n");
    const bad = await failure();
    expect(bad).toMatch(/seedData "people": .*people\.csv:3: uid: /);
    expect(bad).not.toMatch(/\n\s+at .*\.(js|ts):\d+/); // no stack trace
    people();
    // No bucket declared would plan every row's deletion.
    await t.stack.setConfig("e2e:buckets", { value: "0" });
    const zero = await failure();
    await t.stack.removeConfig("e2e:buckets");
    expect(zero).toMatch(/seedData "people": buckets must be a whole number from 1 to 1000 \(given 0\)/);
    expect(zero).not.toMatch(/\n\s+at .*\.(js|ts):\d+/);
    expect(t.emu.admin.requests()).toEqual([]);
  });

  it("destroys exactly the seeded users", async () => {
    await t.stack.destroy({ onOutput });
    const left = await t.emu.chat.listAll("listUsers", { query: { perPage: 100, searchKey: "se-" } });
    expect(left.map((u) => u.uid)).toEqual(["se-elsewhere"]);
  });
});
