// An entry that is not its kind's arguments as they are (renamed fields, a flag's object, secrets named
// by config keys or generated, one key per credential field, entries of other kinds inside it), mapped
// both ways from what the kind declares (provider/environment/entries.ts, decision 0105).

import type { Args } from "../../provider/engine/kind";
import { argsOf, entryFrom, type SecretPlaceholder } from "../../provider/environment/entries";
import { entriesOf, type FileKind } from "../../provider/environment/graph";
import { parseEnvironment } from "../../provider/environment/load";
import { kinds } from "../../provider/kinds";

const kind = (k: unknown) => k as FileKind;
/** Named secrets as `named:<key>`, generated ones as `generated:<path>`. */
const values = {
  named: (ref: { secret: string }) => `named:${ref.secret}`,
  generated: (path: string) => `generated:${path}`,
};

describe("an entry mapped to its kind's arguments and back", () => {
  it("renames, gathers basic auth in one object, and generates a password only where one is needed", () => {
    const webhook = kind(kinds.Webhook);
    const entry = { id: "w", name: "W", url: "https://h.example.com/x", basicAuth: { username: "u" } };
    expect(argsOf(webhook, entry, values)).toEqual({
      webhookId: "w",
      name: "W",
      webhookURL: "https://h.example.com/x",
      useBasicAuth: true,
      username: "u",
      password: "generated:password",
    });
    const named = { ...entry, basicAuth: { username: "u", password: { secret: "k" } } };
    expect(argsOf(webhook, named, values).password).toBe("named:k");
    const without = { id: "w", name: "W", url: "https://h.example.com/x" };
    expect(argsOf(webhook, without, values)).toEqual({
      webhookId: "w",
      name: "W",
      webhookURL: "https://h.example.com/x",
      useBasicAuth: false,
    });
  });

  it("generates a group's password for a password group only, and leaves its members and permissions to their kinds", () => {
    const group = kind(kinds.Group);
    const entry = { guid: "g", name: "G", type: "password", members: { admins: ["a"] }, adopt: true };
    expect(argsOf(group, entry, values)).toEqual({
      guid: "g",
      name: "G",
      type: "password",
      password: "generated:password",
    });
    expect(argsOf(group, { guid: "g", name: "G" }, values)).toEqual({ guid: "g", name: "G" });
  });

  it("names each credential by its own key, and declares a member set's absent scopes empty", () => {
    const entry = { extension: "gifs-giphy", secrets: { giphyApiKey: { secret: "giphy" } } };
    expect(argsOf(kind(kinds.Extension), entry, values)).toEqual({
      extension: "gifs-giphy",
      secrets: { giphyApiKey: "named:giphy" },
    });
    expect(argsOf(kind(kinds.GroupMembers), { admins: ["a"] }, values)).toEqual({
      admins: ["a"],
      moderators: [],
      participants: [],
    });
  });

  it("finds an entry per scope inside a group's permissions", () => {
    const env = parseEnvironment(
      `app: { existing: true }
groups: [{ guid: g, name: G, permissions: { moderators: { sendMessage: deny }, admins: { editMessage: allow } } }]
`,
      "env.yaml",
    ) as Record<string, unknown>;
    expect(
      entriesOf(env, kind(kinds.GroupScopePermissions)).map(({ entry, path, per }) => [per, entry, path]),
    ).toEqual([
      ["admin", { editMessage: "allow" }, ["groups", 0, "permissions", "admins"]],
      ["moderator", { sendMessage: "deny" }, ["groups", 0, "permissions", "moderators"]],
    ]);
  });

  it("writes an object's entry as the inverse: the file's names, basic auth's password and held entries", () => {
    const secrets: SecretPlaceholder[] = [];
    const args: Args = {
      appId: "app1",
      webhookId: "w",
      name: "W",
      webhookURL: "https://h.example.com/x",
      useBasicAuth: true,
      username: "u",
      enabled: true,
      retryOnFailure: false,
    };
    const held = [{ appId: "app1", webhookId: "w", triggers: ["message_sent", "group_created"] }];
    const entry = entryFrom(kind(kinds.Webhook), args, secrets, {
      held: () => held,
      listed: () => undefined,
    });
    expect(entry).toEqual({
      id: "w",
      url: "https://h.example.com/x",
      basicAuth: { username: "u", password: { secret: "webhookPassword-w" } },
      name: "W",
      triggers: ["group_created", "message_sent"],
    });
    expect(Object.keys(entry as object)).toEqual(["id", "url", "basicAuth", "name", "triggers"]);
    expect(secrets).toEqual([{ key: "webhookPassword-w", what: 'the basic-auth password of webhook "w"' }]);
    // Back again: the same arguments, the password named by the key written.
    expect(argsOf(kind(kinds.Webhook), entry as Args, values)).toMatchObject({
      webhookId: "w",
      webhookURL: "https://h.example.com/x",
      useBasicAuth: true,
      username: "u",
      password: "named:webhookPassword-w",
    });
  });

  it("leaves out an owner the export did not read (a system user), and writes each scope's permissions under its field", () => {
    const entry = entryFrom(
      kind(kinds.Group),
      { guid: "g", name: "G", type: "public", owner: "app_system" },
      [],
      {
        held: (h) =>
          h.name === "GroupScopePermissions"
            ? [{ guid: "g", scope: "participant", permissions: { sendMessage: "deny" } }]
            : [],
        listed: (k) => (k === "User" ? new Set(["alice"]) : undefined),
      },
    );
    expect(entry).toEqual({ guid: "g", name: "G", permissions: { participants: { sendMessage: "deny" } } });
  });
});
