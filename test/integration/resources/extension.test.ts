// The Extension kind against the emulator, through the generic provider as the engine drives it: check
// names the field and the rule, create/read/update/delete keep to the service's methods per slug, refresh
// sees drift (echoed credentials included), adoption is needed for an extension someone else enabled.
import type { ManagementClient } from "../../../provider/client";
import { type Emulated, useEmulated } from "../../support/emulator";
import { providerOf } from "../../support/provider";

type Props = Record<string, unknown>;
const provider = providerOf("Extension");

describe("Extension", () => {
  let emu: Emulated;
  let mgmt: ManagementClient;
  let appId: string;
  let managementConnection: Props;
  const settingsOf = async (slug: string) =>
    (await mgmt.call("getExtensionSettings", { params: { appId, slug } })).data.body.data?.settings;
  const isActive = async (id: string) =>
    (await mgmt.listAll("listExtensions", { params: { appId } })).find((e) => e.id === id)?.isActive;
  const checked = async (args: Props) => {
    const r = await provider.check({}, { appId, managementConnection, ...args });
    expect(r.failures).toEqual([]);
    return r.inputs;
  };

  const emulated = useEmulated();
  beforeAll(() => {
    emu = emulated();
    ({ mgmt, appId, managementConnection } = emu);
  });

  it("check: settings are validated with the slug's schema, naming settings.<field> or secrets.<field>", async () => {
    const r = await provider.check(
      {},
      {
        appId,
        extension: "report-user",
        settings: { maxReports: 0, useWebhook: true, colour: "red" },
        secrets: { basicAuthPassword: 5 },
      },
    );
    const paths = r.failures.map((f) => f.reason.split(/[: ]/)[0]);
    expect(paths).toEqual(
      expect.arrayContaining(["settings.maxReports", "settings.colour", "secrets.basicAuthPassword"]),
    );
    expect(r.failures.find((f) => f.reason.startsWith("settings.maxReports"))?.reason).toMatch(/at least 1/);
    const rule = await provider.check(
      {},
      { appId, extension: "report-user", settings: { maxReports: 2, useWebhook: true } },
    );
    expect(rule.failures).toEqual([
      {
        property: "",
        reason: "settings.webhookURL: webhookURL is required when useWebhook is true",
      },
    ]);
    expect(r.failures.some((f) => /colour/.test(f.reason))).toBe(true);

    const misplaced = await provider.check(
      {},
      { appId, extension: "gifs-giphy", settings: { giphyApiKey: "k-123" } },
    );
    expect(misplaced.failures.map((f) => f.reason).join()).toMatch(/settings.giphyApiKey is a credential/);
    expect(misplaced.failures.map((f) => f.reason).join()).not.toMatch(/k-123/);
    const none = await provider.check({}, { appId, extension: "polls", settings: { a: 1 } });
    expect(none.failures[0]?.reason).toMatch(/polls has no settings route/);
    const off = await provider.check(
      {},
      { appId, extension: "xss-filter", enabled: false, settings: { dropMessage: true } },
    );
    expect(off.failures[0]?.reason).toMatch(/only for an enabled extension/);
  });

  it("enables with settings, refreshes drift of settings and echoed credentials, updates, disables, deletes", async () => {
    const args = await checked({
      extension: "gifs-giphy",
      secrets: { giphyApiKey: "giphy-key-1" },
    });
    const { id, outs } = await provider.create(args);
    expect(id).toBe(`${appId}/gifs-giphy`);
    expect(await isActive("gifs-giphy")).toBe(true);
    expect(await settingsOf("gifs-giphy")).toMatchObject({ giphyApiKey: "giphy-key-1" });
    const same = await provider.read(id, outs);
    expect((await provider.diff(id, same.props ?? {}, args)).changes).toBe(false);
    expect(same.inputs).not.toHaveProperty("secrets");

    // Out of band: another key. The service echoes it, so refresh sees it, and up puts the declared one back.
    await mgmt.call("updateExtensionSettings", {
      params: { appId, slug: "gifs-giphy" },
      body: { settings: { giphyApiKey: "someone-else" } },
    });
    const drift = await provider.read(id, outs);
    expect(drift.props?.secrets).toEqual({ giphyApiKey: "someone-else" });
    const d = await provider.diff(id, drift.props ?? {}, args);
    expect(d.changes).toBe(true);
    await provider.update(id, drift.props ?? {}, args);
    expect(await settingsOf("gifs-giphy")).toMatchObject({ giphyApiKey: "giphy-key-1" });

    // Disabled out of band: refresh shows it.
    await mgmt.call("toggleExtensions", { params: { appId }, body: { disabled: ["gifs-giphy"] } });
    const disabled = await provider.read(id, outs);
    expect(disabled.props?.enabled).toBe(false);
    await provider.update(id, disabled.props ?? {}, args);
    expect(await isActive("gifs-giphy")).toBe(true);

    // Declared disabled: the settings go first (they cannot be removed once disabled), then the switch.
    const off = await checked({ extension: "gifs-giphy", enabled: false });
    await provider.update(id, outs, off);
    expect(await isActive("gifs-giphy")).toBe(false);
    await mgmt.call("toggleExtensions", { params: { appId }, body: { enabled: ["gifs-giphy"] } });
    await expect(settingsOf("gifs-giphy")).rejects.toThrow(/ERR_EXTENSION_SETTINGS_NOT_FOUND/);

    await provider.update(id, off, args);
    await provider.delete(id, args);
    expect(await isActive("gifs-giphy")).toBe(false);
  });

  it("shows drift of the non-credential settings", async () => {
    const args = await checked({ extension: "xss-filter", settings: { dropMessage: true } });
    const { id, outs } = await provider.create(args);
    const r = await provider.read(id, outs);
    expect(r.inputs?.settings).toEqual({ dropMessage: true });
    await mgmt.call("updateExtensionSettings", {
      params: { appId, slug: "xss-filter" },
      body: { settings: { dropMessage: false } },
    });
    expect((await provider.read(id, outs)).inputs?.settings).toEqual({ dropMessage: false });
    await provider.delete(id, args);
  });

  it("uses PUT for the slugs without POST (data-masking creates with PUT)", async () => {
    const args = await checked({
      extension: "data-masking",
      settings: {
        dropMessage: false,
        defaultRegexData: [{ id: "1", enableFlag: true }],
        customregexData: [],
        deleteCustomRegexData: [],
      },
    });
    const { id } = await provider.create(args);
    expect(await settingsOf("data-masking")).toMatchObject({ dropMessage: false });
    await provider.delete(id, args);
  });

  it("an extension without settings route toggles only; one enabled before is taken over only with adopt", async () => {
    await mgmt.call("toggleExtensions", { params: { appId }, body: { enabled: ["polls"] } });
    const args = await checked({ extension: "polls" });
    await expect(provider.create(args)).rejects.toThrow(/already enabled or configured.*adopt: true/);
    const adopted = await provider.create({ ...args, adopt: true });
    expect(adopted.id).toBe(`${appId}/polls`);
    await provider.delete(adopted.id, args);
    expect(await isActive("polls")).toBe(false);
    const fresh = await provider.create(args);
    expect(await isActive("polls")).toBe(true);
    await provider.delete(fresh.id, args);
  });

  it("adopts an extension configured out of band, putting the declared settings in place", async () => {
    await mgmt.call("toggleExtensions", { params: { appId }, body: { enabled: ["image-moderation"] } });
    await mgmt.call("createExtensionSettings", {
      params: { appId, slug: "image-moderation" },
      body: { settings: { dropMessage: false } },
    });
    const args = await checked({
      extension: "image-moderation",
      settings: { dropMessage: true },
      adopt: true,
    });
    const { id, outs } = await provider.create(args);
    expect(await settingsOf("image-moderation")).toMatchObject({ dropMessage: true });
    expect((await provider.diff(id, (await provider.read(id, outs)).props ?? {}, args)).changes).toBe(false);
    await provider.delete(id, args);
  });
});
