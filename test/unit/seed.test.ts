// Seed data's pure parts (decision 0108): buckets stable under additions and removals, per-field digests,
// the recorded form (a line per row: render, parse, the first format's map read as the same lines), the plan a
// person reads, batches of the import size, and file problems named by file, line and field.
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { IMPORT_LIMITS } from "../../provider/contract";
import { bucketsOf, digestsOf, linesOf, rowsOfBucket } from "../../provider/kinds/seed/buckets";
import { cachedBucketsOf } from "../../provider/kinds/seed/cache";
import { parseSeed, SeedFileError } from "../../provider/kinds/seed/files";
import {
  batches,
  bucketOf,
  fieldDigest,
  keptOfInputs,
  lineOf,
  parseRows,
  planOf,
  type Rows,
  recordedKeys,
  recordedRows,
  renderKept,
  renderPlan,
  renderRows,
  rowDigest,
  rowsProblem,
} from "../../provider/kinds/seed/rows";

const uids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `u${i + from}`);

describe("buckets", () => {
  it("keeps every row in its bucket when other rows are added or removed", () => {
    const before = new Map(uids(2000).map((u) => [u, bucketOf(u, 16)]));
    const after = new Map([...uids(1000), ...uids(3000, 5000)].map((u) => [u, bucketOf(u, 16)]));
    for (const u of uids(1000)) expect([u, after.get(u)]).toEqual([u, before.get(u)]);
  });

  it("spreads rows over the buckets (none empty, none with more than twice its share)", () => {
    const counts = new Array(16).fill(0);
    for (const u of uids(10_000)) counts[bucketOf(u, 16)]++;
    expect(Math.min(...counts)).toBeGreaterThan(0);
    expect(Math.max(...counts)).toBeLessThan((2 * 10_000) / 16);
  });

  it("puts one group's members in one bucket", () => {
    const text = ["guid,uid,scope", ...uids(50).map((u) => `g1,${u},participant`), "g2,u1,admin"].join("\n");
    const parsed = parseSeed(text, "members.csv", "members");
    const holding = Array.from({ length: 8 }, (_, b) => rowsOfBucket("members", parsed, b, 8)).filter(
      (rows) => [...rows.keys()].some((k) => k.startsWith("g1_member_")),
    );
    expect(holding).toHaveLength(1);
    expect(holding[0]?.size).toBeGreaterThanOrEqual(50);
  });
});

describe("digests", () => {
  it("one per field, the key left out, empty values absent, sets in any order, objects in any key order", () => {
    const d = rowDigest(
      { uid: "a", name: "A", tags: ["x", "y"], metadata: { b: 1, a: 2 }, avatar: "" },
      ["uid"],
      ["tags"],
    );
    expect(Object.keys(d)).toEqual(["metadata", "name", "tags"]);
    expect(d.tags).toBe(fieldDigest(["y", "x"], true));
    expect(d.metadata).toBe(fieldDigest({ a: 2, b: 1 }));
    expect(d.name).not.toBe(fieldDigest("A "));
    expect(d.name).toMatch(/^[0-9a-f]{12}$/);
  });

  it("hold no value of the row", () => {
    const d = digestsOf("users", new Map([["secretive", { uid: "secretive", name: "Very Private Name" }]]));
    expect(JSON.stringify(d)).not.toContain("Private");
  });
});

describe("the recorded form", () => {
  const users = new Map<string, Record<string, unknown>>([
    ["ada", { uid: "ada", name: "Ada", tags: ["x", "y"], createdAt: 1 }],
    ["1001", { uid: "1001", name: "Numeric uid" }],
    ["true", { uid: "true", name: "A YAML word" }],
    ["bob", { uid: "bob", name: "Bob" }],
  ]);

  it("is a line per row, sorted by key: the row digest (48 bits), then a 4-hex digest per field", () => {
    const text = digestsOf("users", users);
    const lines = text.split("\n");
    expect(lines.at(-1)).toBe("");
    expect(lines[0]).toMatch(/^"1001": [0-9a-f]{12} name=[0-9a-f]{4}$/);
    expect(lines[1]).toMatch(/^ada: [0-9a-f]{12} createdAt=[0-9a-f]{4} name=[0-9a-f]{4} tags=[0-9a-f]{4}$/);
    expect(lines[2]).toMatch(/^bob: /);
    expect(lines[3]).toMatch(/^"true": /);
    expect(text).not.toContain("Ada");
  });

  it("reads back as it was written, and as YAML a mapping of the keys (what the engine's display decodes)", () => {
    const text = digestsOf("users", users);
    const rows = parseRows(text);
    expect(renderRows(rows)).toBe(text);
    expect(rows.get("ada")?.fields).toEqual({
      createdAt: expect.stringMatching(/^[0-9a-f]{4}$/),
      name: expect.stringMatching(/^[0-9a-f]{4}$/),
      tags: expect.stringMatching(/^[0-9a-f]{4}$/),
    });
    const yaml = parseYaml(text) as Record<string, string>;
    expect(Object.keys(yaml).sort()).toEqual(["1001", "ada", "bob", "true"]);
    expect(yaml.ada).toMatch(/ name=/);
    const odd = new Map([['a key: with # and "quotes"', lineOf({ name: fieldDigest("x") })]]);
    expect([...parseRows(renderRows(odd)).keys()]).toEqual(['a key: with # and "quotes"']);
    expect(Object.keys(parseYaml(renderRows(odd)) as object)).toEqual(['a key: with # and "quotes"']);
    expect(parseRows("")).toEqual(new Map());
  });

  it("keeps in state each row's digest and field names: the common set once, another set on its line", () => {
    const full = (name: string) =>
      lineOf({ createdAt: fieldDigest(1), name: fieldDigest(name), tags: fieldDigest(["a"], true) });
    const rows = new Map([
      ["ada", full("Ada")],
      ["bob", full("Bob")],
    ]);
    const odd = new Map(rows);
    odd.set("zed", lineOf({ name: fieldDigest("Zed") }));
    odd.set("zero", lineOf({}));
    const kept = renderKept(odd);
    const lines = kept.split("\n");
    expect(lines[0]).toBe("# fields: createdAt name tags");
    expect(lines).toContain(`ada: ${rows.get("ada")?.digest}`);
    expect(lines).toContain(`zed: ${odd.get("zed")?.digest} name`);
    expect(lines).toContain(`zero: ${odd.get("zero")?.digest} -`);
    expect(rowsProblem(kept)).toBeUndefined();
    // Read back: the same keys, digests and field names, the per-field digests unknown ("").
    const back = parseRows(kept);
    expect([...back.keys()]).toEqual([...odd.keys()].sort());
    for (const [k, r] of odd) {
      expect(back.get(k)?.digest).toBe(r.digest);
      expect(Object.keys(back.get(k)?.fields ?? {}).sort()).toEqual(Object.keys(r.fields).sort());
    }
    expect(back.get("ada")?.fields.name).toBe("");
    // Of its own form it gives itself (diff compares the two sides in this form), and it is a YAML mapping.
    expect(renderKept(back)).toBe(kept);
    expect(Object.keys(parseYaml(kept) as object)).toContain("ada");
    expect(kept.length).toBeLessThan(renderRows(odd).length);
    expect(renderKept(new Map())).toBe("");
    // The inputs' lines read straight into the same kept form (what diff does at every preview).
    odd.set('a "quoted": key', lineOf({ name: fieldDigest("Q"), tags: fieldDigest(["x"], true) }));
    expect(keptOfInputs(renderRows(odd))).toBe(renderKept(odd));
    expect(keptOfInputs(renderRows(rows))).toBe(renderKept(rows));
    expect(keptOfInputs("")).toBe("");
    expect(keptOfInputs(kept)).toBeUndefined();
    expect(keptOfInputs("04da6b54-80e4-46f7-96ec-b56ff0331ba9")).toBeUndefined();
    expect(() => parseRows("# fields: name\na: 0123456789ab na!me\n")).toThrow(/"na!me" is not a field name/);
  });

  it("checks a recorded string without building its rows, saying what the parser says", () => {
    const text = digestsOf("users", users);
    expect(rowsProblem(text)).toBeUndefined();
    expect(rowsProblem("")).toBeUndefined();
    expect(rowsProblem(`${text}b: xyz\n`)).toMatch(/rows line 5: the row digest/);
    expect(rowsProblem(`${text}${text.split("\n")[1]}\n`)).toMatch(/row ada is there twice/);
    expect(recordedKeys(text)).toEqual(["1001", "ada", "bob", "true"]);
    expect(recordedKeys({ x: { name: "0123456789ab" } })).toEqual(["x"]);
    const odd = renderRows(new Map([['a "b": c', lineOf({})]]));
    expect(rowsProblem(odd)).toBeUndefined();
    expect(recordedKeys(odd)).toEqual(['a "b": c']);
  });

  it("names a malformed line by its number", () => {
    expect(() => parseRows("a: 0123456789ab\nb: xyz\n")).toThrow(/rows line 2: the row digest/);
    expect(() => parseRows("a: 0123456789ab name=12\n")).toThrow(/rows line 1: "name=12" is not/);
    expect(() => parseRows("a 0123456789ab\n")).toThrow(/rows line 1: expected/);
    expect(() => parseRows("a: 0123456789ab\na: 0123456789ab\n")).toThrow(/row a is there twice/);
  });

  it("reads the first format (per row, per field, 12-hex digests) as exactly the same lines", () => {
    const first: Record<string, Record<string, string>> = {};
    for (const [k, row] of users) first[k] = rowDigest(row, ["uid"], ["tags"]);
    expect(recordedRows(first)).toEqual(linesOf("users", users));
    expect(renderRows(recordedRows(first))).toBe(digestsOf("users", users));
    expect(planOf(recordedRows(first), parseRows(digestsOf("users", users)))).toEqual({
      added: [],
      removed: [],
      changed: [],
    });
  });

  it("changes the row digest with any field, and only that field's short digest", () => {
    const a = lineOf(rowDigest({ uid: "a", name: "A", tags: ["t"] }, ["uid"], ["tags"]));
    const b = lineOf(rowDigest({ uid: "a", name: "B", tags: ["t"] }, ["uid"], ["tags"]));
    expect(b.digest).not.toBe(a.digest);
    expect(b.fields.tags).toBe(a.fields.tags);
    expect(b.fields.name).not.toBe(a.fields.name);
  });
});

describe("the plan", () => {
  const line = (fields: Record<string, string>) => lineOf(fields);
  const rows = (entries: [string, Record<string, string>][]): Rows =>
    new Map(entries.map(([k, f]) => [k, line(f)]));
  const olds = rows([
    ["a", { name: "111111111111" }],
    ["b", { name: "111111111111", tags: "222222222222" }],
    ["c", { name: "111111111111" }],
  ]);
  const news = rows([
    ["a", { name: "111111111111" }],
    ["b", { name: "333333333333" }],
    ["d", { name: "111111111111" }],
  ]);

  it("names rows added, removed and changed with their fields", () => {
    expect(planOf(olds, news)).toEqual({
      added: ["d"],
      removed: ["c"],
      changed: [{ key: "b", fields: ["name", "tags"] }],
    });
    expect(planOf(news, news)).toEqual({ added: [], removed: [], changed: [] });
  });

  it("decides by the row digest: a change the short digests cannot tell is still a change, with no field named", () => {
    const before = rows([["a", { name: "aaaa11111111" }]]);
    const after = rows([["a", { name: "aaaa22222222" }]]);
    expect(before.get("a")?.fields).toEqual(after.get("a")?.fields);
    expect(planOf(before, after).changed).toEqual([{ key: "a", fields: [] }]);
    expect(renderPlan(planOf(before, after), "user")).toEqual(["~ user a: (a field)"]);
  });

  it("renders as lines a person reads, the long lists cut", () => {
    expect(renderPlan(planOf(olds, news), "user")).toEqual(["+ user d", "~ user b: name, tags", "- user c"]);
    const many = rows(uids(30).map((u) => [u, { name: "x" }]));
    const lines = renderPlan(planOf(new Map(), many), "user", 20);
    expect(lines).toHaveLength(21);
    expect(lines[20]).toBe("  … and 10 more");
  });
});

describe("batches", () => {
  it("splits into runs of the import size, in order, the last one shorter", () => {
    const runs = batches(uids(123), IMPORT_LIMITS.perRequest);
    expect(runs.map((r) => r.length)).toEqual([50, 50, 23]);
    expect(runs.flat()).toEqual(uids(123));
    expect(batches([], 50)).toEqual([]);
    expect(() => batches([1], 0)).toThrow("at least one");
  });
});

describe("seed files", () => {
  const problems = (text: string, file: string, entity: Parameters<typeof parseSeed>[2] = "users") => {
    try {
      parseSeed(text, file, entity);
    } catch (e) {
      if (e instanceof SeedFileError) return e.problems;
      throw e;
    }
    return [];
  };

  it("reads CSV (quoted commas, ; lists, JSON cells, numbers), NDJSON and JSON alike", () => {
    const csv = parseSeed(
      'uid,name,tags,metadata,createdAt\nada,"Ada, L",a;b,"{""k"":1}",1500000000\n',
      "u.csv",
      "users",
    );
    const nd = parseSeed(
      '{"uid":"ada","name":"Ada, L","tags":["a","b"],"metadata":{"k":1},"createdAt":1500000000}\n',
      "u.ndjson",
      "users",
    );
    const json = parseSeed(
      '[\n  {"uid":"ada","name":"Ada, L","tags":["a","b"],"metadata":{"k":1},"createdAt":1500000000}\n]',
      "u.json",
      "users",
    );
    expect(csv.get("ada")?.row).toEqual(nd.get("ada")?.row);
    expect(json.get("ada")?.row).toEqual(nd.get("ada")?.row);
    const m = parseSeed(
      "muid,sender,receiverType,receiver,sentAt,readAt,data.text\nm1,ada,user,bob,10,20,hello\n",
      "m.csv",
      "messages",
    );
    expect(m.get("m1")?.row).toMatchObject({ sentAt: 10, readAt: 20, data: { text: "hello" } });
  });

  it("names the file, the line and the field of every problem", () => {
    expect(problems("uid,name,createdAt\nok,Ok,1\nbad uid,B,2\nc,,x\n", "people.csv")).toEqual([
      expect.stringMatching(/^people\.csv:3: uid: /),
      expect.stringMatching(/^people\.csv:4: name: /),
      expect.stringMatching(/^people\.csv:4: createdAt: /),
    ]);
    expect(problems('{"uid":"a","name":"A"}\n{"uid":"b"}\n', "p.ndjson")).toEqual([
      expect.stringMatching(/^p\.ndjson:2: name: /),
    ]);
    expect(problems('[\n  {"uid":"a","name":"A"},\n  {"uid":"a","name":"B"}\n]', "p.json")).toEqual([
      "p.json:3: uid: user a is already on line 2",
    ]);
    expect(problems("guid,uid\ng1,a\ng1,a\n", "m.csv", "members")).toEqual([
      "m.csv:3: guid, uid: member a of group g1 is already on line 2",
    ]);
    expect(problems("muid,sender,receiverType,receiver\nm1,a,room,b\n", "m.csv", "messages")).toEqual([
      expect.stringMatching(/^m\.csv:2: receiverType: /),
      expect.stringMatching(/^m\.csv:2: sentAt: /),
    ]);
    expect(problems("x", "p.txt")[0]).toContain("ends in .json");
    expect(problems("{", "p.json")[0]).toContain("p.json: not valid JSON");
  });

  it("reads what editors and checkouts leave: a byte-order mark, CRLF inside a quoted cell; decimal numbers only", () => {
    const bom = "\uFEFF";
    expect(parseSeed(`${bom}[{"uid":"a","name":"A"}]`, "u.json", "users").has("a")).toBe(true);
    expect(parseSeed(`${bom}{"uid":"a","name":"A"}\n`, "u.ndjson", "users").has("a")).toBe(true);
    const crlf = parseSeed('uid,name\r\na,"two\r\nlines"\r\n', "u.csv", "users");
    const lf = parseSeed('uid,name\na,"two\nlines"\n', "u.csv", "users");
    expect(crlf.get("a")?.row).toEqual(lf.get("a")?.row);
    expect(problems("uid,name,createdAt\na,A,0x10\n", "u.csv")).toEqual([
      expect.stringMatching(/^u\.csv:2: createdAt: /),
    ]);
  });

  it("refuses an empty file, and finds every problem of a file past a line that is not JSON", () => {
    for (const f of ["u.csv", "u.ndjson", "u.json"])
      expect(problems(" \n", f)).toEqual([
        expect.stringMatching(/the file is empty; a seed with no rows is `\[\]`/),
      ]);
    expect(problems('{"uid":"a"\n{"uid":"b"}\n', "p.ndjson")).toEqual([
      expect.stringMatching(/^p\.ndjson:1: not valid JSON/),
      "p.ndjson:2: name: name is required",
    ]);
  });

  it("refuses rows the import takes but a seed cannot mean: a future time, a read before the send, a password group, a member id holding the member key", () => {
    const later = Math.floor(Date.now() / 1000) + 3600;
    expect(problems(`uid,name,createdAt\na,A,${later}\n`, "u.csv")).toEqual([
      "u.csv:2: createdAt: createdAt must not be after now: a seed row is history",
    ]);
    expect(
      problems(
        `{"guid":"g","name":"G","type":"password","owner":"a","createdAt":${later}}\n`,
        "g.ndjson",
        "groups",
      ),
    ).toEqual([
      "g.ndjson:1: createdAt: createdAt must not be after now: a seed row is history",
      expect.stringMatching(/^g\.ndjson:1: type: a password group cannot be seeded/),
    ]);
    expect(problems("guid,uid\nx_member_y,z\nx,y_member_z\n", "m.csv", "members")).toEqual([
      expect.stringMatching(/^m\.csv:2: guid: guid must not contain "_member_"/),
      expect.stringMatching(/^m\.csv:3: uid: uid must not contain "_member_"/),
    ]);
    expect(
      problems(
        `muid,sender,receiverType,receiver,sentAt,deliveredAt,readAt\nm1,a,user,b,100,99,98\nm2,a,user,b,${later},,\n`,
        "m.csv",
        "messages",
      ),
    ).toEqual([
      "m.csv:2: deliveredAt: deliveredAt must not be before sentAt",
      "m.csv:2: readAt: readAt must not be before sentAt",
      "m.csv:3: sentAt: sentAt must not be after now: a seed row is history",
    ]);
  });

  it("splits a file on disk into buckets that together hold every row once", () => {
    const all = bucketsOf("users", `${__dirname}/../support/seed/users.csv`, 4);
    expect(all.map((b) => b.bucket)).toEqual([0, 1, 2, 3]);
    expect(all.flatMap((b) => [...parseRows(b.rows).keys()]).sort()).toEqual([
      "seed-ada",
      "seed-bob",
      "seed-cy",
    ]);
  });
});

describe("the program's cache of a file's buckets", () => {
  const before = process.env.PULUMI_CHAT_CACHE;
  const root = mkdtempSync(join(tmpdir(), "seed-cache-"));
  beforeAll(() => {
    process.env.PULUMI_CHAT_CACHE = root;
  });
  afterAll(() => {
    if (before === undefined) delete process.env.PULUMI_CHAT_CACHE;
    else process.env.PULUMI_CHAT_CACHE = before;
  });

  it("gives what bucketsOf gives, from one entry per file, recomputed when the bytes change or the entry is bad", () => {
    const file = join(root, "people.csv");
    writeFileSync(file, "uid,name\na,A\nb,B\nc,C\n");
    const first = cachedBucketsOf("users", file, 2);
    expect(first).toEqual(bucketsOf("users", file, 2));
    const [entry] = readdirSync(join(root, "seed"));
    expect(cachedBucketsOf("users", file, 2)).toEqual(first);
    writeFileSync(file, "uid,name\na,A\nb,Bee\nc,C\n");
    const changed = cachedBucketsOf("users", file, 2);
    expect(changed).toEqual(bucketsOf("users", file, 2));
    expect(changed).not.toEqual(first);
    expect(readdirSync(join(root, "seed"))).toEqual([entry]);
    writeFileSync(join(root, "seed", entry ?? ""), "{not json");
    expect(cachedBucketsOf("users", file, 2)).toEqual(bucketsOf("users", file, 2));
    expect(cachedBucketsOf("users", file, 3)).toEqual(bucketsOf("users", file, 3));
    expect(() => cachedBucketsOf("users", join(root, "missing.csv"))).toThrow(/cannot be read/);
  });
});
