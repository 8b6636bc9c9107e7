// Every error class of the client, each produced by a real answer (or non-answer) of the emulator.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  AuthenticationError,
  ChatApiError,
  ConflictError,
  ConnectionError,
  ManagementClient,
  NotFoundError,
  PermissionError,
  RateLimitError,
  RequestValidationError,
  ResponseShapeError,
  ServerError,
  TimeoutError,
  ValidationError,
} from "../../../provider/client";
import { ManualClock, withoutWaiting } from "../../support/clock";
import { FAST, startEmulated, unique, useEmulated } from "../../support/emulator";
import { received, rejectionOf } from "./helpers";

const emulator = useEmulated({ clientOptions: FAST });
const owner = unique("owner");
const guid = unique("errgrp");

beforeAll(async () => {
  const chat = emulator().chatClient();
  await chat.call("createUser", { body: { uid: owner, name: "Owner" } });
  await chat.call("createGroup", { body: { guid, type: "public", name: "G" } });
});
afterEach(() => emulator().admin.clearFaults());

it("ValidationError: a 400 the client could not foresee, with the service's code and details", async () => {
  const chat = emulator().chatClient();
  const e = (await rejectionOf(
    chat.call("sendMessage", { body: { receiver: owner, receiverType: "user", data: { text: "  " } } }),
  )) as ValidationError;
  expect(e).toBeInstanceOf(ValidationError);
  expect(e).not.toBeInstanceOf(RequestValidationError);
  expect(e).toMatchObject({ status: 400, code: "ERR_EMPTY_MESSAGE_TEXT", attempts: 1 });
  expect(e.request).toEqual({ route: "sendMessage", method: "POST", path: "/messages" });

  const withDetails = (await rejectionOf(
    chat.call("allowFeatures", { params: { role: "default" }, body: {} }),
  )) as ValidationError;
  expect(withDetails.code).toBe("ERR_BAD_REQUEST");
  expect(Object.keys(withDetails.details ?? {})).toContain("featuresToAllow");
});

it("AuthenticationError: an unknown API key, and wrong management credentials", async () => {
  const chat = emulator().chatClient({}, "f".repeat(40));
  const e = await rejectionOf(chat.call("listUsers"));
  expect(e).toBeInstanceOf(AuthenticationError);
  expect(e).toMatchObject({ status: 401, code: "AUTH_ERR_APIKEY_NOT_FOUND" });
  const mgmt = new ManagementClient(
    { key: emulator().credentials.managementKey, secret: "wrong-secret", endpoint: emulator().managementUrl },
    FAST,
  );
  expect(AuthenticationError.isInstance(await rejectionOf(mgmt.call("listApps")))).toBe(true);
});

it("PermissionError: an authOnly key on a fullAccess route, and a non-member acting in a group", async () => {
  const authOnly = emulator().chatClient({}, emulator().app.authKey);
  const e = await rejectionOf(authOnly.call("listUsers"));
  expect(e).toBeInstanceOf(PermissionError);
  expect(e).toMatchObject({ status: 403, code: "AUTH_ERR_NO_ACCESS" });
  // authOnly keys may create users (route flag authOnly)
  expect((await authOnly.call("createUser", { body: { uid: unique("viaauth"), name: "x" } })).data.role).toBe(
    "default",
  );

  const notJoined = await rejectionOf(
    emulator()
      .chatClient()
      .call("sendMessage", {
        onBehalfOf: owner,
        body: { receiver: guid, receiverType: "group", data: { text: "hi" } },
      }),
  );
  expect(notJoined).toBeInstanceOf(PermissionError);
  expect(notJoined).toMatchObject({ code: "ERR_GROUP_NOT_JOINED" });
});

it("NotFoundError: an unknown uid, and an unknown management route object", async () => {
  const e = await rejectionOf(
    emulator()
      .chatClient()
      .call("getUser", { params: { uid: "nobody-here" } }),
  );
  expect(e).toBeInstanceOf(NotFoundError);
  expect(e).toMatchObject({ status: 404, code: "ERR_UID_NOT_FOUND" });
  const w = await rejectionOf(
    emulator()
      .managementClient()
      .call("getWebhook", {
        params: { appId: emulator().app.appId, webhookId: "nope" },
      }),
  );
  expect(w).toMatchObject({ status: 404, code: "ERR_WEBHOOK_NOT_FOUND" });
});

it("ConflictError: a create with an id that exists, not read back when no answer was lost", async () => {
  emulator().admin.clearRequests();
  const e = await rejectionOf(
    emulator()
      .chatClient()
      .call("createUser", { body: { uid: owner, name: "Again" } }),
  );
  expect(e).toBeInstanceOf(ConflictError);
  expect(e).toMatchObject({ status: 400, code: "ERR_UID_ALREADY_EXISTS" });
  expect(received(emulator(), "POST", "/v3/users")).toHaveLength(1);
  expect(received(emulator(), "GET", `/v3/users/${owner}`)).toHaveLength(0);
});

it("RateLimitError: a 429 asking to wait longer than allowed fails at once, with the wait it asked", async () => {
  emulator().admin.setFaults([{ kind: "rateLimit", path: "/v3/roles", retryAfterSeconds: 30 }]);
  emulator().admin.clearRequests();
  const clock = new ManualClock();
  const e = (await withoutWaiting(
    clock,
    rejectionOf(
      emulator()
        .chatClient({ clock, retry: { maxRetryAfterMs: 1000 } })
        .call("listRoles"),
    ),
  )) as RateLimitError;
  expect(e).toBeInstanceOf(RateLimitError);
  expect(e).toMatchObject({ status: 429, code: "ERR_TOO_MANY_REQUESTS", retryAfterMs: 30_000 });
  expect(received(emulator(), "GET", "/v3/roles")).toHaveLength(1);
});

it("RateLimitError from the emulator's own per-app limiter, waiting what its headers say", async () => {
  // The emulator's clock stands still: its window, opened by the first request, has all its minute left.
  const clock = new ManualClock();
  const emu = await startEmulated({ clientOptions: FAST, clock, rateLimitPerMinute: 2 });
  try {
    // A pinned budget: one that learned the limit (2) would wait for the window instead of getting a 429.
    const chat = emu.chatClient({
      clock,
      retry: { maxRetryAfterMs: 500 },
      budget: { requestsPerMinute: 1000 },
    });
    await chat.call("listRoles");
    await chat.call("listRoles");
    const e = (await rejectionOf(chat.call("listRoles"))) as RateLimitError;
    expect(e).toBeInstanceOf(RateLimitError);
    expect(e.retryAfterMs).toBe(60_000);
  } finally {
    await emu.close();
  }
});

it("ServerError: a 5xx that persists through the retries, with the attempts counted", async () => {
  emulator().admin.setFaults([{ kind: "error", method: "GET", path: "/v3/groups/*", status: 503 }]);
  emulator().admin.clearRequests();
  const e = await rejectionOf(
    emulator()
      .chatClient({ retry: { retries: 2 } })
      .call("getGroup", { params: { guid } }),
  );
  expect(e).toBeInstanceOf(ServerError);
  expect(e).toMatchObject({ status: 503, code: "ERR_MISSION_FAILED", attempts: 3 });
  expect(received(emulator(), "GET", `/v3/groups/${guid}`)).toHaveLength(3);
});

it("ConnectionError: the connection dropped without an answer, and a refused connection", async () => {
  emulator().admin.setFaults([{ kind: "dropAfterApply", method: "GET", path: "/v3/users/*" }]);
  const e = await rejectionOf(
    emulator()
      .chatClient({ retry: { retries: 0 } })
      .call("getUser", { params: { uid: owner } }),
  );
  expect(e).toBeInstanceOf(ConnectionError);
  expect(e).not.toBeInstanceOf(TimeoutError);
  expect((e as ConnectionError).status).toBeUndefined();
  expect(ChatApiError.isInstance(e)).toBe(true);

  const closed = await startEmulated({ clientOptions: FAST });
  const client = closed.chatClient({ retry: { retries: 1 } });
  await closed.close();
  const refused = (await rejectionOf(client.call("listRoles"))) as ConnectionError;
  expect(refused).toBeInstanceOf(ConnectionError);
  expect(refused.code).toBe("ECONNREFUSED");
  expect(refused.attempts).toBe(2); // refused before sending: retried even though nothing answered
});

it("TimeoutError: no answer within the per-attempt timeout", async () => {
  // The emulator holds the request until its clock moves, which it does not: no answer ever comes, and the
  // call fails after two attempts of 200 ms by the timeout alone (the default, 30 s, would still wait).
  const clock = new ManualClock(Date.now());
  const emu = await startEmulated({
    clientOptions: FAST,
    clock,
    faults: [{ kind: "latency", path: "/v3/roles", latencyMs: 60_000 }],
  });
  try {
    const e = await rejectionOf(emu.chatClient({ timeoutMs: 200, retry: { retries: 1 } }).call("listRoles"));
    expect(e).toBeInstanceOf(TimeoutError);
    expect(e).toMatchObject({ code: "ETIMEDOUT", attempts: 2 });
    expect(received(emu, "GET", "/v3/roles")).toEqual([]); // none answered
    expect(clock.pending).toBe(2); // both reached the emulator
  } finally {
    clock.advance(60_000);
    await emu.close();
  }
});

it("ResponseShapeError: a stored object the response schema refuses, naming the route and the field", async () => {
  const dir = mkdtempSync(join(tmpdir(), "client-shape-"));
  const stateFile = join(dir, "state.json");
  try {
    const first = await startEmulated({ clientOptions: FAST, stateFile });
    await first.chatClient().call("createUser", { body: { uid: "shape-user", name: "Shape" } });
    await first.close();
    // Corrupt the stored user the way a drifting server would answer: createdAt as a string.
    const corrupt = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(corrupt);
      else if (v && typeof v === "object") {
        const o = v as Record<string, unknown>;
        if (o.uid === "shape-user" && "createdAt" in o) o.createdAt = "yesterday";
        Object.values(o).forEach(corrupt);
      }
    };
    const saved: unknown = JSON.parse(readFileSync(stateFile, "utf8"));
    corrupt(saved);
    writeFileSync(stateFile, JSON.stringify(saved));

    const second = await startEmulated({ clientOptions: FAST, stateFile });
    try {
      const e = (await rejectionOf(
        second.chatClient().call("getUser", { params: { uid: "shape-user" } }),
      )) as ResponseShapeError;
      expect(e).toBeInstanceOf(ResponseShapeError);
      expect(e).toMatchObject({ status: 200, code: "ERR_RESPONSE_SHAPE" });
      expect(Object.keys(e.details ?? {})).toEqual(["data.createdAt"]);
      expect(e.message).toMatch(
        /the response of getUser \(GET \/users\/shape-user\) does not match its schema: .* at data\.createdAt/,
      );
    } finally {
      await second.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it("RequestValidationError: refused before sending, so the emulator sees nothing", async () => {
  emulator().admin.clearRequests();
  const e = await rejectionOf(
    emulator()
      .chatClient()
      .call("createGroup", { body: { guid: "x", name: "n", type: "password" } }),
  );
  expect(e).toBeInstanceOf(RequestValidationError);
  expect(emulator().admin.requests()).toHaveLength(0);
});

describe("what an error keeps of the answer", () => {
  it("the HTTP status, the response headers and the service's request id", async () => {
    const e = await rejectionOf(
      emulator()
        .chatClient()
        .call("getUser", { params: { uid: "nobody-here" } }),
    );
    expect(e).toBeInstanceOf(NotFoundError);
    const err = e as NotFoundError;
    expect(err.status).toBe(404);
    expect(err.headers?.["x-ratelimit-limit"]).toBeDefined();
    expect(err.requestId).toEqual(expect.any(String));
    expect(err.message).toContain(`request ${err.requestId}`);
    expect(err.toJSON()).toMatchObject({ requestId: err.requestId, status: 404 });
  });
});
