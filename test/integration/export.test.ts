// chat-export against the emulator, in process: it pages through more users than one page holds, reads
// only, goes through the client's request budget, and what it writes is adopted by the provider with no
// call that changes anything (the passwords the API never returns taken as declared, group owners, tags,
// the default role with its permissions).

import { resetBudgets } from "../../provider/client";
import { LIMITS } from "../../provider/contract";
import { exportEnvironment } from "../../provider/environment/export";
import { parseEnvironment } from "../../provider/environment/load";
import { CrudProvider, kinds } from "../../provider/kinds";
import { FAST, useEmulated } from "../support/emulator";
import { at, list } from "../support/json";

const provider = (k: keyof typeof kinds) => new CrudProvider(kinds[k] as never);
const USERS = LIMITS.perPageMax + 50;

describe("chat-export", () => {
  const emu = useEmulated({ clientOptions: FAST });
  let connection: { appId: string; apiKey: string; endpoint: string };

  beforeAll(async () => {
    const a = emu().app;
    connection = { appId: a.appId, apiKey: a.apiKey, endpoint: emu().chatEndpoint };
    const chat = emu().chatClient({ budget: { requestsPerMinute: 100_000, concurrency: 10 } });
    await Promise.all(
      Array.from({ length: USERS }, (_, i) =>
        chat.call("createUser", { body: { uid: `u${String(i).padStart(4, "0")}`, name: `U ${i}` } }),
      ),
    );
    await chat.call("restrictFeatures", {
      params: { role: "default" },
      body: { featuresToRestrict: ["u.listUsers"] },
    });
    await chat.call("setPermissions", {
      params: { role: "default" },
      body: { permissions: { sendMessage: "deny", "createGroup.allowedGroupTypes": ["public", "private"] } },
    });
    await chat.call("createGroup", {
      body: {
        guid: "desk",
        name: "Desk",
        type: "password",
        password: "s3cret",
        owner: "u0001",
        tags: ["b", "a"],
      },
    });
    for (const guid of ["g1", "g2", "g3", "g4"]) {
      await chat.call("createGroup", {
        body: { guid, name: guid, type: "public", members: { participants: ["u0002", "u0003"] } },
      });
    }
    await emu()
      .managementClient()
      .call("createWebhook", {
        params: { appId: a.appId },
        body: {
          id: "hook",
          name: "Hook",
          webhookURL: "https://h.example.com/x",
          useBasicAuth: true,
          username: "hooks",
          password: "hookpass",
        },
      });
  });

  it("pages through every user, reads only, and keeps to the request budget", async () => {
    const a = emu().app;
    // A fresh budget of 2 in flight: the member reads of the groups queue instead of running at once.
    resetBudgets();
    const chat = emu().chatClient({ budget: { concurrency: 2 } });
    const lines: string[] = [];
    emu().admin.clearRequests();
    const { yaml, exported } = await exportEnvironment({
      chat,
      management: emu().managementClient(),
      apiKey: a.apiKey,
      report: (l) => lines.push(l),
    });
    expect(
      new Set(
        emu()
          .admin.requests()
          .map((r) => r.method),
      ),
    ).toEqual(new Set(["GET"]));
    expect(
      emu()
        .admin.requests()
        .filter((r) => r.path === "/v3/users"),
    ).toHaveLength(2);
    expect(chat.budgetStats().peakInFlight).toBe(2);
    expect(lines).toContain(`users: ${USERS}`);
    expect(list(parseEnvironment(yaml, "exported.yaml"), "users")).toHaveLength(USERS);
    expect(exported.secrets.map((s) => s.key)).toEqual(["groupPassword-desk", "webhookPassword-hook"]);
  });

  it("is adopted without a single write: default role, group (owner, tags, password), webhook (password)", async () => {
    const a = emu().app;
    const { yaml } = await exportEnvironment({ chat: emu().chatClient(), apiKey: a.apiKey });
    const env = parseEnvironment(yaml, "exported.yaml");
    const role = list(env, "roles").find((r) => r.role === "default");
    const desk = list(env, "groups").find((g) => g.guid === "desk");
    if (!role || !desk) throw new Error("the export lacks the default role or the group");
    const { members: _m, password: _p, adopt: _a, ...deskArgs } = desk;
    const { adopt: _ra, ...roleArgs } = role;
    // The role's permissions come from the catalogue's values (decision 0064).
    expect(roleArgs.permissions).toEqual({
      "createGroup.allowedGroupTypes": ["public", "private"],
      sendMessage: "deny",
    });

    emu().admin.clearRequests();
    const adopt = async (kind: keyof typeof kinds, args: Record<string, unknown>) => {
      const p = provider(kind);
      const { inputs, failures } = await p.check({}, { ...args, adopt: true, connection });
      expect(failures).toEqual([]);
      return p.create(inputs);
    };
    await adopt("Role", roleArgs);
    await adopt("Group", { ...deskArgs, password: "s3cret" });
    const mgmt = {
      key: emu().credentials.managementKey,
      secret: emu().credentials.managementSecret,
      endpoint: emu().managementUrl,
    };
    const hook = provider("Webhook");
    const { inputs } = await hook.check(
      {},
      {
        appId: a.appId,
        webhookId: "hook",
        name: "Hook",
        webhookURL: "https://h.example.com/x",
        useBasicAuth: true,
        username: "hooks",
        password: "hookpass",
        adopt: true,
        managementConnection: mgmt,
      },
    );
    const { outs } = await hook.create(inputs);
    expect(outs.password).toBe("hookpass");
    expect(
      emu()
        .admin.requests()
        .filter((r) => r.method !== "GET"),
    ).toEqual([]);
  });

  // ---- issue 12 part B: notifications and moderation (issue-12c) ----
  it("exports notifications and moderation, adopted without a single write (keys from secret config)", async () => {
    const a = emu().app;
    const chat = emu().chatClient();
    const serviceAccount = {
      project_id: "p",
      client_email: "push@p.iam.gserviceaccount.com",
      private_key: "pk",
      private_key_id: "pkid",
    };
    await chat.call("updateNotificationSettings", { body: { sound: { chat: "ping.wav" } } });
    await chat.call("addFcmProvider", {
      body: { providerId: "android", serviceAccountFilename: "sa.json", serviceAccountCreds: serviceAccount },
    });
    await chat.call("createKeywordList", {
      body: { id: "banned", name: "Banned", category: "word", searchTerms: "b,a" },
    });
    await chat.call("createRule", {
      body: {
        id: "no-banned",
        name: "No banned",
        enabled: true,
        action: ["blockMessage"],
        conditions: [{ operand: "text", category: "word", isListReferencePresent: true, value: ["banned"] }],
      },
    });
    const { yaml, exported } = await exportEnvironment({ chat, apiKey: a.apiKey });
    expect(exported.secrets.map((s) => s.key)).toContain("fcm-android-serviceAccount");
    const env = parseEnvironment(yaml, "exported.yaml");
    expect(at(env, "notifications", "settings", "sound", "chat")).toBe("ping.wav");
    const fcm = list(env, "notifications", "push", "fcm")[0];
    const rules = list(env, "moderation", "rules");
    const lists = list(env, "moderation", "keywordLists");
    expect(rules.map((r) => r.ruleId)).toContain("no-banned");
    expect(lists.map((l) => l.listId)).toEqual(["banned", "profanity-list"]);
    if (!fcm) throw new Error("the export lacks the FCM provider");

    emu().admin.clearRequests();
    const adopt = async (kind: keyof typeof kinds, args: Record<string, unknown>) => {
      const p = provider(kind);
      const { inputs, failures } = await p.check({}, { ...args, adopt: true, connection });
      expect(failures).toEqual([]);
      return p.create(inputs);
    };
    await adopt(
      "NotificationSettings",
      (at(env, "notifications", "settings") as Record<string, unknown>) ?? {},
    );
    const { serviceAccount: _sa, adopt: _fa, ...fcmArgs } = fcm;
    await adopt("FcmPushProvider", { ...fcmArgs, credentials: serviceAccount });
    for (const { adopt: _la, ...l } of lists) await adopt("ModerationKeywordList", l);
    for (const { adopt: _ra, ...r } of rules) await adopt("ModerationRule", r);
    expect(
      emu()
        .admin.requests()
        .filter((r) => r.method !== "GET"),
    ).toEqual([]);
  });

  it("the default role is refused without adopt, by name and with what to do", async () => {
    const p = provider("Role");
    const { inputs } = await p.check({}, { role: "default", name: "Default Role", connection });
    await expect(p.create(inputs)).rejects.toThrow(/"default" role exists in every app.*use adopt: true/);
  });
});
