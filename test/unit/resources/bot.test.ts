// Bot as the vendor documents it (https://www.cometchat.com/docs/rest-api/bots, decision 0116): its group
// settings and their former spellings, its defaults, its 50-character limits and its basic-auth rule, at
// check and diff (pure functions of the inputs: the credential check is a stand-in that answers nothing).
import { DEFAULTS, LIMITS } from "../../../provider/contract";
import { type Json, jsonOf } from "../../../provider/engine/json-schema";
import { UNKNOWN } from "../../../provider/engine/normalize";
import { resourceArgs } from "../../../provider/hosts/dynamic/resource";
import { closedSetIn } from "../../../provider/hosts/plugin/enums";
import { packageSchema } from "../../../provider/hosts/plugin/schema";
import { type CredentialCheck, CrudProvider, kinds } from "../../../provider/kinds";

const standIn: CredentialCheck = { chat: async () => undefined, management: async () => undefined };
const bot = new CrudProvider(kinds.Bot as never, standIn);
const base = { uid: "Dave", webhookURL: "https://bots.example.com/dave" };
type Props = Record<string, unknown>;
const reasons = async (olds: Props, news: Props) =>
  (await bot.check(olds, news)).failures.map((f) => f.reason);
const noChange = { changes: false, replaces: [], deleteBeforeReplace: false };

describe("Bot: the group settings", () => {
  it("takes the vendor's four values and release 0.1.0's two spellings, stored as the vendor's", async () => {
    for (const [given, stored] of [
      ["allMessages", "allMessages"],
      ["slashedMessages", "slashedMessages"],
      ["mentionedMessages", "mentionedMessages"],
      ["none", "none"],
      ["all", "allMessages"],
      ["mentions", "mentionedMessages"],
    ]) {
      const r = await bot.check({}, { ...base, groupChatSetting: given });
      expect(r.failures).toEqual([]);
      expect(r.inputs.groupChatSetting).toBe(stored);
    }
  });

  it("refuses another value, naming the field and the values it takes", async () => {
    expect(await reasons({}, { ...base, groupChatSetting: "everything" })).toEqual([
      'groupChatSetting "everything" is not valid (closest valid: "none"; one of allMessages, slashedMessages, mentionedMessages, none)',
    ]);
  });

  it("a stack that recorded a former spelling previews no change; another value is a change", async () => {
    for (const [recordedValue, program] of [
      ["all", "all"],
      ["all", "allMessages"],
      ["mentions", "mentions"],
      ["mentions", "mentionedMessages"],
    ]) {
      const recorded = { ...base, uid: "dave", groupChatSetting: recordedValue, createdAt: 1 };
      const { inputs } = await bot.check(recorded, { ...base, groupChatSetting: program });
      expect(await bot.diff("dave", recorded, inputs)).toEqual(noChange);
    }
    const recorded = { ...base, uid: "dave", groupChatSetting: "all", createdAt: 1 };
    const { inputs } = await bot.check(recorded, { ...base, groupChatSetting: "mentionedMessages" });
    expect(await bot.diff("dave", recorded, inputs)).toMatchObject({ changes: true, replaces: [] });
  });

  it("offers the former spellings in the SDKs' types under the names programs use, deprecated", () => {
    const json = jsonOf(kinds.Bot.args, "input") as { properties: Record<string, Json> };
    const setting: Json = json.properties.groupChatSetting ?? {};
    expect(setting).toMatchObject({
      enum: ["allMessages", "slashedMessages", "mentionedMessages", "none", "all", "mentions"],
      "x-aliases": { all: "allMessages", mentions: "mentionedMessages" },
    });
    const set = closedSetIn(setting);
    // Still the document's GroupChatSetting: the type keeps its name in every SDK.
    expect(set?.name).toBe("GroupChatSetting");
    expect(set?.values.map((v) => [v.name, v.value, v.deprecationMessage])).toEqual([
      ["AllMessages", "allMessages", undefined],
      ["SlashedMessages", "slashedMessages", undefined],
      ["MentionedMessages", "mentionedMessages", undefined],
      ["None", "none", undefined],
      ["All", "all", "Use allMessages."],
      ["Mentions", "mentions", "Use mentionedMessages."],
    ]);
  });
});

describe("Bot: the defaults", () => {
  it("are the service's: enabled false, no group messages, no basic auth", () => {
    expect(kinds.Bot.defaults).toEqual({ enabled: false, groupChatSetting: "none", useBasicAuth: false });
    expect(DEFAULTS.Bot).toEqual(kinds.Bot.defaults);
  });

  it("a bot recorded by 0.1.0 without enabled or a group setting previews no change", async () => {
    const recorded = { ...base, uid: "dave", createdAt: 1795565827 };
    const { inputs, failures } = await bot.check(recorded, base);
    expect(failures).toEqual([]);
    expect(await bot.diff("dave", recorded, inputs)).toEqual(noChange);
  });

  it("a field declared before and left out now is a change (to the service's default)", async () => {
    const recorded = { ...base, uid: "dave", enabled: true, createdAt: 1 };
    const { inputs } = await bot.check(recorded, base);
    expect(await bot.diff("dave", recorded, inputs)).toMatchObject({ changes: true, replaces: [] });
  });
});

describe("Bot: limits and basic auth, refused at check before any call", () => {
  const auth = { useBasicAuth: true, username: "hook", password: "s3cret-value" };

  it("uid, username and password: at most 50 characters each", async () => {
    expect([LIMITS.botUidLength, LIMITS.botUsernameLength, LIMITS.botPasswordLength]).toEqual([50, 50, 50]);
    const at = (n: number) => ({ uid: "u".repeat(n), username: "n".repeat(n), password: "p".repeat(n) });
    expect(await reasons({}, { ...base, ...auth, ...at(50) })).toEqual([]);
    const over = await reasons({}, { ...base, ...auth, ...at(51) });
    expect(over).toEqual([
      "uid must be at most 50 characters",
      "username must be at most 50 characters",
      "password must be at most 50 characters",
    ]);
    expect(over.join(" ")).not.toContain("pppppppp");
  });

  it("username or password without useBasicAuth: refused for a new bot, naming useBasicAuth and the rule", async () => {
    const rule =
      "the service keeps a bot's username and password only with basic auth on (set useBasicAuth: true, or leave them out)";
    expect(await reasons({}, { ...base, username: "hook", password: "s3cret-value" })).toEqual([
      `useBasicAuth: must be true when username and password are set: ${rule}`,
    ]);
    expect(await reasons({}, { ...base, useBasicAuth: false, username: "hook" })).toEqual([
      `useBasicAuth: must be true when username is set: ${rule}`,
    ]);
    expect(await reasons({}, { ...base, ...auth })).toEqual([]);
    // useBasicAuth not known yet (preview): the rule waits for it.
    expect(await reasons({}, { ...base, ...auth, useBasicAuth: UNKNOWN })).toEqual([]);
  });

  it("a recorded bot keeps previewing as it is; a change of it is held to the rule", async () => {
    // What 0.1.0 recorded of a bot that declared credentials without basic auth: its inputs, its outputs.
    const declared = { ...base, username: "hook", password: "s3cret-value" };
    const inputs = { ...declared, uid: "dave", __provider: "p" };
    const outputs = { ...inputs, createdAt: 1 };
    expect(await reasons(inputs, declared)).toEqual([]);
    const checked = await bot.check(inputs, declared);
    expect(await bot.diff("dave", outputs, checked.inputs)).toEqual(noChange);
    expect(await reasons(inputs, { ...declared, username: "other" })).toEqual([
      expect.stringMatching(/^useBasicAuth: must be true when username and password are set/),
    ]);
  });
});

describe("Bot: the echoed password", () => {
  it("is a secret output in the dynamic resource and in the plugin's schema, and a secret input", () => {
    expect(kinds.Bot.secrets).toEqual(["password"]);
    const [, , props, options] = resourceArgs(
      "Bot",
      "b",
      { ...base, useBasicAuth: true, username: "hook", password: "s3cret-value" },
      ["createdAt"],
      kinds.Bot.secrets ?? [],
      undefined,
    );
    expect(options.additionalSecretOutputs).toContain("password");
    expect(props.password).not.toBe("s3cret-value"); // wrapped as a secret
    const schema = packageSchema() as {
      resources: Record<string, { properties: Record<string, Json>; inputProperties: Record<string, Json> }>;
    };
    const r = schema.resources["chat:index:Bot"];
    expect(r?.properties.password).toMatchObject({ secret: true });
    expect(r?.inputProperties.password).toMatchObject({ secret: true });
  });
});
