// Requests are validated against the route table before anything is sent. The endpoint is a closed loopback
// port: a request that got through validation would fail with a ConnectionError instead.
import { inspect } from "node:util";
import {
  ChatClient,
  ConfigurationError,
  ConnectionError,
  ManagementClient,
  RequestValidationError,
  resetBudgets,
  ValidationError,
} from "../../../provider/client";

const apiKey = "0a1b2c3d4e5f0a1b2c3d4e5f0a1b2c3d4e5f0a1b";
const closed = "http://127.0.0.1:9/chat/{appId}/{region}/v3";
const chat = () =>
  new ChatClient({ appId: "app1", apiKey, endpoint: closed }, { retry: { retries: 0 }, timeoutMs: 2000 });

async function failure(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error("expected a failure");
}

afterEach(() => resetBudgets());

describe("request validation", () => {
  it("refuses a body that breaks the route's schema, naming the fields, and sends nothing", async () => {
    const e = (await failure(
      chat().call("createUser", { body: { uid: "a b", name: "" } }),
    )) as RequestValidationError;
    expect(e).toBeInstanceOf(RequestValidationError);
    expect(ValidationError.isInstance(e)).toBe(true);
    expect(e.code).toBe("ERR_CLIENT_VALIDATION");
    expect(e.attempts).toBe(0);
    expect(Object.keys(e.details ?? {})).toEqual(expect.arrayContaining(["uid", "name"]));
    expect(e.message).toMatch(/^createUser: invalid body: .*at uid/);
  });

  it("refuses unknown body fields (request bodies are strict)", async () => {
    const e = await failure(
      chat().call("updateUser", { params: { uid: "u1" }, body: { nmae: "x" } as never }),
    );
    expect(e).toBeInstanceOf(RequestValidationError);
  });

  it("refuses a missing or empty path parameter", async () => {
    expect(await failure(chat().call("getUser", { params: { uid: "" } }))).toBeInstanceOf(
      RequestValidationError,
    );
    expect(await failure(chat().call("getUser", { params: {} as { uid: string } }))).toBeInstanceOf(
      RequestValidationError,
    );
  });

  it("requires onBehalfOf where the route does", async () => {
    const e = await failure(chat().call("removeReaction", { params: { id: "1", reaction: "👍" } } as never));
    expect(e).toBeInstanceOf(RequestValidationError);
    expect((e as Error).message).toMatch(/requires onBehalfOf/);
  });

  it("takes webhookVersion on the webhook routes only, and only 1 or 2", async () => {
    const mgmt = new ManagementClient(
      { key: "k", secret: "s".repeat(8), endpoint: "http://127.0.0.1:9/mgmt" },
      { retry: { retries: 0 }, timeoutMs: 2000 },
    );
    const params = { appId: "a", webhookId: "w" };
    expect(((await failure(mgmt.call("listApps", { webhookVersion: 2 } as never))) as Error).message).toMatch(
      /webhookVersion is a header of the webhook routes only/,
    );
    expect(
      ((await failure(mgmt.call("getWebhook", { params, webhookVersion: 3 } as never))) as Error).message,
    ).toMatch(/webhookVersion must be 1 or 2/);
    // A valid one gets through validation (and then finds the port closed).
    expect(await failure(mgmt.call("getWebhook", { params, webhookVersion: 2 }))).toBeInstanceOf(
      ConnectionError,
    );
  });

  it("refuses a query that breaks the route's schema", async () => {
    const e = await failure(chat().call("listUsers", { query: { perPage: 5000 } }));
    expect(e).toBeInstanceOf(RequestValidationError);
    expect((e as Error).message).toMatch(/perPage must be at most 1000 at perPage/);
  });

  it("refuses a route of the other API", async () => {
    expect(await failure(chat().call("listApps" as never, {} as never))).toBeInstanceOf(
      RequestValidationError,
    );
  });

  it("sends a valid request (which then fails to connect, and says so without credentials)", async () => {
    const e = (await failure(chat().call("getApiKey", { params: { apiKey } }))) as ConnectionError;
    expect(e).toBeInstanceOf(ConnectionError);
    expect(e.code).toBe("ECONNREFUSED");
    expect(e.request?.path).toBe("/apikeys/[REDACTED]");
    for (const out of [e.message, JSON.stringify(e), inspect(e)]) expect(out).not.toContain(apiKey);
  });
});

describe("client construction", () => {
  it("refuses plain http to a remote endpoint and empty credentials, naming the field", () => {
    expect(() => new ChatClient({ appId: "a", apiKey, endpoint: "http://chat.example.com/{appId}" })).toThrow(
      /^endpoint: must use https/,
    );
    expect(() => new ChatClient({ appId: "a", apiKey: "" })).toThrow(ConfigurationError);
    expect(() => new ManagementClient({ key: "k", secret: "" })).toThrow(/^secret: /);
    expect(() => new ChatClient({ appId: "a", apiKey }, { timeoutMs: 0 })).toThrow(/^timeoutMs: /);
    expect(() => new ChatClient({ appId: "a", apiKey }, { budget: { concurrency: -1 } })).toThrow(
      /^budget: /,
    );
  });

  it("uses the vendor's addresses by default", () => {
    expect(new ChatClient({ appId: "app1", region: "eu", apiKey }).baseUrl).toBe(
      "https://app1.api-eu.cometchat.io/v3",
    );
    expect(new ManagementClient({ key: "kkkk", secret: "ssss" }).baseUrl).toBe(
      "https://apimgmt.cometchat.io",
    );
  });

  it("keeps credentials out of the client's JSON and inspect output", () => {
    const c = chat();
    const m = new ManagementClient({ key: "management-key", secret: "management-secret" });
    for (const out of [
      JSON.stringify(c),
      inspect(c, { showHidden: true, depth: 10 }),
      JSON.stringify(m),
      inspect(m),
    ]) {
      expect(out).not.toContain(apiKey);
      expect(out).not.toContain("management-key");
      expect(out).not.toContain("management-secret");
    }
  });
});
