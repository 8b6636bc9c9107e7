// chat-export --seed (decision 0108, "Environment file and export"): users, groups and members written as
// seed files the environment's seed: section names, each object once (what a declared entry names stays
// declared, with what a row cannot hold), messages only of the time range asked for; the written file
// passes the environment file's checks, its seed files row by row.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { parseEnvironment } from "../../provider/environment/load";
import { FAST, useEmulated } from "../support/emulator";
import { list } from "../support/json";

async function run(args: string[]) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("CHAT_")));
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ["-r", "ts-node/register/transpile-only", "provider/environment/export/cli.ts", ...args],
      { env: clean },
    );
    return { code: 0, stdout, stderr };
  } catch (e) {
    const f = e as { code: number; stdout: string; stderr: string };
    return { code: f.code, stdout: f.stdout, stderr: f.stderr };
  }
}

const lines = (text: string) => text.split("\n").filter(Boolean);

describe("chat-export --seed", () => {
  const emu = useEmulated({ clientOptions: FAST });
  let dir: string;
  const connection = () => [
    "--app-id",
    emu().app.appId,
    "--api-key",
    emu().app.apiKey,
    "--endpoint",
    emu().chatEndpoint,
    "--region",
    emu().app.region,
  ];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "export-seed-"));
    const chat = emu().chatClient();
    const user = (uid: string) => ({ uid, name: `User ${uid}` });
    await chat.call("importUsers", {
      body: {
        users: {
          ann: { ...user("ann"), tags: ["x"], metadata: { plan: "pro" }, createdAt: 1_600_000_000 },
          ben: user("ben"),
          cy: user("cy"),
          dot: user("dot"),
          fay: user("fay"),
        },
      },
    });
    // A field Data Import does not take keeps eve declared.
    await chat.call("createUser", { body: { ...user("eve"), statusMessage: "away" } });
    // Friends name ben and cy: they stay declared.
    await chat.call("addFriends", { params: { uid: "ben" }, body: { accepted: ["cy"] } });
    // With a history: made in 2022, ben joined in 2023, cy now.
    await chat.call("importGroups", {
      body: {
        groups: {
          club: { guid: "club", name: "Club", type: "public", owner: "ann", createdAt: 1_650_000_000 },
        },
      },
    });
    await chat.call("importMembers", {
      body: {
        members: {
          club_member_ben: {
            memberId: "club_member_ben",
            guid: "club",
            uid: "ben",
            scope: "moderator",
            joinedAt: 1_700_000_000,
          },
          club_member_cy: { memberId: "club_member_cy", guid: "club", uid: "cy", scope: "participant" },
        },
      },
    });
    // A password group cannot be imported (no password): declared, and its member dot with it.
    await chat.call("createGroup", {
      body: {
        guid: "desk",
        name: "Desk",
        type: "password",
        password: "pw",
        members: { participants: ["dot"] },
      },
    });
    const message = (muid: string, sentAt: number) => ({
      muid,
      sender: "ann",
      receiverType: "group" as const,
      receiver: "club",
      data: { text: `text ${muid}` },
      sentAt,
    });
    await chat.call("importMessages", {
      body: {
        messages: {
          m1: message("m1", 1_700_000_000),
          m2: message("m2", 1_700_003_600),
          m3: message("m3", 1_800_000_000),
        },
      },
    });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("writes users, groups and members as seed files, each object once, and the section naming them", async () => {
    const out = join(dir, "env", "chat-environment.yaml");
    const seedDir = join(dir, "seed");
    rmSync(join(dir, "env"), { recursive: true, force: true });
    mkdirSync(join(dir, "env"));
    const r = await run([...connection(), "--out", out, "--seed", seedDir]);
    expect(r).toMatchObject({ code: 0 });
    const text = readFileSync(out, "utf8");
    const env = parseEnvironment(text, out);
    expect(env.seed).toEqual({
      users: "../seed/users.ndjson",
      groups: "../seed/groups.ndjson",
      members: "../seed/members.csv",
    });
    // Declared: named by friends (ben, cy), a declared group's member (dot), a field no row holds (eve).
    expect(list(env, "users").map((u) => u.uid)).toEqual(["ben", "cy", "dot", "eve"]);
    expect(list(env, "groups").map((g) => g.guid)).toEqual(["desk"]);
    expect(readdirSync(seedDir).sort()).toEqual(["groups.ndjson", "members.csv", "users.ndjson"]);
    // With the service's times: the files rebuild that history in another app.
    const chat = emu().chatClient();
    const made = async (uid: string) => (await chat.call("getUser", { params: { uid } })).data.createdAt;
    const joined = new Map(
      (await chat.listAll("listMembers", { params: { guid: "club" } })).map((m) => [m.uid, m.joinedAt]),
    );
    expect(lines(readFileSync(join(seedDir, "users.ndjson"), "utf8")).map((l) => JSON.parse(l))).toEqual([
      {
        createdAt: 1_600_000_000,
        metadata: { plan: "pro" },
        name: "User ann",
        role: "default",
        tags: ["x"],
        uid: "ann",
      },
      { createdAt: await made("fay"), name: "User fay", role: "default", uid: "fay" },
    ]);
    expect(lines(readFileSync(join(seedDir, "groups.ndjson"), "utf8")).map((l) => JSON.parse(l))).toEqual([
      { createdAt: 1_650_000_000, guid: "club", name: "Club", owner: "ann", type: "public" },
    ]);
    expect(readFileSync(join(seedDir, "members.csv"), "utf8")).toBe(
      `guid,uid,scope,joinedAt\nclub,ben,moderator,1700000000\nclub,cy,participant,${joined.get("cy")}\n`,
    );
    expect(r.stderr).toContain(`wrote ${join(seedDir, "users.ndjson")} (2 rows)`);
  });

  it("writes the messages of the time range given (ISO or Unix seconds), and refuses a range without --seed", async () => {
    const seedDir = join(dir, "with-messages");
    const r = await run([
      ...connection(),
      "--out",
      join(dir, "m.yaml"),
      "--seed",
      seedDir,
      "--messages-since",
      "2023-11-14T22:00:00Z",
      "--messages-until",
      "1700003600",
    ]);
    expect(r).toMatchObject({ code: 0 });
    const env = parseEnvironment(readFileSync(join(dir, "m.yaml"), "utf8"), join(dir, "m.yaml"));
    expect(env.seed?.messages).toBe("with-messages/messages.ndjson");
    const rows = lines(readFileSync(join(seedDir, "messages.ndjson"), "utf8")).map((l) => JSON.parse(l));
    expect(rows.map((m) => [m.muid, m.sentAt, m.data])).toEqual([
      ["m1", 1_700_000_000, { text: "text m1" }],
      ["m2", 1_700_003_600, { text: "text m2" }],
    ]);

    const bad = await run([...connection(), "--messages-since", "yesterday"]);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain("expected Unix seconds or an ISO 8601 date");
    const alone = await run([...connection(), "--messages-since", "1700000000"]);
    expect(alone.stderr).toContain("--messages-since and --messages-until need --seed <dir>");
  });
});
