// App configuration (extensions, notifications, moderation, group-scope permissions) is state like the rest:
// kept in the state file across a restart, shown by dump, emptied by reset; and a state file written before
// it existed still loads, with what a new app has.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulated } from "../../support/emulator";
import { at, Harness } from "./harness";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "chat-emulator-config-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** One of everything, on the bootstrap app. */
async function configure(h: Harness) {
  const appId = h.app.appId;
  await h.ok("toggleExtensions", { params: { appId }, body: { enabled: ["xss-filter"] } });
  await h.ok("createExtensionSettings", {
    params: { appId, slug: "xss-filter" },
    body: { settings: { dropMessage: true } },
  });
  await h.ok("updateNotificationSettings", { body: { sound: { chat: "ping" } } });
  await h.ok("addFcmProvider", {
    body: {
      providerId: "android",
      serviceAccountCreds: {
        project_id: "p",
        client_email: "a@p.example.com",
        private_key: "k",
        private_key_id: "i",
      },
    },
  });
  await h.ok("createTwilioProvider", {
    body: { twilioAccountSID: "AC", twilioAuthToken: "t", twilioSenderPhoneNumber: "+15550000000" },
  });
  await h.ok("createKeywordList", { body: { id: "words", category: "word", searchTerms: "a,b" } });
  await h.ok("createRule", {
    body: {
      id: "kept",
      name: "Kept",
      action: ["blockMessage"],
      conditions: [{ operand: "text", isKeywordReferencePresent: true, value: ["words"] }],
    },
  });
  await h.ok("createGroup", { body: { guid: "scoped", name: "Scoped", type: "public" } });
  await h.ok("setScopePermissions", {
    params: { guid: "scoped", scope: "moderator" },
    body: { permissions: { editMessage: "deny" } },
  });
}

/** What configure made, read back. */
async function readBack(h: Harness) {
  const appId = h.app.appId;
  const perms = await h.ok("getScopePermissions", { params: { guid: "scoped", scope: "moderator" } });
  return {
    xss: (await h.ok("getExtensionSettings", { params: { appId, slug: "xss-filter" } })).data.body.data
      ?.settings,
    sound: (await h.ok("getNotificationSettings")).data.sound,
    fcm: (await h.ok("listFcmProviders")).data.pushProviders.map((p) => p.providerId),
    twilio: (await h.ok("getTwilioProvider")).data.twilioAccountSID,
    rule: (await h.ok("getRule", { params: { ruleId: "kept" } })).data.conditions,
    words: (await h.ok("getKeywordList", { params: { keywordId: "words" } })).data.searchTerms,
    editMessage: perms.data.find((p) => p.id === "editMessage")?.value,
  };
}

describe("app configuration state", () => {
  it("survives a restart with a state file", async () => {
    const stateFile = join(dir, "config.json");
    const first = new Harness(await startEmulated({ stateFile }));
    await configure(first);
    const before = await readBack(first);
    await first.close();
    const second = new Harness(await startEmulated({ stateFile }));
    try {
      expect(await readBack(second)).toEqual(before);
      expect(before).toMatchObject({
        sound: { chat: "ping" },
        fcm: ["android"],
        twilio: "AC",
        words: ["a", "b"],
        editMessage: "deny",
      });
    } finally {
      await second.close();
    }
  });

  it("is in the dump, and reset empties it", async () => {
    const h = await Harness.start();
    try {
      await configure(h);
      const dump = h.emu.admin.dump();
      const app = at(dump, "apps", h.app.appId);
      expect(at(app, "extensions", "xss-filter", "settings")).toEqual({ dropMessage: true });
      expect(at(app, "notifications", "fcm", "android", "providerId")).toBe("android");
      expect(at(app, "rules", "kept", "name")).toBe("Kept");
      expect(at(app, "groups", "scoped", "scopePermissions", "moderator")).toEqual({ editMessage: "deny" });
      await h.admin("POST", "/reset");
      await h.fails("getRule", { params: { ruleId: "kept" } }, 404, "ERR_RULE_NOT_FOUND");
      await h.fails("getTwilioProvider", {}, 404, "ERR_PROVIDER_NOT_FOUND");
      expect((await h.ok("listFcmProviders")).data.pushProviders).toEqual([]);
      // The built-in rules come back with the app.
      await h.ok("getRule", { params: { ruleId: "email_filter" } });
    } finally {
      await h.close();
    }
  });

  it("loads a state file written before apps had this configuration", async () => {
    const stateFile = join(dir, "old.json");
    const first = new Harness(await startEmulated({ stateFile }));
    await first.ok("createGroup", { body: { guid: "old", name: "Old", type: "public" } });
    await first.close();
    // Take out what older versions did not write.
    const saved = JSON.parse(readFileSync(stateFile, "utf8"));
    for (const [, app] of saved.state.apps.$map) {
      delete app.extensions;
      delete app.notifications;
      delete app.rules;
      delete app.keywordLists;
    }
    writeFileSync(stateFile, JSON.stringify(saved));
    const second = new Harness(await startEmulated({ stateFile }));
    try {
      await second.ok("getRule", { params: { ruleId: "text-profanity-filter" } });
      await second.ok("getNotificationSettings");
      await second.ok("setScopePermissions", {
        params: { guid: "old", scope: "admin" },
        body: { permissions: { sendMessage: "allow" } },
      });
      await configure(second);
    } finally {
      await second.close();
    }
  });
});
