// The escapes a user trial of the packed package found (decision 0139): each a class of problem the preview
// said late, apart, at the wrong place or not at all, now said with every other problem of the file, each at
// its place (`previewedEnvironment`: the check the Environment component runs before anything is declared).
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EnvironmentFileError, previewedEnvironment } from "../../provider/environment/load";
import { certificateFile } from "../support/kinds/push-certificate";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "env-at-once-"));
  copyFileSync(certificateFile("apns-a.p12"), join(dir, "apns-a.p12"));
  mkdirSync(join(dir, "a-folder.p8"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The lines the preview's check refuses `text` with, for these config values (none when it takes it). */
function refusal(text: string, config: Record<string, string> = {}): string[] {
  const file = join(dir, "chat-environment.yaml");
  writeFileSync(file, text);
  try {
    previewedEnvironment({ file }, (key) => config[key], "proj");
    return [];
  } catch (e) {
    if (!(e instanceof EnvironmentFileError)) throw e;
    return [...e.lines];
  }
}

const AGENT = (actions: string, connections: string) => `app: { existing: true }
aiAgents:
  - name: helper
    tools: [gmail, slack]
    toolActions: ${actions}
    toolConnections: ${connections}
`;
const CONN = { gmailConn: '{"emailId":"ops@example.com"}' };

describe("an agent's toolActions and toolConnections", () => {
  it("names a misspelt toolActions key where it is, with the tool meant, and not the connection it was meant to match", () => {
    const said = [
      ...refusal(AGENT("{ gmial: [GMAIL_SEND_EMAIL] }", "{ gmail: { secret: gmailConn } }"), CONN),
    ];
    expect(said).toEqual([
      'chat-environment.yaml:5:20: aiAgents[0].toolActions.gmial: toolActions names the tool "gmial", which tools does not hold (did you mean "gmail"?)',
    ]);
    // The same without the connection's value: said at once with the key not set.
    expect(refusal(AGENT("{ gmial: [GMAIL_SEND_EMAIL] }", "{ gmail: { secret: gmailConn } }"))).toEqual([
      'chat-environment.yaml:5:20: aiAgents[0].toolActions.gmial: toolActions names the tool "gmial", which tools does not hold (did you mean "gmail"?)',
      "chat-environment.yaml:6:24: aiAgents[0].toolConnections.gmail (config proj:gmailConn): is not set: pulumi config set --secret gmailConn <value>",
    ]);
  });

  it("names a misspelt toolConnections key with the tool toolActions holds, once", () => {
    expect(refusal(AGENT("{ gmail: [GMAIL_SEND_EMAIL] }", "{ gmial: { secret: gmailConn } }"), CONN)).toEqual(
      [
        'chat-environment.yaml:6:24: aiAgents[0].toolConnections.gmial: toolConnections names the tool "gmial", which toolActions does not hold (did you mean "gmail"?)',
      ],
    );
  });
});

const CERTS = (entries: string) => `app: { existing: true }
users:
  - { uid: ann, name: Ann, rolee: x }
notifications:
  push:
    certificates:
${entries}`;

describe("a push certificate's file", () => {
  it("missing, a folder, or not opened by its password: said at its field with the file's other problems", () => {
    const said = refusal(
      CERTS(`      - { type: p12, path: ${join(dir, "apns-a.p12")}, password: { secret: p12pass } }
      - { type: p8, path: ${join(dir, "a-folder.p8")} }
`),
      { p12pass: "notThePassword1" },
    );
    expect(said).toEqual([
      'chat-environment.yaml:3:28: users[0].rolee: no such field (did you mean "role"?)',
      expect.stringMatching(
        /^chat-environment\.yaml:7:\d+: notifications\.push\.certificates\[0\]\.password \(config proj:p12pass\): password does not open the p12 file$/,
      ),
      `chat-environment.yaml:8:21: notifications.push.certificates[1].path: cannot read the file ${join(dir, "a-folder.p8")}: it is a folder`,
    ]);
    expect(said.join("\n")).not.toContain("notThePassword1");
    expect(refusal(CERTS("      - { type: p8, path: no-such.p8 }\n"))).toEqual([
      'chat-environment.yaml:3:28: users[0].rolee: no such field (did you mean "role"?)',
      "chat-environment.yaml:7:21: notifications.push.certificates[0].path: cannot read the file no-such.p8",
    ]);
  });

  it("missing while its password's key is not set: both said, and nothing about the password's value", () => {
    const said = refusal(
      CERTS(`      - { type: p12, path: no-such.p12, password: { secret: p12pass } }
`),
    );
    expect(said).toEqual([
      'chat-environment.yaml:3:28: users[0].rolee: no such field (did you mean "role"?)',
      "chat-environment.yaml:7:22: notifications.push.certificates[0].path: cannot read the file no-such.p12",
      expect.stringMatching(
        /^chat-environment\.yaml:7:\d+: notifications\.push\.certificates\[0\]\.password \(config proj:p12pass\): is not set: /,
      ),
    ]);
  });

  it("takes a certificate its password opens", () => {
    const text = CERTS(
      `      - { type: p12, path: ${join(dir, "apns-a.p12")}, password: { secret: p12pass } }\n`,
    ).replace(", rolee: x", "");
    expect(refusal(text, { p12pass: "p12PassAlpha7731" })).toEqual([]);
  });

  it("an unreadable file is refused naming the field, not thrown as the system's error", () => {
    const locked = join(dir, "locked.p8");
    writeFileSync(locked, "x");
    chmodSync(locked, 0o000);
    const said = refusal(CERTS(`      - { type: p8, path: ${locked} }\n`)).join("\n");
    // Root reads any file: then the bytes are read, and refused as no p8 key; never an EACCES trace.
    expect(said).toMatch(
      /notifications\.push\.certificates\[0\]\.path: (cannot read the file .*: permission denied|the file is not a p8 key)/,
    );
  });
});

describe("contradictions across entries the service refuses", () => {
  const GROUPS = `app: { existing: true }
users:
  - { uid: ann, name: Ann }
  - { uid: bob, name: Bob }
groups:
  - guid: sales
    name: Sales
    type: public
    owner: ann
    members: { moderators: [ann], participants: [bob] }
groupBans:
  - { guid: sales, uids: [bob] }
`;

  it("a user banned from a group and declared its member, an owner under another scope than admins: both places named", () => {
    expect(refusal(GROUPS)).toEqual([
      "chat-environment.yaml:10:29: groups[0].members.moderators[0]: ann owns group sales and is always one of its admins: list them under admins or not at all (see chat-environment.yaml:9:5: groups[0].owner)",
      'chat-environment.yaml:12:27: groupBans[0].uids[0]: user "bob" is banned from group "sales" and declared its member: the service refuses to add a banned user (ERR_BANNED_GROUPMEMBER) and a ban removes a member; keep one of the two (see chat-environment.yaml:10:50: groups[0].members.participants[0])',
    ]);
  });

  it("takes a ban of a user the group does not hold, and an owner among the admins", () => {
    expect(refusal(GROUPS.replace("moderators: [ann], participants: [bob]", "admins: [ann]"))).toEqual([]);
  });
});

describe("secret config keys beside schema problems", () => {
  it("lists every key not set in the one error with the schema's problems", () => {
    const said = refusal(`app: { existing: true }
users:
  - { uid: ann, name: Ann, rolee: x }
webhooks:
  - id: orders
    name: Orders
    url: "https://hooks.example.com/orders"
    basicAuth: { username: hooks, password: { secret: hook-password } }
extensions:
  - { extension: gifs-giphy, secrets: { giphyApiKey: { secret: giphy-key } } }
`);
    expect(said).toEqual([
      'chat-environment.yaml:3:28: users[0].rolee: no such field (did you mean "role"?)',
      "chat-environment.yaml:8:35: webhooks[0].basicAuth.password (config proj:hook-password): is not set: pulumi config set --secret hook-password <value>",
      "chat-environment.yaml:10:41: extensions[0].secrets.giphyApiKey (config proj:giphy-key): is not set: pulumi config set --secret giphy-key <value>",
    ]);
  });
});
