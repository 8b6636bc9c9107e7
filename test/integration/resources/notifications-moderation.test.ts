// Notification settings, push providers, moderation rules and keyword lists through the generic provider,
// against the emulator (issue 12 part B): managed fields only, secrets kept from state, built-ins adopted
// and left on destroy, dependencies between rules and lists.
import type { ChatClient } from "../../../provider/client";
import { type Emulated, useEmulated } from "../../support/emulator";
import { providerOf as provider } from "../../support/provider";

type Props = Record<string, unknown>;

describe("notifications and moderation kinds against the emulator", () => {
  const emulated = useEmulated({ seed: 12 });
  let emu: Emulated;
  let connection: Emulated["connection"];
  let chat: ChatClient;
  beforeAll(() => {
    emu = emulated();
    ({ connection, chat } = emu);
  });

  describe("NotificationSettings", () => {
    const p = () => provider("NotificationSettings");
    const declared = {
      preferences: { group: { messagesSetting: 3 } },
      sound: { chat: "ding.wav" },
    };

    it("manages only the declared fields, shows drift on them, and resets on delete", async () => {
      const before = (await chat.call("getNotificationSettings")).data;
      const { id, outs } = await p().create({ ...declared, connection });
      const now = (await chat.call("getNotificationSettings")).data;
      expect((now.preferences.group as Props).messagesSetting).toBe(3);
      expect(now.sound.chat).toBe("ding.wav");
      // Undeclared fields keep the service's values and are not part of the resource.
      expect(now.sound.call).toBe(before.sound.call);
      const read = await p().read(id, outs);
      expect(read.inputs).toEqual(declared);

      await chat.call("updateNotificationSettings", {
        body: { preferences: { group: { messagesSetting: 1, repliesSetting: 1 } }, sound: { call: "x" } },
      });
      const drifted = await p().read(id, outs);
      expect(drifted.inputs).toEqual({ ...declared, preferences: { group: { messagesSetting: 1 } } });

      await p().delete(id, outs);
      expect((await chat.call("getNotificationSettings")).data).toEqual(before);
    });

    it("adopts: the declared values are written, nothing else", async () => {
      const { outs } = await p().create({ ...declared, adopt: true, connection });
      expect(outs.sound).toEqual({ chat: "ding.wav" });
      expect((await chat.call("getNotificationSettings")).data.sound.chat).toBe("ding.wav");
      await p().delete("notification-settings", outs);
    });

    it("writes nothing on create when the service already holds the declared values", async () => {
      const { outs } = await p().create({ ...declared, connection });
      emu.admin.clearRequests();
      await p().create({ ...declared, connection });
      expect(emu.admin.requests().filter((r) => r.method !== "GET")).toEqual([]);
      await p().delete("notification-settings", outs);
    });

    it("refuses a bad value at check, naming the field", async () => {
      const { failures } = await p().check({}, { preferences: { group: { messagesSetting: 7 } } });
      expect(failures).toEqual([
        { property: "", reason: expect.stringMatching(/^preferences.group.messagesSetting.*must be 1/) },
      ]);
    });
  });

  describe("FcmPushProvider and ApnsPushProvider", () => {
    const credentials = {
      project_id: "proj",
      client_email: "svc@proj.iam.gserviceaccount.com",
      private_key: "-----BEGIN PRIVATE KEY-----\nsecret-fcm\n-----END PRIVATE KEY-----",
      private_key_id: "key-id-secret",
    };

    it("creates, reads without echoing keys (kept from state), moves the default, deletes", async () => {
      const fcm = provider("FcmPushProvider");
      const a = await fcm.create({ providerId: "fcm-a", credentials, connection });
      const b = await fcm.create({ providerId: "fcm-b", credentials, isDefault: true, connection });
      const list = async () => (await chat.call("listFcmProviders")).data.pushProviders;
      expect((await list()).map((x) => [x.providerId, x.isDefault])).toEqual([
        ["fcm-a", false],
        ["fcm-b", true],
      ]);
      const read = await fcm.read("fcm-b", b.outs);
      expect(read.inputs).toEqual({ providerId: "fcm-b", isDefault: true });
      expect(read.props?.credentials).toEqual(credentials);
      // Drift: the default moved elsewhere is seen, and an update moves it back.
      await chat.call("setDefaultFcmProvider", { params: { providerId: "fcm-a" } });
      expect((await fcm.read("fcm-b", b.outs)).inputs?.isDefault).toBe(false);
      await fcm.update("fcm-b", { ...b.outs, isDefault: false }, b.outs);
      expect((await list()).find((x) => x.providerId === "fcm-b")?.isDefault).toBe(true);
      await fcm.delete("fcm-a", a.outs);
      await fcm.delete("fcm-b", b.outs);
      expect(await list()).toEqual([]);
      expect((await fcm.read("fcm-b", b.outs)).id).toBe("");
    });

    it("compares optional APNs settings only when declared", async () => {
      const apns = provider("ApnsPushProvider");
      const args = {
        providerId: "ios",
        keyId: "K1",
        teamId: "T1",
        bundleId: "com.example.app",
        productionMode: true,
        credentials: { p8Key: "p8-secret" },
      };
      const { outs } = await apns.create({ ...args, connection });
      const { credentials: _, ...visible } = args;
      expect((await apns.read("ios", outs)).inputs).toEqual(visible);
      const { productionMode: __, ...fewer } = args;
      expect((await apns.read("ios", { ...fewer, connection })).inputs).toEqual({
        providerId: "ios",
        keyId: "K1",
        teamId: "T1",
        bundleId: "com.example.app",
      });
      await apns.delete("ios", outs);
    });

    it("refuses a create over an existing provider unless adopted", async () => {
      const fcm = provider("FcmPushProvider");
      await chat.call("addFcmProvider", { body: { providerId: "taken", serviceAccountCreds: credentials } });
      await expect(fcm.create({ providerId: "taken", credentials, connection })).rejects.toThrow(
        /already exists: set adopt: true/,
      );
      const { id } = await fcm.create({ providerId: "taken", credentials, adopt: true, connection });
      expect(id).toBe("taken");
    });
  });

  describe("ModerationKeywordList and ModerationRule", () => {
    it("creates a list and a rule that refers to it, updates both, deletes the rule then the list", async () => {
      const lists = provider("ModerationKeywordList");
      const rules = provider("ModerationRule");
      const listArgs = { listId: "banned", name: "Banned", category: "word", searchTerms: ["foo", "bar"] };
      const list = await lists.create({ ...listArgs, connection });
      expect(list.id).toBe("banned");
      expect(list.outs.builtIn).toBe(false);
      const got = (await chat.call("getKeywordList", { params: { keywordId: "banned" } })).data;
      expect(got.searchTerms).toEqual(["foo", "bar"]);
      expect((await lists.read("banned", list.outs)).inputs).toEqual(listArgs);

      const ruleArgs = {
        ruleId: "no-banned",
        name: "No banned words",
        enabled: true,
        action: ["blockMessage"],
        conditions: [
          {
            entity: "message",
            operand: "text",
            operator: "contains",
            category: "word",
            isListReferencePresent: true,
            value: ["banned"],
          },
        ],
      };
      const rule = await rules.create({ ...ruleArgs, connection });
      // The service numbers conditions; that number is not drift.
      expect((await rules.read("no-banned", rule.outs)).inputs).toEqual(ruleArgs);
      await rules.update("no-banned", rule.outs, { ...ruleArgs, description: "d", connection });
      expect((await chat.call("getRule", { params: { ruleId: "no-banned" } })).data.description).toBe("d");

      await lists.update("banned", list.outs, { ...listArgs, searchTerms: ["baz"], connection });
      expect(
        (await chat.call("getKeywordList", { params: { keywordId: "banned" } })).data.searchTerms,
      ).toEqual(["baz"]);
      await rules.delete("no-banned", rule.outs);
      await lists.delete("banned", list.outs);
      expect((await lists.read("banned", list.outs)).id).toBe("");
    });

    it("adopts the built-in list and rules, and leaves them on delete", async () => {
      const lists = provider("ModerationKeywordList");
      const rules = provider("ModerationRule");
      const list = await lists.create({
        listId: "profanity-list",
        category: "word",
        name: "Profanity",
        searchTerms: ["darn", "heck", "drat"],
        adopt: true,
        connection,
      });
      expect(list.outs.builtIn).toBe(true);
      const rule = await rules.create({
        ruleId: "email_filter",
        name: "Email addresses",
        enabled: true,
        action: ["blockMessage"],
        conditions: [{ operand: "text", category: "pattern", value: ["@"] }],
        adopt: true,
        connection,
      });
      expect(rule.outs.builtIn).toBe(true);
      await rules.delete("email_filter", rule.outs);
      await lists.delete("profanity-list", list.outs);
      expect((await chat.call("getRule", { params: { ruleId: "email_filter" } })).data.enabled).toBe(true);
      expect(
        (await chat.call("getKeywordList", { params: { keywordId: "profanity-list" } })).data.searchTerms,
      ).toEqual(["darn", "heck", "drat"]);
    });

    it("sends a user filter's negations as the vendor spells them, given either spelling; a read is no drift", async () => {
      const rules = provider("ModerationRule");
      const declared = (operator: string) => ({
        ruleId: "filtered",
        name: "Filtered",
        action: ["blockMessage"],
        conditions: [{ operand: "text", category: "word", value: ["spam"] }],
        filters: [{ entity: "user", operand: "role", operator, value: "admin", type: "sender" }],
      });
      // The emulator takes only notEquals and notIn (the vendor's UserFilter): what it holds is what was sent.
      const { inputs } = await rules.check({}, declared("not equals"));
      const made = await rules.create({ ...inputs, connection });
      const held = (await chat.call("getRule", { params: { ruleId: "filtered" } })).data;
      expect(held.filters?.[0]).toMatchObject({ operator: "notEquals" });
      expect((await rules.read("filtered", made.outs)).inputs).toEqual(inputs);
      // A stack that recorded the spaced spelling (0.1.0) is updated with the vendor's, and no diff stays.
      const recorded = { ...made.outs, ...declared("not equals") };
      // Its refresh reads the filter as recorded while the service holds the same one: no change to show.
      expect((await rules.read("filtered", recorded)).inputs).toEqual(declared("not equals"));
      const next = (await rules.check(recorded, declared("not in"))).inputs;
      expect((await rules.diff("filtered", recorded, next)).changes).toBe(true);
      await rules.update("filtered", recorded, { ...next, connection });
      const now = (await chat.call("getRule", { params: { ruleId: "filtered" } })).data;
      expect(now.filters?.[0]).toMatchObject({ operator: "notIn" });
      await rules.delete("filtered", made.outs);
    });

    it("checks lists at preview: patterns compile, the category's content is there, no commas", async () => {
      const lists = provider("ModerationKeywordList");
      const check = async (a: Props) =>
        (await lists.check({}, a)).failures.map((f) => f.reason.split(/[: ]/)[0]);
      expect(await check({ listId: "p", category: "pattern", searchTerms: ["(unclosed"] })).toEqual([
        "searchTerms",
      ]);
      expect(await check({ listId: "s", category: "sentence-similarity" })).toEqual(["disallowedSentences"]);
      expect(await check({ listId: "w", category: "word", searchTerms: ["a,b"] })).toEqual(["searchTerms.0"]);
      expect(await check({ listId: "bad id", category: "word", searchTerms: ["a"] })).toEqual(["listId"]);
    });
  });

  describe("the singleton providers", () => {
    it("SendGrid: creates, reads without the key, keeps repliesWebhook secret, refuses a second, adopts", async () => {
      const sendgrid = provider("SendGridEmailProvider");
      const args = {
        sendGridTemplateID: "d-1",
        sendGridUnsubscribeGroupID: "7",
        senderName: "Chat",
        senderEmail: "chat@example.com",
        credentials: { sendGridApiKey: "SG.secret-key" },
      };
      const { id, outs } = await sendgrid.create({ ...args, connection });
      expect(id).toBe("sendGridEmailProvider");
      expect(outs.repliesWebhook).toMatch(/token=/);
      const read = await sendgrid.read(id, outs);
      const { credentials: _, ...visible } = args;
      // Fields left out at their defaults are no drift: not read back (issue 33).
      expect(read.inputs).toEqual(visible);
      expect(read.props?.credentials).toEqual(args.credentials);
      await expect(sendgrid.create({ ...args, connection })).rejects.toThrow(
        /already exists: set adopt: true/,
      );
      await expect(sendgrid.create({ ...args, adopt: true, connection })).resolves.toMatchObject({ id });
      await sendgrid.delete(id, outs);
      expect((await sendgrid.read(id, outs)).id).toBe("");
    });

    it("custom push: needs the password with basic auth (at check), is gone when the list is empty", async () => {
      const push = provider("CustomPushProvider");
      const { failures } = await push.check(
        {},
        { webhookURL: "https://h.example.com/p", useBasicAuth: true, basicAuthUsername: "u" },
      );
      expect(failures.map((f) => f.reason.split(/[: ]/)[0])).toEqual(["useBasicAuth"]);
      const { id, outs } = await push.create({ webhookURL: "https://h.example.com/p", connection });
      // isEnabled and useBasicAuth, left out, are at their defaults: no drift, not read back.
      expect((await push.read(id, outs)).inputs).toEqual({ webhookURL: "https://h.example.com/p" });
      await push.delete(id, outs);
      expect((await push.read(id, outs)).id).toBe("");
    });

    it("Twilio: an update changes the declared fields; drift on them is seen", async () => {
      const twilio = provider("TwilioSmsProvider");
      const args = {
        twilioAccountSID: "AC1",
        twilioSenderPhoneNumber: "+15550000001",
        credentials: { twilioAuthToken: "tok" },
      };
      const { id, outs } = await twilio.create({ ...args, connection });
      await chat.call("updateTwilioProvider", { body: { isEnabled: false } });
      expect((await twilio.read(id, outs)).inputs?.isEnabled).toBe(false);
      await twilio.update(id, { ...outs, isEnabled: false }, { ...args, connection });
      expect((await chat.call("getTwilioProvider")).data.isEnabled).toBe(true);
      await twilio.delete(id, outs);
    });
  });
});
