// The declared-environment file: every problem is reported with the file, the path in it and the rule.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  checkEnvironment,
  EnvironmentFileError,
  parsedEnvironment,
  parseEnvironment,
  previewCheck,
} from "../../provider/environment/load";
import { at, list } from "../support/json";

type Json = Record<string, unknown>;

const valid = `
app: { create: { name: staging } }
roles: [{ role: mods, name: Moderators }]
users:
  - { uid: Alice, name: Alice, role: mods }
  - { uid: bob, name: Bob }
groups:
  - { guid: general, name: General, members: { admins: [alice], participants: [bob] } }
webhooks:
  - { id: events, name: Events, url: "https://h.example.com/x", triggers: [message_sent] }
`;

function problems(text: string): string[] {
  try {
    parseEnvironment(text, "/somewhere/env.yaml");
  } catch (e) {
    expect(e).toBeInstanceOf(EnvironmentFileError);
    return (e as Error).message.split("\n").slice(1);
  }
  throw new Error("expected the file to be refused");
}

describe("the declared environment file", () => {
  it("parses a valid file, with defaults and normalised ids", () => {
    const env = parseEnvironment(valid, "env.yaml");
    expect(env.app).toEqual({ create: { name: "staging", region: "us", uniqueSuffix: true } });
    expect((env.users as Json[]).map((u) => u.uid)).toEqual(["alice", "bob"]);
    expect(env.apiKeys).toEqual([]);
  });

  it("accepts the repository's own chat-environment.yaml", () => {
    const file = join(__dirname, "..", "..", "chat-environment.yaml");
    expect(() => parseEnvironment(readFileSync(file, "utf8"), file)).not.toThrow();
  });

  it("names the file, the path and the rule for every problem at once", () => {
    const bad = valid
      .replace("uid: bob", "uid: bob smith")
      .replace("https://h.example.com/x", "http://h.example.com/x")
      .replace("[message_sent]", "[message_snet]");
    expect(problems(bad)).toEqual([
      "env.yaml:6:7: users[1].uid: uid may contain only letters, digits, '-' and '_'",
      "env.yaml:10:33: webhooks[0].url: url must use https",
      'env.yaml:10:75: webhooks[0].triggers[0]: webhook trigger "message_snet" is not valid (did you mean "message_sent"?)',
    ]);
  });

  it("says one problem per mistake: a mistyped section is not also every name it declares missing", () => {
    // Without the section, the groups' members would each read as undeclared.
    expect(problems(valid.replace("users:", "usres:"))).toEqual([
      'env.yaml:4:1: usres: no such section (did you mean "users"?)',
    ]);
    // A field's typo is not also the field it meant missing; a field left out is required.
    expect(problems(valid.replace("name: Bob", "nmae: Bob"))).toEqual([
      'env.yaml:6:17: users[1].nmae: no such field (did you mean "name"?)',
    ]);
    expect(problems(valid.replace(", name: Bob", ""))).toEqual(["env.yaml:6:5: users[1].name: is required"]);
    // An entry whose id is wrong: the names meaning it are not said to be missing too.
    expect(problems(valid.replace("uid: bob", "uid: bob smith"))).toEqual([
      "env.yaml:6:7: users[1].uid: uid may contain only letters, digits, '-' and '_'",
    ]);
    // A section of the wrong shape, once; a mistyped app, naming the field meant.
    expect(problems(valid.replace(/users:\n.*\n.*\n/, "users: 5\n"))).toEqual([
      "env.yaml:4:1: users: must be a list, not number 5",
    ]);
    expect(problems(valid.replace("{ create: { name: staging } }", "{ craete: { name: staging } }"))).toEqual(
      ['env.yaml:2:8: app.craete: no such field (did you mean "create"?)'],
    );
    expect(problems(valid.replace("{ name: staging }", "{ name: 5 }"))).toEqual([
      "env.yaml:2:18: app.create.name: must be a string, not number 5",
    ]);
  });

  it("names the declared id meant by a reference that is not one", () => {
    expect(problems(valid.replace("participants: [bob]", "participants: [bbo, zoe]"))).toEqual([
      'env.yaml:8:80: groups[0].members.participants[0]: user "bbo" is not declared in users (did you mean "bob"?)',
      'env.yaml:8:85: groups[0].members.participants[1]: user "zoe" is not declared in users',
    ]);
  });

  it("places each problem at its line and column, in the file's order, and an object's by path alone", () => {
    const file = ["app: { existing: true }", "users:", "  - uid: a", "    name: A", "    tags: 7", ""].join(
      "\n",
    );
    expect(problems(file)).toEqual(["env.yaml:5:5: users[0].tags: must be a list, not number 7"]);
    expect(() =>
      checkEnvironment({ app: { existing: true }, users: [{ uid: "a", nmae: "A" }] }, "spec"),
    ).toThrow(/\nspec: users\[0\]\.nmae: no such field \(did you mean "name"\?\)$/);
  });

  it("refuses a legacy trigger in a webhook of version 2, naming the trigger; version 1 takes it", () => {
    const hooks = (version: number) =>
      `app: { existing: true }\nwebhooks:\n  - { id: w, name: W, url: "https://h.example.com/x", version: ${version}, triggers: [message_sent, before_message] }\n`;
    expect(problems(hooks(2))).toEqual([
      "env.yaml:3:92: webhooks[0].triggers[1]: before_message is a trigger of the legacy webhook system (version 1): a webhook of version 2 does not take it",
    ]);
    expect(at(parseEnvironment(hooks(1), "env.yaml"), "webhooks", 0, "version")).toBe(1);
    expect(problems(hooks(3))).toEqual([
      "env.yaml:3:55: webhooks[0].version: version must be 1 (the legacy webhook system) or 2",
    ]);
  });

  it("keeps the references to the app's objects of a file with problems, each with the ids the file declares", () => {
    // The component asks the service about them before refusing the file: every problem is said at once.
    const dir = mkdtempSync(join(tmpdir(), "env-check-"));
    const file = join(dir, "env.yaml");
    writeFileSync(
      file,
      `app: { existing: true }
groups: [{ guid: sales, name: Sales, type: public }]
groupBans: [{ guid: sale, uids: [] }]
users: [{ uid: ann, name: Ann, rolee: x }]
`,
    );
    try {
      const check = previewCheck({ file }, () => undefined, "p");
      expect(check.env).toBeUndefined();
      expect(check.refuse(check.problems).lines).toEqual([
        'env.yaml:4:32: users[0].rolee: no such field (did you mean "role"?)',
      ]);
      expect(check.elsewhere).toEqual([
        {
          path: ["groupBans", 0, "guid"],
          kind: "Group",
          id: "sale",
          named: 'guid "sale"',
          declared: ["sales"],
        },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("checks references between entries", () => {
    const bad = valid
      .replace("role: mods }", "role: admins }")
      .replace("participants: [bob]", "participants: [bob, zoe, alice]");
    expect(problems(bad)).toEqual([
      'env.yaml:5:32: users[0].role: role "admins" is not declared in roles',
      'env.yaml:8:85: groups[0].members.participants[1]: user "zoe" is not declared in users',
      'env.yaml:8:90: groups[0].members.participants[2]: user "alice" appears in more than one scope',
    ]);
  });

  it("takes MCP servers (headers by a secret key) and agents naming them, or servers made elsewhere", () => {
    const existing = valid.replace("{ create: { name: staging } }", "{ existing: true }");
    const env = parseEnvironment(
      `${existing}mcpServers:
  - { slug: Docs, name: Docs, url: "https://mcp.example.com", headers: { secret: mcp-docs-headers } }
aiAgents:
  - { name: helper, mcpServers: [docs, made-in-the-dashboard] }
`,
      "env.yaml",
    );
    expect(env.mcpServers).toEqual([
      { slug: "docs", name: "Docs", url: "https://mcp.example.com", headers: { secret: "mcp-docs-headers" } },
    ]);
    expect((env.aiAgents as Json[])[0]?.mcpServers).toEqual(["docs", "made-in-the-dashboard"]);
    // The service is asked for it at preview (provider/environment/elsewhere.ts): the file leaves it so.
    const checked = parsedEnvironment(
      `${existing}aiAgents:\n  - { name: helper, mcpServers: [made-in-the-dashboard] }\n`,
      "env.yaml",
    );
    expect(checked.elsewhere).toEqual([
      {
        path: ["aiAgents", 0, "mcpServers", 0],
        kind: "McpServer",
        id: "made-in-the-dashboard",
        named: 'mcpServers "made-in-the-dashboard"',
      },
    ]);
    expect(problems(`${valid}mcpServers: [{ slug: d, name: D, url: "http://mcp.example.com" }]\n`)).toEqual([
      "env.yaml:11:34: mcpServers[0].url: url must be an https URL (http only for localhost)",
    ]);
  });

  it("checks a reference to what may be made elsewhere within the file when the file makes the app", () => {
    // No object can be made elsewhere in an app this file creates: a group owner or a knowledge source the
    // file does not declare is a mistake, said with the declared one meant (titles compare case and all).
    const file = `${valid}agentKnowledge: [{ title: Refund policy, text: Paid back in five days }]
aiAgents: [{ name: helper, knowledgeSources: [Refund Policy, Refund policy] }]
`;
    expect(problems(file.replace("name: General,", "name: General, owner: bobb,"))).toEqual([
      'env.yaml:8:37: groups[0].owner: owner "bobb" is not declared in users, and this file\'s app: makes the app, so none is made elsewhere (did you mean "bob"?)',
      'env.yaml:12:47: aiAgents[0].knowledgeSources[0]: knowledgeSources "Refund Policy" is not declared in agentKnowledge, and this file\'s app: makes the app, so none is made elsewhere (did you mean "Refund policy"?)',
    ]);
    // In an existing app they are the service's to answer, at preview.
    const existing = file.replace("{ create: { name: staging } }", "{ existing: true }");
    expect(parsedEnvironment(existing, "env.yaml").elsewhere.map((e) => [e.kind, e.id, e.output])).toEqual([
      ["AgentKnowledgeSource", "Refund Policy", "id"],
    ]);
  });

  it("takes custom API tools (credentials by secret keys), frontend actions and agents naming them, checked", () => {
    const tools = `${valid}agentApiTools:
  - slug: Orders
    name: Orders
    description: Looks orders up
    endpoint: "https://api.example.com/o"
    method: GET
    headers: { Authorization: { secret: orders-authorization } }
    basicAuth: { username: { secret: orders-user }, password: { secret: orders-password } }
agentFrontendActions:
  - { triggerFunction: openOrder, name: Open, description: Opens an order }
`;
    const env = parseEnvironment(
      `${tools}aiAgents:\n  - { name: helper, apiTools: [orders], frontendActions: [openOrder] }\n`,
      "env.yaml",
    );
    expect((env.agentApiTools as Json[])[0]).toMatchObject({
      slug: "orders",
      headers: { Authorization: { secret: "orders-authorization" } },
      basicAuth: { username: { secret: "orders-user" }, password: { secret: "orders-password" } },
    });
    expect((env.aiAgents as Json[])[0]).toMatchObject({
      apiTools: ["orders"],
      frontendActions: ["openOrder"],
    });
    // What an agent names must be declared in the file; the tool's own rules are checked too.
    expect(
      problems(`${tools}aiAgents:\n  - { name: helper, apiTools: [other], frontendActions: [closeOrder] }\n`),
    ).toEqual([
      'env.yaml:22:32: aiAgents[0].apiTools[0]: apiTools "other" is not declared in agentApiTools',
      'env.yaml:22:58: aiAgents[0].frontendActions[0]: frontendActions "closeOrder" is not declared in agentFrontendActions',
    ]);
    expect(problems(tools.replace("method: GET", "method: FETCH"))).toEqual([
      expect.stringMatching(/^env\.yaml:16:5: agentApiTools\[0\]\.method: method "FETCH" is not valid/),
    ]);
  });

  it("takes friends, blocked users and collaborators; refuses friends that disagree, naming both users", () => {
    const fixed = `${valid.replace("  - { uid: bob, name: Bob }\n", "  - { uid: bob, name: Bob }\n  - { uid: cat, name: Cat }\n")}
friends:
  - { uid: alice, friends: [Bob] }
  - { uid: bob, friends: [alice] }
blockedUsers: [{ uid: cat, blockedUids: [alice] }]
collaborators: { admins: [Ops@Example.com], moderators: [mod@example.com] }
`;
    const env = parseEnvironment(fixed, "env.yaml");
    expect(env.friends).toEqual([
      { uid: "alice", friends: ["bob"] },
      { uid: "bob", friends: ["alice"] },
    ]);
    expect(env.collaborators).toEqual({ admins: ["ops@example.com"], moderators: ["mod@example.com"] });
    const bad = fixed
      .replace("{ uid: bob, friends: [alice] }", "{ uid: bob, friends: [cat] }")
      .replace("blockedUids: [alice]", "blockedUids: [zoe, cat]");
    expect(problems(bad)).toEqual([
      // In the file's order.
      'env.yaml:14:29: friends[0].friends[0]: "alice" lists "bob" as a friend but the friends of "bob" do not list "alice": friendship is mutual, so the two entries would undo each other; list each in the other\'s friends, or neither',
      'env.yaml:16:42: blockedUsers[0].blockedUids[0]: user "zoe" is not declared in users',
      "env.yaml:16:47: blockedUsers[0].blockedUids[1]: a user cannot block themselves",
    ]);
  });

  it("refuses unknown keys, naming the one meant, and a missing app", () => {
    expect(problems("users:\n  - { uid: a, name: A, nickname: x }\n")).toEqual([
      "env.yaml:1:1: app: is required: must be { create: { name, region?, uniqueSuffix? } } or { existing: true }",
      "env.yaml:2:24: users[0].nickname: no such field",
    ]);
    expect(problems("app: { existing: true }\nusers:\n  - { uid: a, nmae: A, rolee: x }\n")).toEqual([
      'env.yaml:3:15: users[0].nmae: no such field (did you mean "name"?)',
      'env.yaml:3:24: users[0].rolee: no such field (did you mean "role"?)',
    ]);
  });

  it("refuses ids declared twice (ids compare lowercased, as the service stores them)", () => {
    expect(
      problems(
        `${valid}  - { id: events, name: Again, url: "https://h.example.com/y", triggers: [message_sent] }\n`,
      ),
    ).toEqual(['env.yaml:11:5: webhooks[1]: webhook id "events" is declared twice']);
    expect(problems(valid.replace("uid: bob", "uid: ALICE"))).toEqual(
      expect.arrayContaining(['env.yaml:6:5: users[1]: uid "alice" is declared twice']),
    );
  });

  it("takes adopt for the whole file and per object, and passwords as secret config keys", () => {
    const env = parseEnvironment(
      `app: { existing: true }
adopt: true
users: [{ uid: a, name: A, adopt: false }]
groups: [{ guid: g, name: G, type: password, password: { secret: groupPassword-g } }]
webhooks:
  - id: w
    name: W
    url: "https://h.example.com/x"
    basicAuth: { username: hooks, password: { secret: hookPassword } }
    enabled: false
    retryOnFailure: true
`,
      "env.yaml",
    );
    expect(env.adopt).toBe(true);
    expect((env.users as Json[])[0]?.adopt).toBe(false);
    expect(at(env, "groups", 0, "password")).toEqual({ secret: "groupPassword-g" });
    expect(at(env, "webhooks", 0)).toMatchObject({
      basicAuth: { username: "hooks", password: { secret: "hookPassword" } },
      enabled: false,
      retryOnFailure: true,
    });
    // Triggers left out: not managed.
    expect(at(env, "webhooks", 0, "triggers")).toBeUndefined();
  });

  it("refuses a password that is not a secret config key, or on a group without type password", () => {
    expect(
      problems(
        `app: { existing: true }
groups:
  - { guid: g, name: G, type: password, password: hunter2 }
  - { guid: h, name: H, type: password, password: { secret: "not a key" } }
  - { guid: i, name: I, type: password, password: { secret: ok, value: x } }
webhooks: [{ id: w, name: W, url: "https://h.example.com/x", triggers: [] }]
`,
      ),
    ).toEqual([
      "env.yaml:3:41: groups[0].password: must be { secret: <stack config key> } (set with `pulumi config set --secret <key>`), not the value itself",
      "env.yaml:4:53: groups[1].password.secret: secret must name a stack config key: a letter, then letters, digits, '-' or '_' (at most 100)",
      "env.yaml:5:65: groups[2].password.value: no such field",
      "env.yaml:6:62: webhooks[0].triggers: triggers must name at least one trigger",
    ]);
    expect(
      problems("app: { existing: true }\ngroups: [{ guid: g, name: G, password: { secret: k } }]\n"),
    ).toEqual(["env.yaml:2:30: groups[0].password: password is only used when type is 'password'"]);
  });

  it("protects adopted objects unless the file says protectAdopted: false", () => {
    expect(parseEnvironment(valid, "env.yaml").protectAdopted).toBe(true);
    expect(parseEnvironment(`${valid}protectAdopted: false\n`, "env.yaml").protectAdopted).toBe(false);
  });

  it("checks an object of the file's shape the same way, naming it", () => {
    expect(
      checkEnvironment({ app: { existing: true }, users: [{ uid: "ada", name: "Ada" }] }, "spec")
        .users as Json[],
    ).toEqual([{ uid: "ada", name: "Ada" }]);
    expect(() =>
      checkEnvironment({ app: { existing: true }, users: [{ uid: "a b", name: "A" }] }, "spec"),
    ).toThrow(/spec: users\[0\]\.uid: uid may contain only letters, digits, '-' and '_'/);
  });

  it("reports YAML syntax errors with the file name", () => {
    expect(() => parseEnvironment("users: [ { uid: a", "env.yaml")).toThrow(
      /^invalid YAML:\nenv\.yaml:1:18: Flow map in block collection must be sufficiently indented/,
    );
  });
});

describe("the environment file's notifications and moderation", () => {
  const file = `
app: { existing: true }
notifications:
  settings: { preferences: { group: { messagesSetting: 3 } } }
  push:
    fcm: [{ providerId: android, isDefault: true, serviceAccount: { secret: fcm-key } }]
    apns: [{ providerId: ios, keyId: K, teamId: T, bundleId: com.x, p8Key: { secret: p8 } }]
moderation:
  keywordLists: [{ listId: banned, category: word, searchTerms: [a, b] }]
  rules:
    - ruleId: r1
      name: R1
      action: [blockMessage]
      conditions: [{ operand: text, isListReferencePresent: true, value: [banned, profanity-list] }]
`;

  it("parses notifications and moderation entries", () => {
    const env = parseEnvironment(file, "env.yaml");
    expect(at(env, "notifications", "push", "fcm", 0, "serviceAccount")).toEqual({ secret: "fcm-key" });
    expect(at(env, "moderation", "rules", 0, "ruleId")).toBe("r1");
  });

  it("refuses credentials written in the file, an undeclared list, a bad setting, by path", () => {
    const bad = file
      .replace("{ secret: fcm-key }", "plain-text-key")
      .replace("value: [banned,", "value: [missing,")
      .replace("messagesSetting: 3", "messagesSetting: 9");
    // All at once: the list is said with the entries' own problems.
    const found = problems(bad);
    expect(found).toEqual([
      expect.stringMatching(
        /^env\.yaml:4:39: notifications\.settings\.preferences\.group\.messagesSetting: must be 1/,
      ),
      expect.stringMatching(
        /^env\.yaml:6:51: notifications\.push\.fcm\[0\]\.serviceAccount: must be \{ secret/,
      ),
      'env.yaml:14:67: moderation.rules[0].conditions[0].value: keyword list "missing" is not declared in moderation.keywordLists',
    ]);
    expect(problems(file.replace("value: [banned,", "value: [missing,"))).toEqual([
      'env.yaml:14:67: moderation.rules[0].conditions[0].value: keyword list "missing" is not declared in moderation.keywordLists',
    ]);
  });

  it("takes the one-per-app providers with their credentials from secret config", () => {
    const withSingletons = file.replace(
      "moderation:",
      `  customPush: { webhookURL: "https://h.example.com/push", useBasicAuth: true, basicAuthUsername: u, basicAuthPassword: { secret: pw } }
  email:
    sendgrid: { sendGridTemplateID: d-1, sendGridUnsubscribeGroupID: "1", senderName: Chat, senderEmail: chat@example.com, sendGridApiKey: { secret: sg } }
  sms:
    twilio: { twilioAccountSID: AC1, twilioSenderPhoneNumber: "+15550000001", twilioAuthToken: { secret: tw } }
moderation:`,
    );
    const env = parseEnvironment(withSingletons, "env.yaml");
    expect(at(env, "notifications", "email", "sendgrid", "sendGridApiKey")).toEqual({ secret: "sg" });
    expect(at(env, "notifications", "sms", "twilio", "twilioAuthToken")).toEqual({ secret: "tw" });
    expect(problems(withSingletons.replace(", basicAuthPassword: { secret: pw }", ""))).toEqual([
      "env.yaml:8:59: notifications.customPush.useBasicAuth: basicAuthUsername and basicAuthPassword are required when useBasicAuth is true",
    ]);
    expect(problems(withSingletons.replace("{ secret: tw }", "plain"))).toEqual([
      expect.stringMatching(
        /^env\.yaml:12:79: notifications\.sms\.twilio\.twilioAuthToken: must be \{ secret/,
      ),
    ]);
  });
});

describe("the environment file's extensions, app settings and group-scope permissions", () => {
  const file = `
app: { existing: true }
users: [{ uid: ann, name: Ann }]
groups:
  - guid: general
    name: General
    permissions:
      participants: { sendMessage: deny, initiateCall.allowedType: [audio] }
      admins: { editMessage: allow }
extensions:
  - extension: profanity-filter
    settings: { dropMessage: true, badwords: [darn] }
  - { extension: gifs-giphy, secrets: { giphyApiKey: { secret: giphy } } }
  - { extension: sentiment-analysis, enabled: false }
appSettings: { core.conversations.updateOnReplies: true }
`;

  it("parses them", () => {
    const env = parseEnvironment(file, "env.yaml");
    expect(at(env, "groups", 0, "permissions", "participants")).toEqual({
      sendMessage: "deny",
      "initiateCall.allowedType": ["audio"],
    });
    expect(list(env, "extensions").map((e) => [e.extension, e.enabled])).toEqual([
      ["profanity-filter", true],
      ["gifs-giphy", true],
      ["sentiment-analysis", false],
    ]);
    expect(at(env, "extensions", 1, "secrets")).toEqual({ giphyApiKey: { secret: "giphy" } });
    expect(env.appSettings).toEqual({ "core.conversations.updateOnReplies": true });
  });

  it("refuses a credential written in the file, in settings, or missing, by path and rule", () => {
    expect(problems(file.replace("{ secret: giphy }", "plain-key"))).toEqual([
      expect.stringMatching(/^env\.yaml:13:41: extensions\[1\]\.secrets\.giphyApiKey: must be \{ secret/),
    ]);
    expect(
      problems(file.replace("secrets: { giphyApiKey: { secret: giphy } }", "settings: { giphyApiKey: k }")),
    ).toEqual(["env.yaml:13:42: extensions[1].settings.giphyApiKey: is a credential: declare it in secrets"]);
    expect(problems(file.replace("secrets: { giphyApiKey: { secret: giphy } }", "settings: {}"))).toEqual([
      expect.stringMatching(/^env\.yaml:13:5: extensions\[1\]\.secrets\.giphyApiKey: secrets\.giphyApiKey: /),
    ]);
    expect(problems(file.replace("giphyApiKey: { secret", "dropMessage: { secret"))).toContain(
      'env.yaml:13:41: extensions[1].secrets.dropMessage: is not a field of gifs-giphy (did you mean "giphyApiKey"?)',
    );
  });

  it("refuses bad settings, unknown permissions, a duplicate extension and non-boolean app settings", () => {
    const bad = file
      .replace("dropMessage: true", "dropMessage: yes")
      .replace("sendMessage: deny", "sendMessage: never")
      .replace("updateOnReplies: true", "updateOnReplies: 1");
    expect(problems(bad)).toEqual([
      expect.stringMatching(/^env\.yaml:8:23: groups\[0\]\.permissions\.participants\.sendMessage: /),
      expect.stringMatching(/^env\.yaml:12:17: extensions\[0\]\.settings\.dropMessage: /),
      "env.yaml:15:16: appSettings.core.conversations.updateOnReplies: a setting's value must be true or false",
    ]);
    expect(problems(file.replace("{ extension: sentiment-analysis", "{ extension: gifs-giphy"))).toEqual([
      'env.yaml:14:5: extensions[2]: extension "gifs-giphy" is declared twice',
    ]);
  });
});
