// App-level configuration on the real engine: notification settings, push providers (keys from secret
// config), a moderation rule naming a keyword list by its id output, extensions (one with a credential),
// app settings and a group scope's permissions. Drift on each family shows on refresh and up reverts it; no
// key reaches the checkpoint file or the engine's output; destroy deletes the rule before the list it uses,
// resets the settings, disables the extensions and gives the app settings back their values.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ChatClient, ManagementClient } from "../../provider/client";
import { type EmulatedStack, emulatedStack } from "./support/emulated";

const PRIVATE_KEY = "fcm-private-key-d41d8cd98f00b204";
const PRIVATE_KEY_ID = "fcm-private-key-id-9e107d9d372bb682";
const P8_KEY = "apns-p8-key-e4d909c290d0fb1c";
const GIPHY_KEY = "giphy-key-45c48cce2e2d7fbd";
const SENDGRID_KEY = "SG.sendgrid-key-6512bd43d9caa6e0";
const SMS_PASSWORD = "SmsPass1679091c5a880faf";
const RESOURCES = 13;

describe("app-level configuration on the real engine", () => {
  let t: EmulatedStack;
  let chat: ChatClient;
  let mgmt: ManagementClient;
  let appId: string;
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
      "e2e:giphyKey": { value: GIPHY_KEY, secret: true },
      "e2e:sendGridKey": { value: SENDGRID_KEY, secret: true },
      "e2e:smsPassword": { value: SMS_PASSWORD, secret: true },
    });
    appId = t.emu.appId;
    mgmt = t.emu.mgmt;
    // The app's value before the stack: destroy gives it back.
    await mgmt.call("setAppSettings", {
      params: { appId },
      body: { settings: { "core.conversations.updateOnReplies": false } },
    });
    chat = t.emu.chat;
  });
  afterAll(async () => t?.dispose());

  it("comes up, and a preview shows no changes", async () => {
    const up = await t.stack.up({ onOutput });
    expect(up.summary.resourceChanges).toEqual({ create: RESOURCES });
    expect((await chat.call("getRule", { params: { ruleId: "no-banned-words" } })).data.enabled).toBe(true);
    expect(await extensionActive("gifs-giphy")).toBe(true);
    expect((await t.stack.preview({ onOutput })).changeSummary).toEqual({ same: RESOURCES });
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
    // Extensions, app settings and a group scope's permissions, changed in the dashboard.
    await mgmt.call("toggleExtensions", { params: { appId }, body: { disabled: ["gifs-giphy"] } });
    await mgmt.call("updateExtensionSettings", {
      params: { appId, slug: "profanity-filter" },
      body: { settings: { dropMessage: true, badwords: ["darn", "heck"] } },
    });
    await mgmt.call("setAppSettings", {
      params: { appId },
      body: { settings: { "core.conversations.updateOnReplies": false } },
    });
    await chat.call("setScopePermissions", {
      params: { guid: "general", scope: "participant" },
      body: { permissions: { sendMessage: "allow" } },
    });
    // The one-per-app providers.
    await chat.call("updateSendgridProvider", { body: { senderName: "Someone else" } });
    await chat.call("updateCustomSmsProvider", { body: { webhookURL: "https://elsewhere.example.com/sms" } });
    const refresh = await t.stack.refresh({ onOutput });
    expect(refresh.summary.resourceChanges?.update).toBe(10);
    expect((await t.stack.preview({ onOutput })).changeSummary.update).toBe(10);
    await t.stack.up({ onOutput });
    expect((await chat.call("getSendgridProvider")).data.senderName).toBe("Chat");
    expect((await chat.call("getCustomSmsProvider")).data.webhookURL).toBe("https://hooks.example.com/sms");
    expect(await extensionActive("gifs-giphy")).toBe(true);
    const giphy = await mgmt.call("getExtensionSettings", { params: { appId, slug: "gifs-giphy" } });
    expect(giphy.data.body.data?.settings).toMatchObject({ giphyApiKey: GIPHY_KEY });
    const profanity = await mgmt.call("getExtensionSettings", {
      params: { appId, slug: "profanity-filter" },
    });
    expect(profanity.data.body.data?.settings).toMatchObject({ dropMessage: false, badwords: ["darn"] });
    const settings = (await mgmt.call("getAppSettings", { params: { appId } })).data;
    expect(settings["core.conversations.updateOnReplies"]).toBe(true);
    const perms = (
      await chat.call("getScopePermissions", { params: { guid: "general", scope: "participant" } })
    ).data;
    expect(perms.find((e) => e.id === "sendMessage")?.value).toBe("deny");
    expect((await chat.call("getNotificationSettings")).data.sound.chat).toBe("chime.wav");
    const apns = (await chat.call("listApnsProviders")).data.pushProviders[0];
    expect(apns?.productionMode).toBe(true);
    expect((await chat.call("getRule", { params: { ruleId: "no-banned-words" } })).data.enabled).toBe(true);
    const list = (await chat.call("getKeywordList", { params: { keywordId: "banned-words" } })).data;
    expect([...(list.searchTerms ?? [])].sort()).toEqual(["giveaway", "spoiler"]);
    expect((await t.stack.preview({ onOutput })).changeSummary).toEqual({ same: RESOURCES });
  });

  it("keeps every provider key out of the checkpoint and the engine's output", async () => {
    // The checkpoint as the backend stores it (the Automation API's export shows secrets decrypted).
    const state = readFileSync(
      join(t.backendDir, ".pulumi", "stacks", "notifications-e2e", "notifications.json"),
      "utf8",
    );
    expect(state).toContain("android"); // the provider is there, readable
    expect(state).toContain("gifs-giphy");
    for (const value of [PRIVATE_KEY, PRIVATE_KEY_ID, P8_KEY, GIPHY_KEY, SENDGRID_KEY, SMS_PASSWORD]) {
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
    await expect(chat.call("getSendgridProvider")).rejects.toThrow();
    expect(await extensionActive("gifs-giphy")).toBe(false);
    expect(await extensionActive("profanity-filter")).toBe(false);
    const settings = (await mgmt.call("getAppSettings", { params: { appId } })).data;
    expect(settings["core.conversations.updateOnReplies"]).toBe(false);
  });

  async function extensionActive(id: string): Promise<boolean | undefined> {
    const all = await mgmt.listAll("listExtensions", { params: { appId } });
    return all.find((e) => e.id === id)?.isActive;
  }
});
