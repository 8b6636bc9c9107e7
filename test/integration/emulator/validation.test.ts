// Validation: ids, lengths, required fields, enums and body size answer 400 ERR_BAD_REQUEST with per-field
// details; malformed JSON gets the same envelope; and no input yields a 500 on any route.
import { ErrorBody, LIMITS, type RouteName, routes } from "../../../provider/contract";
import { unique } from "../../support/emulator";
import { expectError, fetchRes, Harness, rawRequest } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await Harness.start();
});
afterAll(() => h.close());

describe("per-field details", () => {
  it("names each missing field the way the service does", async () => {
    const e = await h.fails("createUser", { body: {} }, 400, "ERR_BAD_REQUEST");
    expect(e.message).toBe("Failed to validate the data sent with the request.");
    expect(e.details).toEqual({ uid: ["The uid field is required."], name: ["The name field is required."] });
  });

  it("ids: alpha-dash only, at most 100 characters, lowercased", async () => {
    const bad = await h.fails("createUser", { body: { uid: "a b!", name: "x" } }, 400, "ERR_BAD_REQUEST");
    expect(bad.details).toEqual({ uid: ["uid may contain only letters, digits, '-' and '_'"] });
    const long = await h.fails(
      "createUser",
      { body: { uid: "a".repeat(101), name: "x" } },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(long.details).toEqual({ uid: ["uid must be at most 100 characters"] });
    const ok = await h.ok("createUser", { body: { uid: `A${"b".repeat(99)}`, name: "x" } });
    expect(ok.data.uid).toBe(`a${"b".repeat(99)}`);
    await h.fails(
      "createGroup",
      { body: { guid: "g/1", type: "public", name: "x" } },
      400,
      "ERR_BAD_REQUEST",
    );
    await h.fails("createRole", { body: { role: "r".repeat(101), name: "x" } }, 400, "ERR_BAD_REQUEST");
  });

  it("lengths and counts: name 100, URL 3000, description 255, 25 tags of 100, metadata 5 KB", async () => {
    const uid = unique("len");
    const e = await h.fails(
      "createUser",
      {
        body: {
          uid,
          name: "n".repeat(101),
          avatar: `https://x.test/${"a".repeat(3000)}`,
          tags: Array.from({ length: 26 }, (_, i) => `t${i}`),
        },
      },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(e.details).toEqual({
      name: ["name must be at most 100 characters"],
      avatar: ["avatar must be at most 3000 characters"],
      tags: ["at most 25 tags"],
    });
    const tag = await h.fails(
      "createUser",
      { body: { uid, name: "n", tags: ["t".repeat(101)] } },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(tag.details).toEqual({ "tags.0": ["a tag must be at most 100 characters"] });
    const meta = await h.fails(
      "createUser",
      { body: { uid, name: "n", metadata: { blob: "x".repeat(LIMITS.metadataBytes) } } },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(meta.details).toEqual({
      metadata: [`metadata must be at most ${LIMITS.metadataBytes} bytes as JSON`],
    });
    const desc = await h.fails(
      "createGroup",
      { body: { guid: unique("g"), type: "public", name: "g", description: "d".repeat(256) } },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(Object.keys(desc.details ?? {})).toEqual(["description"]);
    await h.ok("createUser", {
      body: { uid, name: "n".repeat(100), tags: Array.from({ length: 25 }, (_, i) => `t${i}`) },
    });
  });

  it("enums and types", async () => {
    const e = await h.fails("createApiKey", { body: { name: 5, scope: "admin" } }, 400, "ERR_BAD_REQUEST");
    expect(Object.keys(e.details ?? {}).sort()).toEqual(["name", "scope"]);
    await h.fails(
      "createUser",
      { body: { uid: "x", name: "x", withAuthToken: "yes" } },
      400,
      "ERR_BAD_REQUEST",
    );
  });

  it("unknown fields are refused, by name", async () => {
    const e = await h.fails(
      "createUser",
      { body: { uid: unique("u"), name: "x", email: "a@b.c" } },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(e.details).toEqual({ email: ["The email field is not allowed."] });
  });

  it("query parameters are validated too", async () => {
    const e = await h.fails("listUsers", { query: { perPage: "many" } }, 400, "ERR_BAD_REQUEST");
    expect(Object.keys(e.details ?? {})).toEqual(["perPage"]);
  });
});

describe("bodies", () => {
  const post = (body: string, contentType = "application/json") =>
    fetchRes(h.url("createUser"), {
      method: "POST",
      headers: { apikey: h.app.apiKey, "content-type": contentType },
      body,
    });

  it("malformed JSON → 400 ERR_BAD_REQUEST in the same envelope", async () => {
    const e = expectError(await post('{"uid": "x", '), 400, "ERR_BAD_REQUEST");
    expect(e.details).toEqual({ body: ["The request body is not valid JSON."] });
  });

  it("a body over 10 KB → 400 ERR_BAD_REQUEST", async () => {
    const big = JSON.stringify({
      uid: unique("big"),
      name: "x",
      statusMessage: "s".repeat(LIMITS.bodyBytes),
    });
    const e = expectError(await post(big), 400, "ERR_BAD_REQUEST");
    expect(e.details).toEqual({ body: [`The request body must be at most ${LIMITS.bodyBytes} bytes.`] });
  });

  it("a body that is not JSON → 400 ERR_BAD_REQUEST", async () => {
    expectError(await post("uid=x&name=y", "application/x-www-form-urlencoded"), 400, "ERR_BAD_REQUEST");
    expectError(await post("hello", "text/plain"), 400, "ERR_BAD_REQUEST");
  });

  it("a JSON body that is not an object → 400 ERR_BAD_REQUEST", async () => {
    for (const body of ["null", "[]", '"uid"', "42"]) expectError(await post(body), 400, "ERR_BAD_REQUEST");
  });

  it("an empty body where one is required → 400; where it is optional → accepted", async () => {
    expectError(await post(""), 400, "ERR_BAD_REQUEST");
    const uid = unique("empty");
    await h.ok("createUser", { body: { uid, name: "x" } });
    const r = await fetchRes(h.url("deleteUser", { params: { uid } }), {
      method: "DELETE",
      headers: { apikey: h.app.apiKey, "content-type": "application/json" },
    });
    expect(r.status).toBe(200);
  });

  it("__proto__ keys do not reach the objects", async () => {
    const uid = unique("proto");
    const r = await post(`{"uid":"${uid}","name":"x","metadata":{"__proto__":{"polluted":true},"a":1}}`);
    expect(r.status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await h.ok("getUser", { params: { uid } })).data.metadata).toEqual({ a: 1 });
  });
});

describe("robustness: no input yields a 5xx on any route", () => {
  const junkBodies: (string | undefined)[] = [
    undefined,
    "",
    "null",
    "[]",
    '"x"',
    "{}",
    '{"a":',
    JSON.stringify({
      uid: 1,
      name: [],
      guid: {},
      role: null,
      scope: 7,
      data: "x",
      permissions: [1],
      settings: 3,
    }),
    JSON.stringify({
      uid: "ok-uid",
      name: "n",
      guid: "ok-guid",
      role: "ok-role",
      id: "ok",
      webhookURL: "https://x.example.com",
      triggerIds: ["message_sent"],
      featuresToRestrict: ["u.a"],
      permissions: { a: "allow" },
      settings: { a: true },
      receiver: "nobody",
      receiverType: "user",
      data: { text: "t" },
      scope: "admin",
      platform: "p",
      userAgent: "u",
      appInfo: {},
      uidsToActivate: ["x"],
      uidsToDeactivate: ["x"],
      participants: ["x"],
    }),
    JSON.stringify({ members: { admins: [1] }, unset: ["everything"], tags: [null], metadata: [] }),
    "\u0000\u0001",
    `{"deep":${"[".repeat(500)}${"]".repeat(500)}}`,
  ];
  const junkParams = [
    "x",
    "UPPER",
    "%F0%9F%91%8D",
    "..",
    "%2F..%2F",
    "a".repeat(300),
    "%00",
    "__proto__",
    "constructor",
    "999999999999999999999",
  ];
  const junkQueries = [
    "",
    "?perPage=abc",
    "?perPage=1&perPage=2",
    "?page=-1",
    "?perPage=1e400",
    "?limit=%00",
    "?searchKey=%FF",
    "?scopes[]=admin&scopes[]=nope",
    "?withTags=maybe",
    "?__proto__[x]=1",
  ];

  it("holds for junk bodies, path parameters, queries and onBehalfOf values", async () => {
    const statuses = new Map<number, number>();
    const seen: string[] = [];
    for (const name of Object.keys(routes) as RouteName[]) {
      const spec = routes[name];
      for (let i = 0; i < junkBodies.length; i++) {
        const param = junkParams[i % junkParams.length] as string;
        const query = junkQueries[i % junkQueries.length] as string;
        const path = spec.path.replace(/:[A-Za-z]+/g, param);
        const base = spec.api === "chat" ? h.emu.chatUrl(h.app.appId) : h.emu.managementUrl;
        const headers: Record<string, string> =
          spec.api === "chat"
            ? { apikey: h.app.apiKey, ...(i % 3 === 0 ? { onBehalfOf: param } : {}) }
            : { key: h.emu.credentials.managementKey, secret: h.emu.credentials.managementSecret };
        const body = junkBodies[i];
        if (body !== undefined) headers["content-type"] = "application/json";
        const res = await rawRequest(`${base}${path}${query}`, { method: spec.method, headers, body }).catch(
          (e: unknown) => ({ status: 599, json: undefined, text: String(e) }),
        );
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status >= 500 || (res.status !== 200 && !ErrorBody.safeParse(res.json).success)) {
          seen.push(
            `${spec.method} ${path}${query} body=${String(body).slice(0, 40)} → ${res.status} ${res.text.slice(0, 200)}`,
          );
        }
      }
    }
    expect(seen).toEqual([]);
    // The junk is not all refused the same way: real checks ran.
    expect(statuses.size).toBeGreaterThan(2);
    // And the emulator still works.
    await h.ok("listUsers");
  });
});
