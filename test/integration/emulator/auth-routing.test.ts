// Credentials and routing: app keys and scopes, management key/secret, the admin token, the host form
// `<appId>.api-<region>.<host>` and the path form, regions, unknown routes.
import { type RouteName, routes } from "../../../provider/contract";
import { at, expectError, fetchRes, Harness, viaHost } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await Harness.start();
  await h.ok("createUser", { body: { uid: "known", name: "Known" } });
});
afterAll(() => h.close());

const chatRoutes = (Object.keys(routes) as RouteName[]).filter((n) => routes[n].api === "chat");
const managementRoutes = (Object.keys(routes) as RouteName[]).filter((n) => routes[n].api === "management");
/** Plausible path parameters: the scope check comes before any lookup. */
const params = {
  uid: "known",
  guid: "g",
  role: "default",
  apiKey: "k",
  authToken: "t",
  id: "1",
  reaction: "x",
  permission: "p",
  appId: "a",
  webhookId: "w",
  slug: "xss-filter",
  providerId: "p",
  ruleId: "r",
  keywordId: "k",
  scope: "admin",
  uniqueId: "u",
  variableId: "v",
  sourceType: "text",
  channelType: "in_app",
};

describe("chat API keys", () => {
  it("a missing apikey → 401 AUTH_ERR_EMPTY_APIKEY on every chat route", async () => {
    for (const name of chatRoutes) await h.fails(name, { params, key: null }, 401, "AUTH_ERR_EMPTY_APIKEY");
  });

  it("an unknown key → 401 AUTH_ERR_APIKEY_NOT_FOUND", async () => {
    await h.fails("listUsers", { key: "totally-invalid-key" }, 401, "AUTH_ERR_APIKEY_NOT_FOUND");
  });

  it("another app's key is unknown here", async () => {
    const other = await h.ok("createApp", { body: { name: "Other" } });
    const otherKey = Object.values(other.data.apiKeys ?? {}).find((k) => k.scope === "fullAccess")
      ?.apiKey as string;
    await h.fails("listUsers", { key: otherKey }, 401, "AUTH_ERR_APIKEY_NOT_FOUND");
    await h.ok("listUsers", { key: otherKey, app: { appId: other.data.id, region: "us" } });
  });

  it("the authOnly key may only create users and auth tokens: 403 AUTH_ERR_NO_ACCESS on every other route", async () => {
    const allowed: RouteName[] = [];
    for (const name of chatRoutes) {
      const res = await h.call(name, { params, key: h.app.authKey, onBehalfOf: "known" });
      if (res.status === 403) expectError(res, 403, "AUTH_ERR_NO_ACCESS");
      else allowed.push(name);
    }
    expect(allowed.sort()).toEqual(["createAuthToken", "createUser"]);
    const e = await h.fails("listUsers", { key: h.app.authKey }, 403, "AUTH_ERR_NO_ACCESS");
    expect(e.message).toContain(h.app.authKey);
  });

  it("management credentials do not open the chat API", async () => {
    const res = await fetchRes(h.url("listUsers"), {
      headers: { key: h.emu.credentials.managementKey, secret: h.emu.credentials.managementSecret },
    });
    expectError(res, 401, "AUTH_ERR_EMPTY_APIKEY");
  });

  it("the header name is case-insensitive", async () => {
    const res = await fetchRes(h.url("listUsers"), { headers: { APIKEY: h.app.apiKey } });
    expect(res.status).toBe(200);
  });
});

describe("management credentials", () => {
  it("an app key is not routed by the management API: 404 (as seen live)", async () => {
    for (const name of managementRoutes) {
      const res = await h.call(name, { params, mgmt: null, headers: { apikey: h.app.apiKey } });
      expectError(res, 404, "ERR_API_NOT_FOUND");
    }
  });

  it("half a pair → 401 AUTH_ERR_EMPTY_AUTH_HEADER; a wrong pair → 401 AUTH_ERR_APIKEY_NOT_FOUND", async () => {
    await h.fails(
      "listApps",
      { mgmt: null, headers: { key: h.emu.credentials.managementKey } },
      401,
      "AUTH_ERR_EMPTY_AUTH_HEADER",
    );
    await h.fails("listApps", { mgmt: { secret: "wrong" } }, 401, "AUTH_ERR_APIKEY_NOT_FOUND");
  });

  it("custom credentials from the options", async () => {
    const custom = await Harness.start({ managementKey: "mk", managementSecret: "ms", adminToken: "at" });
    try {
      expect(custom.emu.credentials).toMatchObject({
        managementKey: "mk",
        managementSecret: "ms",
        adminToken: "at",
      });
      await custom.ok("listApps");
      expect((await custom.admin("GET", "/requests", undefined, "at")).status).toBe(200);
    } finally {
      await custom.close();
    }
  });
});

describe("admin endpoint", () => {
  it("answers only to the admin token, not to chat or management credentials", async () => {
    expectError(await h.admin("GET", "/state", undefined, null), 401, "AUTH_ERR_EMPTY_AUTH_HEADER");
    expectError(await h.admin("GET", "/state", undefined, "wrong"), 401, "AUTH_ERR_EMPTY_AUTH_HEADER");
    const withKeys = await fetchRes(`${h.emu.url}/__admin/faults`, {
      method: "PUT",
      headers: {
        apikey: h.app.apiKey,
        key: h.emu.credentials.managementKey,
        secret: h.emu.credentials.managementSecret,
        "content-type": "application/json",
      },
      body: JSON.stringify([{ kind: "error" }]),
    });
    expectError(withKeys, 401, "AUTH_ERR_EMPTY_AUTH_HEADER");
    await h.ok("listUsers");
    // Nor is it reachable through the chat or management bases.
    const viaChat = await fetchRes(`${h.emu.chatUrl(h.app.appId)}/__admin/state`, {
      headers: { apikey: h.app.apiKey },
    });
    expectError(viaChat, 404, "ERR_API_NOT_FOUND");
    expect((await h.admin("GET", "/state")).status).toBe(200);
  });

  it("has an unauthenticated health probe", async () => {
    const r = await fetchRes(`${h.emu.url}/__admin/health`, {});
    expect(r.status).toBe(200);
    expect(at(r.json, "data", "status")).toBe("ok");
  });
});

describe("routing", () => {
  it("the real host shape <appId>.api-<region>.<host> reaches the app's chat API at /v3", async () => {
    const r = await viaHost(
      `${h.emu.url}/v3/users/known`,
      `${h.app.appId}.api-${h.app.region}.cometchat.io`,
      {
        headers: { apikey: h.app.apiKey },
      },
    );
    expect(r.status).toBe(200);
    expect(at(r.json, "data", "uid")).toBe("known");
  });

  it("a region other than the app's is refused (401 AUTH_ERR_INVALID_APPID), in both forms", async () => {
    const host = await viaHost(`${h.emu.url}/v3/users`, `${h.app.appId}.api-eu.localhost`, {
      headers: { apikey: h.app.apiKey },
    });
    expectError(host, 401, "AUTH_ERR_INVALID_APPID");
    await h.fails("listUsers", { app: { appId: h.app.appId, region: "eu" } }, 401, "AUTH_ERR_INVALID_APPID");
    await h.fails(
      "listUsers",
      { app: { appId: "0123456789abcdef", region: "us" } },
      401,
      "AUTH_ERR_INVALID_APPID",
    );
  });

  it("apimgmt.<host> reaches the management API", async () => {
    const r = await viaHost(`${h.emu.url}/apps`, "apimgmt.cometchat.io", {
      headers: { key: h.emu.credentials.managementKey, secret: h.emu.credentials.managementSecret },
    });
    expect(r.status).toBe(200);
    expect(at(r.json, "meta", "pagination", "per_page")).toBe(25);
  });

  it("POST with a body through the host form", async () => {
    const r = await viaHost(`${h.emu.url}/v3/users`, `${h.app.appId}.api-us.localhost`, {
      method: "POST",
      headers: { apikey: h.app.apiKey, "content-type": "application/json" },
      body: JSON.stringify({ uid: "via-host", name: "Via host" }),
    });
    expect(r.status).toBe(200);
    expect((await h.ok("getUser", { params: { uid: "via-host" } })).data.name).toBe("Via host");
  });

  it("an unknown path or a wrong method → 404 ERR_API_NOT_FOUND in the service's envelope", async () => {
    const base = h.emu.chatUrl(h.app.appId);
    const headers = { apikey: h.app.apiKey };
    expectError(await fetchRes(`${base}/nothing-here`, { headers }), 404, "ERR_API_NOT_FOUND");
    expectError(await fetchRes(`${base}/users`, { method: "PATCH", headers }), 404, "ERR_API_NOT_FOUND");
    expectError(
      await fetchRes(`${h.emu.url}/chat/${h.app.appId}/us/v2/users`, { headers }),
      404,
      "ERR_API_NOT_FOUND",
    );
    expectError(await fetchRes(`${h.emu.url}/`, {}), 404, "ERR_API_NOT_FOUND");
    const viaHostUnknown = await viaHost(`${h.emu.url}/v3/unknown`, `${h.app.appId}.api-us.localhost`, {
      headers,
    });
    expectError(viaHostUnknown, 404, "ERR_API_NOT_FOUND");
  });
});
