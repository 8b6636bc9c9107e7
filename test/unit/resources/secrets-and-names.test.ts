// Issue 20 at check, without the engine: no failure carries a secret (nor a named property, which the engine
// prints with its value), and every name a user types is checked, one error per mistake, naming the closest.
import { setStackConfig } from "../../../provider/client/config";
import { withoutSecrets } from "../../../provider/engine/failures";
import { CrudProvider, kinds } from "../../../provider/kinds";

const provider = (k: keyof typeof kinds) => new CrudProvider(kinds[k] as never);
const check = async (k: keyof typeof kinds, args: Record<string, unknown>) =>
  (await provider(k).check({}, args)).failures;

const P8 =
  "-----BEGIN PRIVATE KEY-----MIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg-----END PRIVATE KEY-----";
const PRIVATE_KEY =
  "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7\n-----END PRIVATE KEY-----\n";
/** The service-account file as Firebase hands it out: 11 fields. */
const serviceAccount = {
  type: "service_account",
  project_id: "chat-demo-4711",
  private_key_id: "3f1c9a7be24d5f60a8c1e2b3d4f5a6b7c8d9e0f1",
  private_key: PRIVATE_KEY,
  client_email: "firebase-adminsdk-x1@chat-demo-4711.iam.gserviceaccount.com",
  client_id: "104857600000000000001",
  auth_uri: "https://accounts.google.com/o/oauth2/auth",
  token_uri: "https://oauth2.googleapis.com/token",
  auth_provider_x509_cert_url: "https://www.googleapis.com/oauth2/v1/certs",
  client_x509_cert_url: "https://www.googleapis.com/robot/v1/metadata/x509/firebase-adminsdk-x1",
  universe_domain: "googleapis.com",
};

describe("no secret in a check failure", () => {
  it("reports every failure without a property, so the engine prints no value", async () => {
    const password = "p".repeat(101);
    const failures = await check("Group", { guid: "g", name: "G", type: "password", password });
    expect(failures).toEqual([{ property: "", reason: "password must be at most 100 characters" }]);
  });

  it("names an unknown key beside a secret, and the closest valid one, without the secret", async () => {
    const failures = await check("ApnsPushProvider", {
      providerId: "ios",
      keyId: "K",
      teamId: "T",
      bundleId: "b",
      credentials: { p8Key: P8, keyPassword: "x" },
    });
    expect(failures).toEqual([
      {
        property: "",
        reason: 'credentials.keyPassword is not a field of credentials (closest valid: "p8Key")',
      },
    ]);
  });

  it("blanks any run of 8 characters of a secret that a reason would echo", () => {
    const secret = "s3cr3t-value-0123456789";
    expect(withoutSecrets(`bad value "${secret}" here`, [secret])).toBe('bad value "[secret]" here');
    expect(withoutSecrets("got 0123456789 back", [secret])).toBe("got [secret] back");
    expect(withoutSecrets("a short run: value", [secret])).toBe("a short run: value");
  });

  it("names a connection's credential by its path", async () => {
    const failures = await check("User", {
      uid: "a",
      name: "A",
      connection: { appId: "app1", apiKey: "", region: "us" },
    });
    expect(failures).toEqual([{ property: "", reason: "connection.apiKey: apiKey must not be empty" }]);
  });
});

describe("FcmPushProvider credentials: the service-account file as downloaded", () => {
  const four = {
    project_id: serviceAccount.project_id,
    client_email: serviceAccount.client_email,
    private_key: serviceAccount.private_key,
    private_key_id: serviceAccount.private_key_id,
  };

  it.each([
    ["as an object", serviceAccount],
    ["as its JSON text", JSON.stringify(serviceAccount, null, 2)],
  ])("takes it %s, keeping the four fields the service uses", async (_how, credentials) => {
    const r = await provider("FcmPushProvider").check({}, { providerId: "android", credentials });
    expect(r.failures).toEqual([]);
    expect(r.inputs.credentials).toEqual(four);
  });

  it("names a missing field and the rule, and text that is not JSON, never echoing the key", async () => {
    const { private_key: _, ...noKey } = serviceAccount;
    expect(await check("FcmPushProvider", { providerId: "a", credentials: noKey })).toEqual([
      { property: "", reason: "credentials.private_key: private_key is required (string)" },
    ]);
    const text = `{"private_key": "${PRIVATE_KEY.replaceAll("\n", "\\n")}", oops}`;
    const failures = await check("FcmPushProvider", { providerId: "a", credentials: text });
    expect(failures).toEqual([
      {
        property: "",
        reason: "credentials: must be the service-account file's JSON text as downloaded (it does not parse)",
      },
    ]);
  });
});

describe("every name a user types is checked, one error per mistake", () => {
  afterEach(() => setStackConfig(() => undefined));

  it("a missing APNs field names the rule", async () => {
    const failures = await check("ApnsPushProvider", {
      providerId: "ios",
      teamId: "T",
      bundleId: "b",
      credentials: { p8Key: P8 },
    });
    expect(failures).toEqual([{ property: "", reason: "keyId is required (string)" }]);
  });

  it("an unknown extension without settings, against the known list while the service cannot be asked", async () => {
    expect(await check("Extension", { appId: "app1", extension: "pols" })).toEqual([
      {
        property: "",
        reason: 'extension "pols" is not an extension this provider knows (closest valid: "polls")',
      },
    ]);
    expect(await check("Extension", { appId: "app1", extension: "polls" })).toEqual([]);
  });

  it("an app-setting key the service does not have, once, naming the closest", async () => {
    const failures = await check("AppSettings", {
      appId: "app1",
      settings: { "core.conversations.updateOnReplies": true, "core.conversations.updateOnRepleis": false },
    });
    expect(failures).toEqual([
      {
        property: "",
        reason:
          'settings.core.conversations.updateOnRepleis: core.conversations.updateOnRepleis is not an app setting (closest valid: "core.conversations.updateOnReplies")',
      },
    ]);
  });

  it("an unknown group-scope permission, once (not also 'must set at least one permission')", async () => {
    const failures = await check("GroupScopePermissions", {
      guid: "g",
      scope: "participant",
      permissions: { sendMesage: "deny" },
    });
    expect(failures).toHaveLength(1);
    expect(failures[0]?.reason).toMatch(/sendMesage is not a permission \(closest valid: "sendMessage"\)/);
  });

  it("an unknown field in Extension.secrets, once (not also under settings)", async () => {
    const failures = await check("Extension", {
      appId: "app1",
      extension: "gifs-giphy",
      secrets: { giphyApiKey: "k-0123456789", giphyApiKye: "k-0123456789" },
    });
    expect(failures).toEqual([
      {
        property: "",
        reason: 'secrets.giphyApiKye is not a field of gifs-giphy (closest valid: "giphyApiKey")',
      },
    ]);
  });
});
