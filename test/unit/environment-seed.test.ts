// The environment file's `seed:` section (provider/environment/seed.ts, decision 0108): its shape, its files' rows
// (each problem `file:line: field: rule`, the file as the environment names it), rows also declared as
// entries, and the buckets it declares (paths recorded from the program's folder).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EnvironmentFileError, parseEnvironment } from "../../provider/environment/load";
import { PROBLEMS_SHOWN, seedBuckets, seedFilesOf } from "../../provider/environment/seed";
import { recordedKeys } from "../../provider/kinds/seed/rows";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "env-seed-"));
  mkdirSync(join(dir, "seed"));
  writeFileSync(join(dir, "seed/users.csv"), "uid,name,tags\nann,Ann,a;b\nben,Ben,\n");
  writeFileSync(
    join(dir, "seed/groups.ndjson"),
    '{"guid":"club","name":"Club","type":"public","owner":"ann"}\n',
  );
  writeFileSync(join(dir, "seed/members.csv"), "guid,uid,scope\nclub,ben,moderator\n");
  writeFileSync(
    join(dir, "seed/messages.json"),
    JSON.stringify([
      { muid: "m1", sender: "ann", receiverType: "group", receiver: "club", sentAt: 1700000000 },
    ]),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const envFile = () => join(dir, "env.yaml");
const text = (seed: string, rest = "") => `app: { existing: true }\n${rest}seed: ${seed}\n`;

function problems(yaml: string): string[] {
  try {
    parseEnvironment(yaml, envFile());
  } catch (e) {
    expect(e).toBeInstanceOf(EnvironmentFileError);
    return (e as Error).message.split("\n").slice(1);
  }
  throw new Error("expected the file to be refused");
}

const all =
  "{ users: seed/users.csv, groups: seed/groups.ndjson, members: seed/members.csv, messages: seed/messages.json, buckets: 3 }";

describe("the environment file's seed section", () => {
  it("takes the four files, relative to the environment file, in the order their rows name one another", () => {
    const env = parseEnvironment(text(all), envFile());
    expect(env.seed && seedFilesOf(env.seed).map((f) => f.entity)).toEqual([
      "users",
      "groups",
      "members",
      "messages",
    ]);
  });

  it("names the field and the rule for a section of the wrong shape", () => {
    expect(problems(text("{ users: seed/users.txt, buckets: 0, people: x.csv }"))).toEqual([
      "env.yaml:2:9: seed.users: users must end in .json, .ndjson, .jsonl or .csv",
      "env.yaml:2:32: seed.buckets: buckets must be at least 1",
      "env.yaml:2:44: seed.people: no such field",
    ]);
  });

  it("names a missing file by the path the environment gives", () => {
    expect(problems(text("{ groups: seed/nowhere.ndjson }"))).toEqual([
      "env.yaml:2:9: seed.groups: seed/nowhere.ndjson: cannot be read (ENOENT)",
    ]);
  });

  it("names every bad row as file:line: field: rule", () => {
    writeFileSync(join(dir, "seed/bad-users.csv"), "uid,name\nok,Ok\nno good,Bad\nlast,\n");
    expect(problems(text("{ users: seed/bad-users.csv }"))).toEqual([
      "env.yaml:2:9: seed.users: seed/bad-users.csv:3: uid: uid may contain only letters, digits, '-' and '_'",
      "env.yaml:2:9: seed.users: seed/bad-users.csv:4: name: name is required",
    ]);
  });

  it("refuses a row also declared as an entry, and a member of a group whose entry declares its members", () => {
    const declared =
      "users: [{ uid: ben, name: Ben }]\ngroups: [{ guid: club, name: Club, members: { participants: [ben] } }]\n";
    expect(problems(text("{ users: seed/users.csv, members: seed/members.csv }", declared))).toEqual([
      'env.yaml:4:9: seed.users: seed/users.csv:3: uid: "ben" is declared in users too',
      'env.yaml:4:32: seed.members: seed/members.csv:2: guid: "club" is declared in groups[].members too',
    ]);
  });

  it("says why an entry cannot name a seeded user: seed rows are not entries", () => {
    const declared =
      "users: [{ uid: cy, name: Cy }]\ngroups: [{ guid: den, name: Den, members: { participants: [cy, ben] } }]\n";
    expect(problems(text("{ users: seed/users.csv }", declared))).toEqual([
      'env.yaml:3:64: groups[0].members.participants[1]: user "ben" is a row of the seed file seed/users.csv (line 3), not an entry of users: seed rows are imported after every entry, so no entry can name one; declare it in users instead',
    ]);
  });

  it("refuses a member who joins before the groups file says the group was made, or after now, before any call", () => {
    writeFileSync(
      join(dir, "seed/dated-groups.ndjson"),
      '{"guid":"club","name":"Club","type":"public","owner":"ann","createdAt":1600000000}\n',
    );
    writeFileSync(
      join(dir, "seed/dated-members.csv"),
      `guid,uid,scope,joinedAt\nclub,ben,moderator,1500000000\nclub,ann,participant,1600000001\nclub,cy,,${Math.ceil(Date.now() / 1000) + 3600}\n`,
    );
    const files =
      "{ users: seed/users.csv, groups: seed/dated-groups.ndjson, members: seed/dated-members.csv }";
    expect(problems(text(files))).toEqual([
      "env.yaml:2:66: seed.members: seed/dated-members.csv:4: joinedAt: joinedAt must not be after now (the service refuses a member who joins in the future)",
    ]);
    writeFileSync(
      join(dir, "seed/dated-members.csv"),
      "guid,uid,scope,joinedAt\nclub,ben,moderator,1500000000\nclub,ann,participant,1600000001\n",
    );
    expect(problems(text(files))).toEqual([
      "env.yaml:2:66: seed.members: seed/dated-members.csv:2: joinedAt: joinedAt must not be before the group's createdAt (seed/dated-groups.ndjson:1: 1600000000)",
    ]);
  });

  it("says every file's problems and those across files at once, a bad file hiding none of the others'", () => {
    writeFileSync(join(dir, "seed/bad-users.csv"), "uid,name\nok,Ok\nno good,Bad\nlast,\n");
    writeFileSync(
      join(dir, "seed/dated-groups.ndjson"),
      '{"guid":"club","name":"Club","type":"public","owner":"ann","createdAt":1600000000}\n',
    );
    writeFileSync(
      join(dir, "seed/early-members.csv"),
      "guid,uid,scope,joinedAt\nclub,ben,moderator,1500000000\n",
    );
    const files =
      "{ users: seed/bad-users.csv, groups: seed/dated-groups.ndjson, members: seed/early-members.csv, messages: seed/nowhere.ndjson }";
    const declared =
      "users: [{ uid: zed, name: Zed }]\ngroups: [{ guid: club, name: Club, members: { participants: [zed] } }]\n";
    expect(problems(text(files, declared))).toEqual([
      "env.yaml:4:9: seed.users: seed/bad-users.csv:3: uid: uid may contain only letters, digits, '-' and '_'",
      "env.yaml:4:9: seed.users: seed/bad-users.csv:4: name: name is required",
      'env.yaml:4:36: seed.groups: seed/dated-groups.ndjson:1: guid: "club" is declared in groups too',
      'env.yaml:4:70: seed.members: seed/early-members.csv:2: guid: "club" is declared in groups[].members too',
      "env.yaml:4:70: seed.members: seed/early-members.csv:2: joinedAt: joinedAt must not be before the group's createdAt (seed/dated-groups.ndjson:1: 1600000000)",
      "env.yaml:4:103: seed.messages: seed/nowhere.ndjson: cannot be read (ENOENT)",
    ]);
    // The rest of the file wrong too: the seed files are read and said with it.
    expect(problems(text("{ users: seed/bad-users.csv }", "users: [{ uid: 'a b', name: A }]\n"))).toEqual([
      "env.yaml:2:11: users[0].uid: uid may contain only letters, digits, '-' and '_'",
      "env.yaml:3:9: seed.users: seed/bad-users.csv:3: uid: uid may contain only letters, digits, '-' and '_'",
      "env.yaml:3:9: seed.users: seed/bad-users.csv:4: name: name is required",
    ]);
  });

  it(`lists at most ${PROBLEMS_SHOWN} problems a file and counts the rest, each file's own shown`, () => {
    const bad = Array.from({ length: PROBLEMS_SHOWN + 7 }, (_, i) => `bad ${i},B`).join("\n");
    writeFileSync(join(dir, "seed/many-bad-users.csv"), `uid,name\n${bad}\n`);
    writeFileSync(join(dir, "seed/bad-groups.ndjson"), '{"guid":"g","name":"G","type":"public"}\n');
    const said = problems(text("{ users: seed/many-bad-users.csv, groups: seed/bad-groups.ndjson }"));
    expect(
      said.filter((p) => /^env\.yaml:2:9: seed\.users: seed\/many-bad-users\.csv:\d+: /.test(p)),
    ).toHaveLength(PROBLEMS_SHOWN);
    expect(said.slice(PROBLEMS_SHOWN)).toEqual([
      "env.yaml:2:9: seed.users: seed/many-bad-users.csv: … and 7 more problem(s)",
      expect.stringMatching(/^env\.yaml:2:41: seed\.groups: seed\/bad-groups\.ndjson:1: owner: /),
    ]);
  });

  it("records a path given absolute, or outside the project, relative to the program's folder", () => {
    const absolute = { users: join(dir, "seed/users.csv"), buckets: 1 };
    expect(seedBuckets(absolute, join(dir, "elsewhere"), join(dir, "program"))[0]?.[0]?.file).toBe(
      join("..", "seed", "users.csv"),
    );
    expect(seedBuckets(absolute, join(dir, "elsewhere"), dir)[0]?.[0]?.file).toBe(join("seed", "users.csv"));
    // A monorepo's shared seed folder, beside the project: recorded from the program's folder all the same.
    const shared = { users: "../seed/users.csv", buckets: 1 };
    expect(seedBuckets(shared, join(dir, "project"), join(dir, "project", "infra"))[0]?.[0]?.file).toBe(
      join("..", "..", "seed", "users.csv"),
    );
  });

  it("makes the buckets of each file, the path recorded from the program's folder", () => {
    const env = parseEnvironment(text(all), envFile());
    if (!env.seed) throw new Error("no seed section");
    const files = seedBuckets(env.seed, dir, join(dir, "program"));
    expect(files.map((f) => f.length)).toEqual([3, 3, 3, 3]);
    expect(files.map((f) => f[0]?.file)).toEqual([
      "../seed/users.csv",
      "../seed/groups.ndjson",
      "../seed/members.csv",
      "../seed/messages.json",
    ]);
    expect(files[0]?.flatMap((b) => recordedKeys(b.rows)).sort()).toEqual(["ann", "ben"]);
    expect(files[2]?.flatMap((b) => recordedKeys(b.rows))).toEqual(["club_member_ben"]);
  });
});
