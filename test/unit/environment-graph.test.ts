// The environment file's reference graph (provider/environment/graph.ts, decision 0105): declared on the kinds, and
// the only place provider/environment/ learns which kind names which.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { refTargets } from "../../provider/engine/kind";
import {
  DECLARATION_ORDER,
  declarationOrder,
  entriesOf,
  FILE_KINDS,
  type FileKind,
  heldBy,
  holderOf,
  mapRefs,
  NOT_IN_FILE,
  namedIn,
} from "../../provider/environment/graph";
import { parseEnvironment } from "../../provider/environment/load";
import { kinds } from "../../provider/kinds";

const root = join(__dirname, "..", "..");

/** Every .ts file under a folder. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? filesUnder(p) : p.endsWith(".ts") ? [p] : [];
  });

/** The code of a file without its comments (a comment may say "a group's members"). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1");

/** The kind names a piece of code uses: as a string, a property, an identifier (`"Friends"`, `kinds.Group`). */
const kindNamesIn = (text: string): string[] =>
  Object.keys(kinds).filter((name) => new RegExp(`\\b${name}\\b`).test(code(text)));

/**
 * What provider/environment/ still names, and why: chat-export's reading and writing of extensions (read from the
 * service's catalogue: the Extension kind has no listing). The component's typed outputs come from the kinds'
 * `file.output` (test/unit/environment-outputs.test.ts). Shrinks, never grows: a new kind needs no line in
 * environment/.
 */
const STILL_NAMED: Record<string, string[]> = {
  "provider/environment/export/document.ts": ["Extension"],
  "provider/environment/export/read.ts": ["Extension"],
};

describe("the environment file's reference graph", () => {
  it("names no kind in provider/environment/ but chat-export's extensions", () => {
    const named = Object.fromEntries(
      filesUnder(join(root, "provider", "environment")).flatMap((f) => {
        const names = kindNamesIn(readFileSync(f, "utf8"));
        return names.length ? [[relative(root, f), names]] : [];
      }),
    );
    expect(named).toEqual(STILL_NAMED);
  });

  it("finds a kind named as a string, a property or an identifier, and not in comments or longer words", () => {
    expect(kindNamesIn('const NAMES_GROUPS = new Set(["GroupBans", "PinnedConversations"]);')).toEqual([
      "GroupBans",
      "PinnedConversations",
    ]);
    expect(kindNamesIn("const u = declared.User?.[id];")).toEqual(["User"]);
    expect(kindNamesIn("// a Friends entry\nconst x = GroupArgs.shape;")).toEqual([]);
  });

  it("places every kind: with its own section, inside another's entry, or left out with the reason", () => {
    for (const k of FILE_KINDS) {
      const holder = holderOf(k);
      if (holder) expect(heldBy(holder)).toContain(k);
    }
    // Each omission is a decision: a knowledge file's bytes are not in the service's listing (decision 0132).
    expect(Object.keys(NOT_IN_FILE).sort()).toEqual([
      "AgentKnowledgeFile",
      "App",
      "AuthToken",
      "GroupMember",
      "SeedData",
    ]);
    for (const why of Object.values(NOT_IN_FILE)) expect(why.length).toBeGreaterThan(10);
    expect(FILE_KINDS.length + Object.keys(NOT_IN_FILE).length).toBe(Object.keys(kinds).length);
  });

  it("declares every kind after the kinds it (and the kinds inside its entries) names", () => {
    const at = new Map(DECLARATION_ORDER.map((k, i) => [k.name, i]));
    const late: string[] = [];
    for (const k of DECLARATION_ORDER)
      for (const h of [k, ...heldBy(k)])
        for (const ref of Object.values(h.file.refs ?? {}))
          for (const target of refTargets(ref))
            if (target !== k.name && !((at.get(target) ?? Infinity) < (at.get(k.name) ?? -1)))
              late.push(`${k.name} before ${target}`);
    expect(late).toEqual([]);
    // Kinds inside another's entry are declared with it, not on their own.
    expect(DECLARATION_ORDER.filter((k) => holderOf(k))).toEqual([]);
    // The orders the file needs: users before friends and groups; groups before bans and pinned conversations.
    const precedes = (a: string, b: string) => (at.get(a) ?? -1) < (at.get(b) ?? -1);
    expect([
      precedes("User", "Friends"),
      precedes("User", "Group"),
      precedes("Group", "GroupBans"),
      precedes("Group", "PinnedConversations"),
      precedes("ModerationKeywordList", "ModerationRule"),
    ]).toEqual([true, true, true, true, true]);
  });

  it("orders by references whatever the registry's order, and refuses references that go round", () => {
    const fake = (name: string, refs: Record<string, string>, within?: string) =>
      ({
        name,
        file: {
          at: [name],
          child: name,
          ...(within ? { within } : {}),
          refs: Object.fromEntries(Object.entries(refs).map(([arg, k]) => [arg, { kind: k }])),
        },
      }) as unknown as FileKind;
    const order = declarationOrder([
      fake("Pin", { with: "Room" }),
      fake("Room", {}),
      fake("Members", { uids: "Person" }, "Room"),
      fake("Person", {}),
    ]);
    expect(order.map((k) => k.name)).toEqual(["Person", "Room", "Pin"]);
    expect(() => declarationOrder([fake("A", { b: "B" }), fake("B", { a: "A" })])).toThrow(
      "the environment file's references go round: A → B → A",
    );
    const renamed = fake("Pin", { with: "Room" });
    const withRename = { ...renamed, file: { ...renamed.file, renames: { with: "room" } } } as FileKind;
    expect(() => declarationOrder([withRename, fake("Room", {})])).toThrow(
      "Pin: the reference at with names an argument the file renames",
    );
  });

  it("follows an either-kind target by its sibling field, and a list item's field only when the item names one", () => {
    const pinned = mapRefs(
      kinds.PinnedConversations,
      {
        conversations: [
          { conversationType: "user", conversationWith: "alice" },
          { conversationType: "group", conversationWith: "general" },
        ],
      },
      (n) => `${n.kind}:${n.id}@${n.path.join(".")}`,
    );
    expect(pinned.conversations).toEqual([
      { conversationType: "user", conversationWith: "User:alice@conversations.0.conversationWith" },
      { conversationType: "group", conversationWith: "Group:general@conversations.1.conversationWith" },
    ]);
    const rule = {
      conditions: [
        { operand: "text", value: "plain words" },
        { operand: "text", isListReferencePresent: true, value: "banned" },
      ],
    };
    expect(namedIn(kinds.ModerationRule, rule).map((n) => [n.kind, n.id, n.path])).toEqual([
      ["ModerationKeywordList", "banned", ["conditions", 1, "value"]],
    ]);
    // One id or a list, passed on as a list, as the rule's conditions always were.
    expect(
      (mapRefs(kinds.ModerationRule, rule, (n) => n.id).conditions as { value: unknown }[])[1]?.value,
    ).toEqual(["banned"]);
    expect(namedIn(kinds.Friends, { uid: "a", friends: ["b", "c"] }).map((n) => n.path)).toEqual([
      ["uid"],
      ["friends", 0],
      ["friends", 1],
    ]);
  });

  it("finds a held kind's entries inside its holder's, with their paths", () => {
    const env = parseEnvironment(
      `app: { existing: true }
users: [{ uid: alice, name: Alice }, { uid: bob, name: Bob }]
groups:
  - { guid: a, name: A, type: public }
  - { guid: b, name: B, type: public, members: { admins: [alice], participants: [bob] } }
`,
      "env.yaml",
    ) as Record<string, unknown>;
    expect(entriesOf(env, kinds.GroupMembers as never).map((e) => e.path)).toEqual([
      ["groups", 1, "members"],
    ]);
  });

  it("refuses names the file does not declare, by path, and takes built-ins and names made elsewhere", () => {
    const problems = (text: string) => {
      try {
        parseEnvironment(text, "env.yaml");
        return [];
      } catch (e) {
        return (e as Error).message.split("\n").slice(1);
      }
    };
    const base = "app: { existing: true }\nusers: [{ uid: alice, name: Alice }]\n";
    expect(
      problems(`${base}groups: [{ guid: g, name: G, type: public, members: { moderators: [zed] } }]\n`),
    ).toEqual(['env.yaml:3:68: groups[0].members.moderators[0]: user "zed" is not declared in users']);
    // A value that is no id is the schema's to report, once.
    expect(problems(`${base.replace("name: Alice", "name: Alice, role: 5")}`)).toEqual([
      "env.yaml:2:36: users[0].role: must be a string, not number 5",
    ]);
    expect(problems(`${base}bots: [{ uid: nobody, webhookURL: "https://b.example.com" }]\n`)).toEqual([
      'env.yaml:3:10: bots[0].uid: uid "nobody" is not declared in users',
    ]);
    // Made in the dashboard: bans and pins may name users and groups the file does not declare.
    expect(
      problems(
        `${base}groupBans: [{ guid: elsewhere, uids: [someone] }]\npinnedConversations: [{ conversationType: group, conversationWith: elsewhere }]\n`,
      ),
    ).toEqual([]);
    expect(
      problems(
        `${base}moderation: { rules: [{ ruleId: r, name: R, enabled: true, action: [blockMessage], conditions: [{ operand: text, operator: contains, category: word, isListReferencePresent: true, value: [profanity-list, nope] }] }] }\n`,
      ),
    ).toEqual([
      'env.yaml:3:180: moderation.rules[0].conditions[0].value: keyword list "nope" is not declared in moderation.keywordLists',
    ]);
  });
});
