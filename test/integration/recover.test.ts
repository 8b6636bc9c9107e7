// Settling the creates a killed run left pending (provider/recover/pending.ts) against the emulator: what the run made
// is taken into state (its outputs as its create returns them, secrets still secret), doubles of server-chosen
// ids are removed, an object made before the run is never taken, and nothing-made creates are dropped.
import { createHash } from "node:crypto";
import { ChatClient } from "../../provider/client";
import {
  decode,
  type ExportedDeployment,
  type PendingOperation,
  type ResourceState,
  settlePending,
} from "../../provider/recover/pending";
import { JumpingClock } from "../support/clock";
import { useEmulated } from "../support/emulator";

const SIG = "4dabf18193072939515e22adb298388d";
const secret = (v: unknown) => ({ [SIG]: "1b47061264138c4ac30d75fd1eb44270", plaintext: JSON.stringify(v) });
const PROVIDER = "exports.handler = () => undefined;\n";
const urn = (kind: string, name: string) => `urn:pulumi:s::p::pulumi-nodejs:dynamic/chat:${kind}::${name}`;

describe("settling pending creates", () => {
  // The service's clock jumps a second on instead of the test sleeping one (test/support/clock.ts).
  const clock = new JumpingClock();
  const emu = useEmulated({ clock });
  const now = () => Math.floor(clock.now() / 1000); // on the service's clock, as its times are

  function pending(
    kind: string,
    name: string,
    args: Record<string, unknown>,
    mgmt = false,
  ): PendingOperation {
    const conn = mgmt
      ? { managementConnection: secret(emu().managementConnection) }
      : { connection: secret(emu().connection) };
    return {
      type: "creating",
      resource: {
        urn: urn(kind, name),
        type: `pulumi-nodejs:dynamic/chat:${kind}`,
        custom: true,
        inputs: { ...args, ...conn, __provider: PROVIDER },
        additionalSecretOutputs: ["apiKey", "authToken", "connection", "managementConnection"],
      },
    };
  }
  const exported = (
    ops: PendingOperation[],
    resources: ExportedDeployment["deployment"]["resources"] = [],
  ) => ({
    version: 3,
    deployment: { resources, pending_operations: ops },
  });

  it("takes a user the run made, leaves one made before it, drops one never made", async () => {
    const before = await emu().chat.call("createUser", { body: { uid: "early", name: "Early" } });
    const since = before.data.createdAt + 1;
    // The killed run's create reached the service (but not the state) after the run began.
    clock.jump(1100);
    await emu().chat.call("createUser", { body: { uid: "mine", name: "Mine" } });
    const r = await settlePending(
      exported([
        pending("User", "mine", { uid: "mine", name: "Mine v2" }),
        pending("User", "early", { uid: "early", name: "Early" }),
        pending("User", "never", { uid: "never", name: "Never" }),
      ]),
      { since },
    );
    expect(r?.settled.map((s) => [s.urn.split("::").pop(), s.outcome])).toEqual([
      ["mine", "taken into state"],
      ["early", "made before the run: left alone"],
      ["never", "nothing made"],
    ]);
    const d = r?.deployment.deployment;
    expect(d?.pending_operations).toEqual([]);
    const mine = d?.resources?.find((x) => x.urn === urn("User", "mine"));
    expect(mine?.id).toBe("mine");
    // Declared as it is now: the next up's diff sees the name the service holds, and updates it.
    expect(mine?.outputs?.name).toBe("Mine v2");
    expect(mine?.outputs?.__provider).toBe(PROVIDER);
    expect(decode(mine?.outputs?.connection)).toEqual({ value: emu().connection, secret: true });
    expect(d?.resources?.some((x) => x.urn === urn("User", "early"))).toBe(false);
  });

  it("a plugin resource's pending create (chat:index:<Kind>, from a YAML or Python program) is settled the same way", async () => {
    const made = await emu().chat.call("createApiKey", { body: { name: "yaml-ci", scope: "authOnly" } });
    const double = await emu().chat.call("createApiKey", { body: { name: "yaml-ci", scope: "authOnly" } });
    const op: PendingOperation = {
      type: "creating",
      resource: {
        urn: "urn:pulumi:s::p::chat:index:ApiKey::ci",
        type: "chat:index:ApiKey",
        custom: true,
        // No __provider, no additionalSecretOutputs: the plugin's resources have neither.
        inputs: { name: "yaml-ci", scope: "authOnly", connection: secret(emu().connection) },
      },
    };
    const r = await settlePending(exported([op]), { since: made.data.createdAt });
    expect(r?.settled.map((x) => [x.kind, x.outcome, x.removed])).toEqual([
      ["ApiKey", "taken into state", 1],
    ]);
    const taken = r?.deployment.deployment.resources?.[0];
    expect(taken?.type).toBe("chat:index:ApiKey");
    expect(taken?.outputs).not.toHaveProperty("__provider");
    // The kind's secrets and the connection recorded by the take-over stay secret in state.
    expect(decode(taken?.outputs?.apiKey)).toEqual({ value: made.data.apiKey, secret: true });
    expect(decode(taken?.outputs?.connection).secret).toBe(true);
    const left = (await emu().chat.listAll("listApiKeys", { query: { searchKey: "yaml-ci" } })).map(
      (k) => k.apiKey,
    );
    expect(left).toEqual([made.data.apiKey]);
    expect(left).not.toContain(double.data.apiKey);
  });

  it("a plugin resource on an explicit provider is settled in that provider's app, not the configured one", async () => {
    const other = await emu()
      .managementClient()
      .call("createApp", { body: { name: "yaml-other", region: "eu" } });
    const apiKey =
      Object.values(other.data.apiKeys ?? {}).find((k) => k.scope === "fullAccess")?.apiKey ?? "";
    const conn = { appId: other.data.id, region: "eu" as const, apiKey, endpoint: emu().chatEndpoint };
    const since = now();
    // The killed run's create reached the other app.
    await new ChatClient(conn).call("createUser", { body: { uid: "yaml-carol", name: "Carol" } });
    const provider: ResourceState = {
      urn: "urn:pulumi:s::p::pulumi:providers:chat::other",
      type: "pulumi:providers:chat",
      custom: true,
      id: "0b1c",
      inputs: { appId: conn.appId, region: "eu", apiKey: secret(apiKey), endpoint: conn.endpoint },
    };
    const op: PendingOperation = {
      type: "creating",
      resource: {
        urn: "urn:pulumi:s::p::chat:index:User::carol",
        type: "chat:index:User",
        custom: true,
        provider: `${provider.urn}::${provider.id}`,
        inputs: { uid: "yaml-carol", name: "Carol" },
      },
    };
    const r = await settlePending(exported([op], [provider]), { since });
    expect(r?.settled.map((x) => [x.kind, x.outcome])).toEqual([["User", "taken into state"]]);
    const taken = r?.deployment.deployment.resources?.find((x) => x.type === "chat:index:User");
    expect(taken?.id).toBe("yaml-carol");
    expect(decode(taken?.outputs?.connection)).toEqual({ value: conn, secret: true });
  });

  it("API keys: the run's key is taken, its double removed, a key of the same name made before left", async () => {
    const old = await emu().chat.call("createApiKey", { body: { name: "ci", scope: "authOnly" } });
    const since = old.data.createdAt + 1;
    clock.jump(1100);
    const a = await emu().chat.call("createApiKey", { body: { name: "ci", scope: "authOnly" } });
    const b = await emu().chat.call("createApiKey", { body: { name: "ci", scope: "authOnly" } });
    const r = await settlePending(exported([pending("ApiKey", "ci", { name: "ci", scope: "authOnly" })]), {
      since,
    });
    const taken = r?.deployment.deployment.resources?.[0];
    const value = decode(taken?.outputs?.apiKey);
    expect(value.secret).toBe(true);
    expect(value.value).toBe(a.data.apiKey);
    expect(r?.settled[0]?.removed).toBe(1);
    const left = (await emu().chat.listAll("listApiKeys", { query: { searchKey: "ci" } })).map(
      (k) => k.apiKey,
    );
    expect(left.sort()).toEqual([old.data.apiKey, a.data.apiKey].sort());
    expect(left).not.toContain(b.data.apiKey);
  });

  it("AI agents: the run's agent is taken, its double removed, one of the same name made before left", async () => {
    const old = await emu().chat.call("createBuilderAgent", { body: { name: "bot" } });
    const since = old.data.createdAt + 1;
    clock.jump(1100);
    const a = await emu().chat.call("createBuilderAgent", { body: { name: "bot", model: "m" } });
    const b = await emu().chat.call("createBuilderAgent", { body: { name: "bot", model: "m" } });
    const r = await settlePending(exported([pending("AiAgent", "bot", { name: "bot", model: "m" })]), {
      since,
    });
    expect(r?.settled.map((x) => [x.outcome, x.id, x.removed])).toEqual([
      ["taken into state", a.data.uid, 1],
    ]);
    expect(r?.deployment.deployment.resources?.[0]?.outputs?.uid).toBe(a.data.uid);
    const left = (await emu().chat.listAll("listBuilderAgents", { query: { search: "bot" } })).map(
      (x) => x.uid,
    );
    expect(left.sort()).toEqual([old.data.uid, a.data.uid].sort());
    expect(left).not.toContain(b.data.uid);
  });

  it("auth tokens: one per pending create, tokens held by state kept, the rest of the run's revoked", async () => {
    await emu().chat.call("createUser", { body: { uid: "tok", name: "Tok" } });
    const since = now();
    const held = await emu().chat.call("createAuthToken", { params: { uid: "tok" }, body: { force: true } });
    for (let i = 0; i < 3; i++)
      await emu().chat.call("createAuthToken", { params: { uid: "tok" }, body: { force: true } });
    const heldState = {
      urn: urn("AuthToken", "held"),
      type: "pulumi-nodejs:dynamic/chat:AuthToken",
      custom: true,
      id: `tok/${createHash("sha256").update(held.data.authToken).digest("hex").slice(0, 16)}`,
    };
    const r = await settlePending(
      exported(
        [pending("AuthToken", "t1", { uid: "tok" }), pending("AuthToken", "t2", { uid: "tok" })],
        [heldState],
      ),
      { since },
    );
    expect(r?.settled.map((s) => s.outcome)).toEqual(["taken into state", "taken into state"]);
    const ids = r?.deployment.deployment.resources?.map((x) => x.id);
    expect(new Set(ids).size).toBe(3);
    const tokens = await emu().chat.listAll("listAuthTokens", { params: { uid: "tok" } });
    expect(tokens).toHaveLength(3);
    expect(tokens.map((t) => t.authToken)).toContain(held.data.authToken);
  });

  it("an app the run made cannot be taken (its keys were only in the lost answer): it is removed", async () => {
    const mgmt = emu().managementClient();
    const since = now();
    const made = await mgmt.call("createApp", { body: { name: "ci-app", region: "eu" } });
    const r = await settlePending(exported([pending("App", "app", { name: "ci-app", region: "eu" }, true)]), {
      since,
    });
    expect(r?.settled[0]?.outcome).toBe("removed");
    expect(r?.deployment.deployment.resources).toEqual([]);
    const apps = await mgmt.listAll("listApps", { query: { searchKey: "ci-app" } });
    // Deleted apps are archived by the service, and listed no more.
    expect(apps.filter((x) => x.id === made.data.id && x.state !== "archived")).toEqual([]);
  });

  it("a replacement the run made: the new object in state, the one it replaces marked for deletion", async () => {
    const since = now();
    await emu().chat.call("createRole", { body: { role: "ops-b", name: "Ops" } });
    const old = {
      urn: urn("Role", "ops"),
      type: "pulumi-nodejs:dynamic/chat:Role",
      custom: true,
      id: "ops",
      outputs: { role: "ops", name: "Ops" },
    };
    const other = {
      urn: urn("User", "x"),
      type: "pulumi-nodejs:dynamic/chat:User",
      dependencies: [urn("Role", "gone")],
    };
    const r = await settlePending(
      exported(
        [
          pending("Role", "ops", { role: "ops-b", name: "Ops" }),
          pending("Role", "gone", { role: "gone", name: "G" }),
        ],
        [old, other],
      ),
      { since },
    );
    const res = r?.deployment.deployment.resources ?? [];
    expect(res.filter((x) => x.urn === urn("Role", "ops")).map((x) => [x.id, x.delete ?? false])).toEqual([
      ["ops", true],
      ["ops-b", false],
    ]);
    // A dependency on a create that made nothing points at no resource, and is dropped.
    expect(res.find((x) => x.urn === urn("User", "x"))?.dependencies).toEqual([]);
  });

  it("sets are dropped for the next create to finish; other providers' creates are left, random's dropped", async () => {
    const ops: PendingOperation[] = [
      pending("GroupMembers", "m", { guid: "g", participants: ["a"] }),
      {
        type: "creating",
        resource: { urn: "urn:pulumi:s::p::aws:s3/bucket:Bucket::b", type: "aws:s3/bucket:Bucket" },
      },
      {
        type: "creating",
        resource: {
          urn: "urn:pulumi:s::p::random:index/randomPassword:RandomPassword::p",
          type: "random:index/randomPassword:RandomPassword",
        },
      },
    ];
    const r = await settlePending(exported(ops), { since: now() });
    expect(r?.settled.map((s) => s.outcome)).toEqual(["nothing made"]);
    expect(r?.deployment.deployment.pending_operations?.map((o) => o.resource.type)).toEqual([
      "aws:s3/bucket:Bucket",
    ]);
    expect(r?.foreign).toHaveLength(1);
  });

  it("without a known start, nothing dated is taken", async () => {
    await emu().chat.call("createGroup", { body: { guid: "undated", name: "U", type: "public" } });
    const r = await settlePending(exported([pending("Group", "g", { guid: "undated", name: "U" })]), {
      since: undefined,
    });
    expect(r?.settled[0]?.outcome).toBe("made before the run: left alone");
  });

  it("nothing pending: nothing to do", async () => {
    expect(await settlePending(exported([]), { since: now() })).toBeUndefined();
  });

  it("keeps the chat client honest: no request is sent for a dry run beyond reads", async () => {
    emu().admin.clearRequests();
    await emu()
      .chatClient()
      .call("createUser", { body: { uid: "dry", name: "Dry" } });
    emu().admin.clearRequests();
    await settlePending(exported([pending("User", "dry", { uid: "dry", name: "Other" })]), {
      since: 0,
      dryRun: true,
    });
    expect(
      emu()
        .admin.requests()
        .filter((q) => q.method !== "GET"),
    ).toEqual([]);
  });
});
