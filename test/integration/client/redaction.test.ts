// No credential in any error's message, JSON or inspect output, nor in any log line, during real exchanges
// with the emulator, including the ones where it quotes a key back in its message.
import { inspect } from "node:util";
import { ManagementClient, REDACTED } from "../../../provider/client";
import { FAST, unique, useEmulated } from "../../support/emulator";
import { recordingLogger, rejectionOf } from "./helpers";

const emulator = useEmulated({ clientOptions: FAST });
const log = recordingLogger();
const secrets: string[] = [];
const thrown: unknown[] = [];

/** Every way an error or a log line can be printed. */
function printed(): string[] {
  return [
    ...log.lines,
    ...log.fields.map((f) => JSON.stringify(f)),
    ...thrown.flatMap((e) => [
      String(e),
      (e as Error).stack ?? "",
      JSON.stringify(e),
      inspect(e),
      inspect(e, { showHidden: true, depth: 20 }),
    ]),
  ];
}

beforeAll(() => {
  const emu = emulator();
  const a = emu.app;
  secrets.push(a.apiKey, a.authKey, emu.credentials.managementKey, emu.credentials.managementSecret);
});

async function collect(p: Promise<unknown>): Promise<unknown> {
  const e = await rejectionOf(p);
  thrown.push(e);
  return e;
}

it("redacts keys the emulator quotes back, secret path parameters, and auth tokens", async () => {
  const emu = emulator();
  const logged = { logger: log.logger };
  const full = emu.chatClient(logged);
  const authOnly = emu.chatClient(logged, emu.app.authKey);
  const wrongKey = "0123456789abcdef0123456789abcdef01234567";
  secrets.push(wrongKey);
  const wrong = emu.chatClient(logged, wrongKey);

  // "The key <authKey> cannot be used to perform this operation."
  const noAccess = await collect(authOnly.call("listUsers"));
  expect((noAccess as Error).message).toContain(REDACTED);
  // "The API key <wrongKey> does not exist."
  await collect(wrong.call("listUsers"));

  // A secret as a path parameter, in the URL the client logs and in the error's request.
  const created = await full.call("createApiKey", { body: { name: "temp", scope: "authOnly" } });
  secrets.push(created.data.apiKey);
  await full.call("getApiKey", { params: { apiKey: created.data.apiKey } });
  await full.call("deleteApiKey", { params: { apiKey: created.data.apiKey } });
  const gone = (await collect(full.call("getApiKey", { params: { apiKey: created.data.apiKey } }))) as {
    request: { path: string };
  };
  expect(gone.request.path).toBe(`/apikeys/${REDACTED}`);

  const uid = unique("tok");
  await full.call("createUser", { body: { uid, name: "T" } });
  const token = (await full.call("createAuthToken", { params: { uid } })).data.authToken;
  secrets.push(token);
  await full.call("getAuthToken", { params: { uid, authToken: token } });
  await full.call("deleteAuthToken", { params: { uid, authToken: token } });
  await collect(full.call("getAuthToken", { params: { uid, authToken: token } }));
  expect(log.lines.some((l) => l.includes(`/users/${uid}/auth_tokens/${REDACTED}`))).toBe(true);
});

it("redacts management credentials, with faults and retries on the way", async () => {
  const emu = emulator();
  const mgmt = emu.managementClient({ logger: log.logger });
  emu.admin.setFaults([{ kind: "error", method: "GET", path: "/apps", times: 1 }]);
  await mgmt.call("listApps");
  emu.admin.setFaults([{ kind: "dropAfterApply", method: "GET", path: "/apps" }]);
  await collect(
    new ManagementClient(
      { key: "k".repeat(8), secret: emu.credentials.managementSecret, endpoint: emu.managementUrl },
      { ...FAST, retry: { retries: 0 }, logger: log.logger },
    ).call("listApps"),
  );
  emu.admin.clearFaults();
  const badSecret = new ManagementClient(
    { key: emu.credentials.managementKey, secret: "not-the-secret", endpoint: emu.managementUrl },
    { ...FAST, logger: log.logger },
  );
  secrets.push("not-the-secret");
  await collect(badSecret.call("listApps"));
});

it("printed nothing secret", () => {
  const out = printed();
  expect(log.lines.length).toBeGreaterThan(10);
  expect(thrown.length).toBeGreaterThanOrEqual(5);
  for (const secret of secrets) {
    expect(secret.length).toBeGreaterThan(5);
    const leaks = out.filter((o) => o.includes(secret));
    expect(leaks).toEqual([]);
  }
});
