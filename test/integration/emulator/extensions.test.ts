// Extensions (management API): the catalogue says what is enabled, enable/disable is all or nothing, and each
// extension's settings go through the one route, validated by the slug's schema, with the envelope the slug
// answers with (decision 0040).
import { EXTENSION_SLUGS, KNOWN_EXTENSION_IDS } from "../../../provider/contract";
import { unique } from "../../support/emulator";
import { Harness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await Harness.start();
});
afterAll(() => h.close());

const newApp = async () => (await h.ok("createApp", { body: { name: unique("ext") } })).data.id;
const enable = (appId: string, ...ids: string[]) =>
  h.ok("toggleExtensions", { params: { appId }, body: { enabled: ids } });

describe("the catalogue and enabling", () => {
  it("lists every known extension, 25 a page, none enabled in a new app", async () => {
    const appId = await newApp();
    const first = await h.ok("listExtensions", { params: { appId } });
    expect(first.meta.pagination).toMatchObject({
      per_page: 25,
      current_page: 1,
      total: KNOWN_EXTENSION_IDS.length,
    });
    const second = await h.ok("listExtensions", { params: { appId }, query: { page: 2 } });
    const ids = [...first.data, ...second.data].map((e) => e.id);
    expect(ids.sort()).toEqual([...KNOWN_EXTENSION_IDS].sort());
    expect([...first.data, ...second.data].every((e) => e.isActive === false)).toBe(true);
  });

  it("enables and disables in one call; isActive follows", async () => {
    const appId = await newApp();
    const r = await h.ok("toggleExtensions", {
      params: { appId },
      body: { enabled: ["polls", "profanity-filter"], disabled: ["reactions"] },
    });
    expect(Object.keys(r.data.enabled)).toEqual(["polls", "profanity-filter"]);
    expect(r.data.disabled.reactions?.success).toBe(true);
    await h.ok("toggleExtensions", { params: { appId }, body: { disabled: ["polls"] } });
    const all = await h.ok("listExtensions", { params: { appId }, query: { perPage: 100 } });
    const active = all.data.filter((e) => e.isActive).map((e) => e.id);
    expect(active).toEqual(["profanity-filter"]);
  });

  it("an unknown id fails the whole call and changes nothing", async () => {
    const appId = await newApp();
    await h.fails(
      "toggleExtensions",
      { params: { appId }, body: { enabled: ["polls", "no-such-extension"] } },
      404,
      "ERR_EXTENSION_NOT_FOUND",
    );
    const all = await h.ok("listExtensions", { params: { appId }, query: { perPage: 100 } });
    expect(all.data.some((e) => e.isActive)).toBe(false);
  });

  it("refuses an empty call, an id in both lists and a malformed id, by field", async () => {
    const appId = await newApp();
    const empty = await h.fails("toggleExtensions", { params: { appId }, body: {} }, 400, "ERR_BAD_REQUEST");
    expect(empty.details).toEqual({ enabled: ["enabled or disabled must name at least one extension"] });
    const both = await h.fails(
      "toggleExtensions",
      { params: { appId }, body: { enabled: ["polls"], disabled: ["polls"] } },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(both.details).toEqual({ disabled: ["an extension cannot be both enabled and disabled"] });
    const bad = await h.fails(
      "toggleExtensions",
      { params: { appId }, body: { enabled: ["Polls!"] } },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(Object.keys(bad.details ?? {})).toEqual(["enabled.0"]);
  });

  it("perPage is at most 1000; an unknown app is not found", async () => {
    const appId = await newApp();
    await h.fails("listExtensions", { params: { appId }, query: { perPage: 1001 } }, 400, "ERR_BAD_REQUEST");
    await h.fails("listExtensions", { params: { appId: "nope" } }, 404, "ERR_APP_NOT_FOUND");
  });
});

describe("settings", () => {
  it("store, read, update, delete: the settings envelope with the app id on reads", async () => {
    const appId = await newApp();
    await enable(appId, "gifs-giphy");
    const params = { appId, slug: "gifs-giphy" };
    const stored = await h.ok("createExtensionSettings", {
      params,
      body: { settings: { giphyApiKey: "k1" } },
    });
    expect(stored.data).toMatchObject({
      statusCode: 200,
      success: true,
      body: { data: { settings: { giphyApiKey: "k1" } } },
    });
    expect(typeof stored.data.responseTime).toBe("number");
    const read = await h.ok("getExtensionSettings", { params });
    expect(read.data.body.data?.settings).toEqual({ giphyApiKey: "k1", appId });
    await h.ok("updateExtensionSettings", { params, body: { settings: { giphyApiKey: "k2" } } });
    expect((await h.ok("getExtensionSettings", { params })).data.body.data?.settings?.giphyApiKey).toBe("k2");
    // giphy answers a delete inside `settings`
    const del = await h.ok("deleteExtensionSettings", { params });
    expect(del.data.body).toEqual({ data: { settings: { success: true } } });
    await h.fails("getExtensionSettings", { params }, 404, "ERR_EXTENSION_SETTINGS_NOT_FOUND");
  });

  it("a second store is a conflict; update and delete of nothing are not found", async () => {
    const appId = await newApp();
    await enable(appId, "xss-filter");
    const params = { appId, slug: "xss-filter" };
    const body = { settings: { dropMessage: true } };
    await h.fails("updateExtensionSettings", { params, body }, 404, "ERR_EXTENSION_SETTINGS_NOT_FOUND");
    await h.fails("deleteExtensionSettings", { params }, 404, "ERR_EXTENSION_SETTINGS_NOT_FOUND");
    await h.ok("createExtensionSettings", { params, body });
    await h.fails("createExtensionSettings", { params, body }, 400, "ERR_EXTENSION_SETTINGS_ALREADY_EXIST");
  });

  it("an extension must be enabled first; an unknown slug is not found", async () => {
    const appId = await newApp();
    const body = { settings: { dropMessage: true } };
    await h.fails(
      "createExtensionSettings",
      { params: { appId, slug: "xss-filter" }, body },
      400,
      "ERR_EXTENSION_INACTIVE",
    );
    await h.fails(
      "getExtensionSettings",
      { params: { appId, slug: "nope" } },
      404,
      "ERR_EXTENSION_NOT_FOUND",
    );
    // A catalogue entry without settings has no settings route either.
    await enable(appId, "polls");
    await h.fails(
      "getExtensionSettings",
      { params: { appId, slug: "polls" } },
      404,
      "ERR_EXTENSION_NOT_FOUND",
    );
  });

  it("validates with the slug's own schema, naming the field and the rule", async () => {
    const appId = await newApp();
    await enable(appId, "report-user", "sms-notification", "gifs-giphy");
    const missing = await h.fails(
      "createExtensionSettings",
      { params: { appId, slug: "report-user" }, body: { settings: { useWebhook: true } } },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(missing.details).toMatchObject({
      "settings.maxReports": ["The settings.maxReports field is required."],
    });
    const rule = await h.fails(
      "createExtensionSettings",
      { params: { appId, slug: "report-user" }, body: { settings: { maxReports: 3, useWebhook: true } } },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(rule.details).toEqual({
      "settings.webhookURL": ["webhookURL is required when useWebhook is true"],
    });
    const unknown = await h.fails(
      "createExtensionSettings",
      { params: { appId, slug: "gifs-giphy" }, body: { settings: { giphyApiKey: "k", dropMessage: true } } },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(unknown.details).toEqual({ "settings.dropMessage": ["The dropMessage field is not allowed."] });
    const unwrapped = await h.fails(
      "createExtensionSettings",
      { params: { appId, slug: "gifs-giphy" }, body: { giphyApiKey: "k" } },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(Object.keys(unwrapped.details ?? {}).sort()).toEqual(["giphyApiKey", "settings"]);
    const url = await h.fails(
      "createExtensionSettings",
      {
        params: { appId, slug: "sms-notification" },
        body: {
          settings: {
            fromMobileNo: "+1555",
            messageDelay: 60,
            twilioAccountSid: "AC",
            twilioAuthToken: "t",
            websiteURL: "http://plain.example.com",
          },
        },
      },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(url.details).toEqual({ "settings.websiteURL": ["websiteURL must use https"] });
  });

  it("sms-notification answers writes and deletes with a bare success; profanity-filter with body.data.success", async () => {
    const appId = await newApp();
    await enable(appId, "sms-notification", "profanity-filter");
    const sms = { appId, slug: "sms-notification" };
    const w = await h.ok("createExtensionSettings", {
      params: sms,
      body: {
        settings: {
          fromMobileNo: "+15550001111",
          messageDelay: 60,
          twilioAccountSid: "AC1",
          twilioAuthToken: "secret-token",
          websiteURL: "https://app.example.com",
        },
      },
    });
    expect(w.data.body).toEqual({ success: true });
    expect((await h.ok("deleteExtensionSettings", { params: sms })).data.body).toEqual({ success: true });
    const pf = { appId, slug: "profanity-filter" };
    const p = await h.ok("createExtensionSettings", {
      params: pf,
      body: { settings: { dropMessage: false, badwords: ["x"] } },
    });
    expect(p.data.body).toEqual({ data: { success: true } });
    expect((await h.ok("getExtensionSettings", { params: pf })).data.body.data?.settings).toEqual({
      dropMessage: false,
      badwords: ["x"],
      appId,
    });
  });

  it("stickers: no POST, fields not wrapped in settings", async () => {
    const appId = await newApp();
    await enable(appId, "stickers");
    const params = { appId, slug: "stickers" };
    await h.fails(
      "createExtensionSettings",
      { params, body: { customStickersData: [] } },
      404,
      "ERR_API_NOT_FOUND",
    );
    await h.fails(
      "updateExtensionSettings",
      { params, body: { customStickersData: [] } },
      404,
      "ERR_EXTENSION_SETTINGS_NOT_FOUND",
    );
    const wrapped = await h.fails(
      "updateExtensionSettings",
      { params, body: { settings: {} } },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(wrapped.details).toEqual({ settings: ["The settings field is not allowed."] });
  });

  it("data-masking: PUT stores even the first time; ids to delete drop custom patterns", async () => {
    const appId = await newApp();
    await enable(appId, "data-masking");
    const params = { appId, slug: "data-masking" };
    const settings = {
      dropMessage: false,
      defaultRegexData: [{ id: "1", enableFlag: true }],
      customregexData: [
        { id: "order", name: "Order numbers", regex: "ORD-[0-9]+" },
        { id: "card", name: "Cards", regex: "[0-9]{16}" },
      ],
      deleteCustomRegexData: ["card"],
    };
    await h.fails("createExtensionSettings", { params, body: { settings } }, 404, "ERR_API_NOT_FOUND");
    const put = await h.ok("updateExtensionSettings", { params, body: { settings } });
    expect(put.data.body).toEqual({ data: { success: true } });
    const read = await h.ok("getExtensionSettings", { params });
    expect(read.data.body.data?.settings).toEqual({
      dropMessage: false,
      defaultRegexData: [{ id: "1", enableFlag: true }],
      customregexData: [{ id: "order", name: "Order numbers", regex: "ORD-[0-9]+" }],
      appId,
    });
    const bad = await h.fails(
      "updateExtensionSettings",
      { params, body: { settings: { ...settings, customregexData: [{ name: "x", regex: "([" }] } } },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(bad.details).toEqual({
      "settings.customregexData.0.regex": ["regex must be a valid regular expression"],
    });
  });

  it("intercom adds a reply webhook the caller cannot set, kept across updates", async () => {
    const appId = await newApp();
    await enable(appId, "intercom");
    const params = { appId, slug: "intercom" };
    const settings = { intercomAccessToken: "tok", customerSupportUid: "support" };
    const made = await h.ok("createExtensionSettings", { params, body: { settings } });
    const hook = made.data.body.data?.settings?.webhookURL;
    expect(String(hook)).toMatch(/^https:\/\/.*token=/);
    await h.ok("updateExtensionSettings", {
      params,
      body: { settings: { ...settings, customerSupportUid: "other" } },
    });
    const read = await h.ok("getExtensionSettings", { params });
    expect(read.data.body.data?.settings?.webhookURL).toBe(hook);
    await h.fails(
      "updateExtensionSettings",
      { params, body: { settings: { ...settings, webhookURL: "https://mine.example.com" } } },
      400,
      "ERR_BAD_REQUEST",
    );
  });

  it("push-notification: the spec's defaults are filled in and stored", async () => {
    const appId = await newApp();
    await enable(appId, "push-notification");
    const params = { appId, slug: "push-notification" };
    await h.ok("createExtensionSettings", { params, body: { settings: { version: 2, pushProvider: 1 } } });
    const s = (await h.ok("getExtensionSettings", { params })).data.body.data?.settings;
    expect(s).toMatchObject({
      version: 2,
      pushProvider: 1,
      useP8: true,
      sendNewMessageNotification: true,
      sendEditMessageNotification: false,
    });
    const e = await h.fails(
      "updateExtensionSettings",
      { params, body: { settings: { version: 3, pushProvider: 1 } } },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(e.details).toEqual({
      "settings.version": ["version must be 2 (token-based), 0 (topic and token) or 1 (topic)"],
    });
  });

  it("disabling keeps the settings; the settings answer again once re-enabled", async () => {
    const appId = await newApp();
    await enable(appId, "xss-filter");
    const params = { appId, slug: "xss-filter" };
    await h.ok("createExtensionSettings", { params, body: { settings: { dropMessage: true } } });
    await h.ok("toggleExtensions", { params: { appId }, body: { disabled: ["xss-filter"] } });
    await h.fails("getExtensionSettings", { params }, 400, "ERR_EXTENSION_INACTIVE");
    await enable(appId, "xss-filter");
    expect((await h.ok("getExtensionSettings", { params })).data.body.data?.settings?.dropMessage).toBe(true);
  });

  it("every slug of the table has a settings route (26)", () => {
    expect(EXTENSION_SLUGS).toHaveLength(26);
  });
});
