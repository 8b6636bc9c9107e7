import { inspect } from "node:util";
import {
  AuthenticationError,
  ChatApiError,
  ConflictError,
  ConnectionError,
  errorFromResponse,
  isConflict,
  isNotFound,
  isRateLimited,
  NotFoundError,
  PermissionError,
  RateLimitError,
  REDACTED,
  Redactor,
  RequestValidationError,
  ResponseShapeError,
  retryAfterMs,
  ServerError,
  TimeoutError,
  ValidationError,
} from "../../../provider/client";
import { errorFromTransport } from "../../../provider/client/errors";

const envelope = (code: string, message = "msg", extra: Record<string, unknown> = {}) => ({
  error: { code, message, devMessage: null, source: "chat-api", ...extra },
});
const req = { route: "getUser", method: "GET", path: "/users/alice" };

describe("errorFromResponse", () => {
  it.each([
    [400, "ERR_BAD_REQUEST", ValidationError],
    [401, "AUTH_ERR_APIKEY_NOT_FOUND", AuthenticationError],
    [403, "AUTH_ERR_NO_ACCESS", PermissionError],
    [404, "ERR_UID_NOT_FOUND", NotFoundError],
    [400, "ERR_UID_ALREADY_EXISTS", ConflictError],
    [400, "ERR_ALREADY_BANNED", ConflictError],
    [409, "ERR_SOMETHING", ConflictError],
    [429, "ERR_TOO_MANY_REQUESTS", RateLimitError],
    [500, "ERR_OPERATION_FAILED", ServerError],
    [503, "ERR_MISSION_FAILED", ServerError],
  ] as const)("maps HTTP %i %s to its class, keeping status and code", (status, code, cls) => {
    const e = errorFromResponse(status, envelope(code), req);
    expect(e).toBeInstanceOf(cls);
    expect(e.name).toBe(cls.kind);
    expect(e.type).toBe(cls.kind);
    expect(e.status).toBe(status);
    expect(e.code).toBe(code);
    expect(e.request).toEqual(req);
    expect(ChatApiError.isInstance(e)).toBe(true);
    expect(cls.isInstance(e)).toBe(true);
  });

  it("treats a 401 whose code is not an AUTH_ERR one as a permission problem of the acting user", () => {
    expect(errorFromResponse(401, envelope("ERR_GROUP_NOT_JOINED"), req)).toBeInstanceOf(PermissionError);
    expect(errorFromResponse(401, "unauthorized", req)).toBeInstanceOf(AuthenticationError);
  });

  it("keeps message, devMessage, source and details, and names the fields in the message", () => {
    const e = errorFromResponse(
      400,
      envelope("ERR_BAD_REQUEST", "Failed to validate the data sent with the request.", {
        devMessage: "dev text",
        details: { uid: ["The uid field is required."], name: ["The name field is required."] },
      }),
      { route: "createUser", method: "POST", path: "/users" },
    );
    expect(e.message).toBe(
      "ERR_BAD_REQUEST: Failed to validate the data sent with the request. (uid: The uid field is required.; name: The name field is required.) (HTTP 400) [POST /users, createUser]",
    );
    expect(e.devMessage).toBe("dev text");
    expect(e.source).toBe("chat-api");
    expect(e.details).toEqual({ uid: ["The uid field is required."], name: ["The name field is required."] });
  });

  it("gives a body that is not the envelope the code ERR_BAD_ERROR_RESPONSE", () => {
    const e = errorFromResponse(502, "<html>Bad gateway</html>", req);
    expect(e).toBeInstanceOf(ServerError);
    expect(e.code).toBe("ERR_BAD_ERROR_RESPONSE");
    expect(e.message).toMatch(/HTTP 502 without the API's error envelope/);
    expect(e.message).not.toContain("html");
    const other = errorFromResponse(418, { oops: true });
    expect(other.constructor).toBe(ChatApiError);
  });

  it("reads the wait of a 429 from Retry-After or X-RateLimit-Reset", () => {
    const e = errorFromResponse(429, envelope("ERR_TOO_MANY_REQUESTS"), req, {
      headers: { "retry-after": "3" },
    });
    expect(isRateLimited(e)).toBe(true);
    expect((e as RateLimitError).retryAfterMs).toBe(3000);
    const now = 1_700_000_000_000;
    expect(retryAfterMs({ "x-ratelimit-reset": String(now / 1000 + 5) }, now)).toBe(5000);
    expect(retryAfterMs({ "retry-after": new Date(now + 2000).toUTCString() }, now)).toBe(2000);
    expect(retryAfterMs({ "retry-after": "1.5", "x-ratelimit-reset": String(now / 1000 + 60) }, now)).toBe(
      1500,
    );
    expect(retryAfterMs({ "x-ratelimit-reset": String(now + 700) }, now)).toBe(700);
    expect(retryAfterMs({}, now)).toBeUndefined();
    expect(retryAfterMs({ "retry-after": "soon" }, now)).toBeUndefined();
  });

  it("has isNotFound and isConflict helpers", () => {
    expect(isNotFound(errorFromResponse(404, envelope("ERR_GUID_NOT_FOUND")))).toBe(true);
    expect(isNotFound(errorFromResponse(400, envelope("ERR_BAD_REQUEST")))).toBe(false);
    expect(isNotFound(new Error("404"))).toBe(false);
    expect(isConflict(errorFromResponse(400, envelope("ERR_GUID_ALREADY_EXISTS")))).toBe(true);
  });

  it("narrows subclasses: a RequestValidationError is a ValidationError, a TimeoutError a ConnectionError", () => {
    const v = new RequestValidationError({ code: "ERR_CLIENT_VALIDATION", message: "bad" });
    expect(ValidationError.isInstance(v)).toBe(true);
    expect(NotFoundError.isInstance(v)).toBe(false);
    const t = errorFromTransport({ name: "TimeoutError", code: "ETIMEDOUT" }, req, { timeoutMs: 50 });
    expect(t).toBeInstanceOf(TimeoutError);
    expect(ConnectionError.isInstance(t)).toBe(true);
    expect(t.message).toBe("ETIMEDOUT: no response within 50 ms [GET /users/alice, getUser]");
    const c = errorFromTransport(
      { code: "ECONNRESET", message: "socket hang up", options: { headers: {} } },
      req,
    );
    expect(c.constructor).toBe(ConnectionError);
    expect(c.code).toBe("ECONNRESET");
    expect(c.status).toBeUndefined();
    expect(Object.keys(c)).not.toContain("cause");
  });

  it("says what a failed connection means and what to check, never the address it quotes", () => {
    const cause = (code: string) => ({ code, message: `connect ${code} https://app1.api-us.example.com/v3` });
    const refused = errorFromTransport(cause("ECONNREFUSED"), req).message;
    expect(refused).toMatch(
      /^ECONNREFUSED: nothing answers .*connection refused.*endpoint setting.*chat-emulator/,
    );
    expect(errorFromTransport(cause("ENOTFOUND"), req).message).toMatch(
      /host name does not resolve: check the host, region or endpoint/,
    );
    for (const code of ["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ECONNRESET", "EPIPE"])
      expect(errorFromTransport(cause(code), req).message).not.toMatch(/example\.com|https?:/);
  });
});

describe("brand-based isInstance", () => {
  it("recognises errors from a second copy of the module, where instanceof fails", () => {
    let copy: typeof import("../../../provider/client/errors") | undefined;
    jest.isolateModules(() => {
      copy = require("../../../provider/client/errors");
    });
    const foreign = copy!.errorFromResponse(404, envelope("ERR_UID_NOT_FOUND"), req);
    expect(foreign).not.toBeInstanceOf(ChatApiError);
    expect(ChatApiError.isInstance(foreign)).toBe(true);
    expect(NotFoundError.isInstance(foreign)).toBe(true);
    expect(isNotFound(foreign)).toBe(true);
    expect(ServerError.isInstance(foreign)).toBe(false);
    expect(ChatApiError.isInstance({ code: "ERR_UID_NOT_FOUND", status: 404 })).toBe(false);
    expect(ChatApiError.isInstance(null)).toBe(false);
  });
});

describe("redaction in errors", () => {
  const apiKey = "0a1b2c3d4e5f0a1b2c3d4e5f0a1b2c3d4e5f0a1b";
  const secret = "mgmt-secret-value";
  const redactor = new Redactor([apiKey, secret]);
  const leaky = envelope(
    "AUTH_ERR_NO_ACCESS",
    `The key ${apiKey} cannot be used to perform this operation (secret ${secret})`,
    { devMessage: `apikey=${apiKey}`, details: { apikey: [`${secret} is wrong`] } },
  );

  it("keeps credentials out of the message, JSON, inspect output and stack", () => {
    const e = errorFromResponse(403, leaky, { method: "GET", path: `/apikeys/${apiKey}` }, { redactor });
    const outputs = [
      e.message,
      JSON.stringify(e),
      inspect(e),
      inspect(e, { depth: 10, showHidden: true }),
      e.stack ?? "",
      String(e),
    ];
    for (const out of outputs) {
      expect(out).not.toContain(apiKey);
      expect(out).not.toContain(secret);
    }
    expect(e.message).toContain(REDACTED);
    expect(JSON.parse(JSON.stringify(e))).toMatchObject({
      name: "PermissionError",
      status: 403,
      code: "AUTH_ERR_NO_ACCESS",
      request: { method: "GET", path: `/apikeys/${REDACTED}` },
    });
    expect(inspect(e)).toContain("AUTH_ERR_NO_ACCESS");
  });

  it("redacts credential-shaped text even without knowing the secret", () => {
    const e = errorFromResponse(403, leaky, req);
    expect(JSON.stringify(e)).not.toContain(apiKey);
    expect(inspect(e)).not.toContain(apiKey);
  });

  it("a response shape error carries no body", () => {
    const e = new ResponseShapeError({
      code: "ERR_RESPONSE_SHAPE",
      status: 200,
      message: `x apikey: ${apiKey}`,
      redactor,
    });
    expect(inspect(e)).not.toContain(apiKey);
  });
});

describe("conflicts come from the error table", () => {
  it("a listed code is a conflict, an unlisted one with ALREADY in its name is not", () => {
    const body = (code: string) => ({ error: { code, message: "m" } });
    expect(ConflictError.isInstance(errorFromResponse(400, body("ERR_UID_ALREADY_EXISTS")))).toBe(true);
    expect(ConflictError.isInstance(errorFromResponse(400, body("ERR_ALREADY_JOINED")))).toBe(true);
    expect(ConflictError.isInstance(errorFromResponse(400, body("ERR_NOT_ALREADY_KNOWN")))).toBe(false);
    expect(ConflictError.isInstance(errorFromResponse(409, body("ERR_SOMETHING")))).toBe(true);
  });
});
