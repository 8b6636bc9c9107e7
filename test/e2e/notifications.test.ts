// Issue 12 part B on the real engine: notification settings, push providers (keys from secret config) and
// a moderation rule naming a keyword list by its id output. Drift on each family shows on refresh and up
// reverts it; no provider key reaches the checkpoint file or the engine's output; destroy deletes the rule
// before the list it uses and resets the settings.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ChatClient } from "../../provider/client";
import { type EmulatedStack, emulatedStack } from "./support/emulated";

const PRIVATE_KEY = "fcm-private-key-d41d8cd98f00b204";
const PRIVATE_KEY_ID = "fcm-private-key-id-9e107d9d372bb682";
const P8_KEY = "apns-p8-key-e4d909c290d0fb1c";

describe("notifications and moderation on the real engine", () => {
  let t: EmulatedStack;
  let chat: ChatClient;
  const engineOutput: string[] = [];
  const onOutput = (s: string) => engineOutput.push(s);

  beforeAll(async () => {
    t = await emulatedStack(join(__dirname, "programs", "notifications"), "notifications", {
      "e2e:serviceAccount": {
        value: JSON.stringify({
          project_id: "chat-project",
          client_email: "push@chat-project.iam.gserviceaccount.com",
          private_key: PRIVATE_KEY,
          private_key_id: PRIVATE_KEY_ID,
        }),
        secret: true,
      },
      "e2e:p8Key": { value: P8_KEY, secret: true },
    });
    const app = t.emu.credentials.app!;
    chat = new ChatClient({
      appId: app.appId,
      region: app.region as "us" | "eu" | "in",
      apiKey: app.apiKey,
      endpoint: t.emu.chatEndpoint,
    });
  });
  afterAll(async () => t?.dispose());

  it("comes up, and a preview shows no changes", async () => {
    const up = await t.stack.up({ onOutput });
    expect(up.summary.resourceChanges).toEqual({ create: 6 });
    expect((await chat.call("getRule", { params: { ruleId: "no-banned-words" } })).data.enabled).toBe(true);
    expect((await t.stack.preview({ onOutput })).changeSummary).toEqual({ same: 6 });
  });

  it("shows out-of-band changes on refresh and reverts them on up", async () => {
    await chat.call("updateNotificationSettings", { body: { sound: { chat: "other.wav" } } });
    await chat.call("updateApnsProvider", { body: { providerId: "ios", productionMode: false } });
    const rule = (await chat.call("getRule", { params: { ruleId: "no-banned-words" } })).data;
    await chat.call("updateRule", {
      params: { ruleId: "no-banned-words" },
      body: {
        name: rule.name,
        enabled: false,
        action: ["blockMessage"],
        conditions: [
          { operand: "text", category: "word", isListReferencePresent: true, value: ["banned-words"] },
        ],
      },
    });
    await chat.call("updateKeywordList", {
      params: { keywordId: "banned-words" },
      body: { category: "word", name: "Banned words", searchTerms: "spoiler" },
    });
    const refresh = await t.stack.refresh({ onOutput });
    expect(refresh.summary.resourceChanges?.update).toBe(4);
    expect((await t.stack.preview({ onOutput })).changeSummary.update).toBe(4);
    await t.stack.up({ onOutput });
    expect((await chat.call("getNotificationSettings")).data.sound.chat).toBe("chime.wav");
    const apns = (await chat.call("listApnsProviders")).data.pushProviders[0];
    expect(apns?.productionMode).toBe(true);
    expect((await chat.call("getRule", { params: { ruleId: "no-banned-words" } })).data.enabled).toBe(true);
    const list = (await chat.call("getKeywordList", { params: { keywordId: "banned-words" } })).data;
    expect([...(list.searchTerms ?? [])].sort()).toEqual(["giveaway", "spoiler"]);
    expect((await t.stack.preview({ onOutput })).changeSummary).toEqual({ same: 6 });
  });

  it("keeps every provider key out of the checkpoint and the engine's output", async () => {
    // The checkpoint as the backend stores it (the Automation API's export shows secrets decrypted).
    const state = readFileSync(
      join(t.backendDir, ".pulumi", "stacks", "notifications-e2e", "notifications.json"),
      "utf8",
    );
    expect(state).toContain("android"); // the provider is there, readable
    for (const value of [PRIVATE_KEY, PRIVATE_KEY_ID, P8_KEY]) {
      expect({ value, inState: state.includes(value) }).toEqual({ value, inState: false });
      expect({ value, inOutput: engineOutput.join("").includes(value) }).toEqual({ value, inOutput: false });
    }
  });

  it("destroys: the rule before the list it uses, the settings reset", async () => {
    const destroy = await t.stack.destroy({ onOutput });
    expect(destroy.summary.result).toBe("succeeded");
    expect((await chat.call("getNotificationSettings")).data.sound.chat).not.toBe("chime.wav");
    const lists = (await chat.call("listKeywordLists")).data.map((l) => l.id);
    expect(lists).toEqual(["profanity-list"]);
    expect((await chat.call("listFcmProviders")).data.pushProviders).toEqual([]);
  });
});
