// Every chat route of the table but the app-configuration ones (configuration-operations.test.ts), called
// through ChatClient against the emulator. The last test checks, from the client's own log lines, that each
// route was answered with a success at least once.

import { type ChatClient, isNotFound, NotFoundError, putPresigned } from "../../../provider/client";
import { type PinnedConversationTarget, routes } from "../../../provider/contract";
import { FAST, unique, useEmulated } from "../../support/emulator";
import { isConfigurationRoute } from "./configuration-routes";
import { recordingLogger, rejectionOf } from "./helpers";

const emulator = useEmulated({ clientOptions: FAST });
const log = recordingLogger();
let chat: ChatClient;
const alice = unique("Alice").toLowerCase();
const bob = unique("bob");
const guid = unique("grp");
const role = unique("role");

beforeAll(() => {
  chat = emulator().chatClient({ logger: log.logger });
});

describe("users and auth tokens", () => {
  it("creates users (ids lowercased as the service stores them) and reads them back", async () => {
    const created = await chat.call("createUser", {
      body: { uid: alice.toUpperCase(), name: "Alice", metadata: { team: "a" }, tags: ["t1"] },
    });
    expect(created.data).toMatchObject({ uid: alice, name: "Alice", role: "default", tags: ["t1"] });
    expect(typeof created.data.createdAt).toBe("number");
    await chat.call("createUser", { body: { uid: bob, name: "Bob" } });
    const got = await chat.call("getUser", { params: { uid: alice } });
    expect(got.data.metadata).toEqual({ team: "a" });
  });

  it("updates a user, unsetting a field", async () => {
    const r = await chat.call("updateUser", {
      params: { uid: alice },
      body: { name: "Alice A", unset: ["metadata"] },
    });
    expect(r.data.name).toBe("Alice A");
    expect(r.data.metadata ?? {}).toEqual({});
  });

  it("lists users page by page with paginate and listAll", async () => {
    const extra = Array.from({ length: 5 }, (_, i) => unique(`page${i}`));
    for (const uid of extra) await chat.call("createUser", { body: { uid, name: uid } });
    const first = await chat.call("listUsers", { query: { perPage: 2 } });
    expect(first.data).toHaveLength(2);
    expect(first.meta.pagination.per_page).toBe(2);
    const seen: string[] = [];
    for await (const u of chat.paginate("listUsers", { query: { perPage: 2 } })) seen.push(u.uid);
    expect(seen).toEqual(expect.arrayContaining([alice, bob, ...extra]));
    expect(new Set(seen).size).toBe(seen.length);
    const all = await chat.listAll("listUsers", { query: { perPage: 3 } });
    expect(all.map((u) => u.uid).sort()).toEqual([...seen].sort());
    // Each page was one request: ceil(total / 2) of them for the walk with perPage 2.
    const pages = log.fields.filter(
      (f) => f.route === "listUsers" && f.path === "/users" && f.status === 200,
    );
    expect(pages.length).toBeGreaterThanOrEqual(1 + Math.ceil(seen.length / 2) + Math.ceil(seen.length / 3));
  });

  it("stops a walk that starts past the last page", async () => {
    const none = await chat.listAll("listUsers", { query: { perPage: 1000, page: 50 } });
    expect(none).toEqual([]);
  });

  it("deactivates and reactivates users in bulk", async () => {
    const d = await chat.call("deactivateUsers", { body: { uidsToDeactivate: [bob] } });
    expect(d.data.deactivatedUids).toEqual([bob]);
    expect(isNotFound(await rejectionOf(chat.call("getUser", { params: { uid: bob } })))).toBe(true);
    await chat.call("reactivateUsers", { body: { uidsToActivate: [bob] } });
    expect((await chat.call("getUser", { params: { uid: bob } })).data.uid).toBe(bob);
  });

  it("creates, lists, reads, updates and deletes auth tokens", async () => {
    const t = await chat.call("createAuthToken", { params: { uid: alice }, body: { force: true } });
    expect(t.data.uid).toBe(alice);
    const token = t.data.authToken;
    const list = await chat.call("listAuthTokens", { params: { uid: alice } });
    expect(list.data.map((x) => x.authToken)).toContain(token);
    expect(
      (await chat.call("getAuthToken", { params: { uid: alice, authToken: token } })).data.authToken,
    ).toBe(token);
    const u = await chat.call("updateAuthToken", {
      params: { uid: alice, authToken: token },
      body: { platform: "web", userAgent: "jest", appInfo: { v: 1 } },
    });
    expect(u.data.authToken).toBe(token);
    expect(
      (await chat.call("deleteAuthToken", { params: { uid: alice, authToken: token } })).data.success,
    ).toBe(true);
    await chat.call("createAuthToken", { params: { uid: alice } });
    expect((await chat.call("flushAuthTokens", { params: { uid: alice } })).data.success).toBe(true);
    expect((await chat.call("listAuthTokens", { params: { uid: alice } })).data).toEqual([]);
  });
});

describe("groups, members and bans", () => {
  it("creates, reads, updates and lists groups", async () => {
    const g = await chat.call("createGroup", { body: { guid, name: "Group", type: "public", owner: alice } });
    expect(g.data).toMatchObject({ guid, name: "Group", type: "public" });
    expect((await chat.call("getGroup", { params: { guid } })).data.guid).toBe(guid);
    const u = await chat.call("updateGroup", { params: { guid }, body: { description: "about" } });
    expect(u.data.description).toBe("about");
    const all = await chat.listAll("listGroups");
    expect(all.map((x) => x.guid)).toContain(guid);
  });

  it("adds members, changes a scope, lists and kicks", async () => {
    const added = await chat.call("addMembers", { params: { guid }, body: { participants: [bob] } });
    expect(added.data.participants?.[bob]?.success).toBe(true);
    const s = await chat.call("changeMemberScope", {
      params: { guid, uid: bob },
      body: { scope: "moderator" },
    });
    expect(s.data.scope).toBe("moderator");
    const members = await chat.listAll("listMembers", { params: { guid } });
    expect(members.find((m) => m.uid === bob)?.scope).toBe("moderator");
    expect((await chat.call("kickMember", { params: { guid, uid: bob } })).data.success).toBe(true);
  });

  it("bans, lists banned users and unbans", async () => {
    expect((await chat.call("banUser", { params: { guid, uid: bob } })).data.success).toBe(true);
    const banned = await chat.listAll("listBannedUsers", { params: { guid } });
    expect(banned.map((u) => u.uid)).toContain(bob);
    expect((await chat.call("unbanUser", { params: { guid, uid: bob } })).data.success).toBe(true);
  });
});

describe("roles, restricted features and permissions", () => {
  it("creates, reads, updates and lists roles", async () => {
    const r = await chat.call("createRole", {
      body: { role, name: "Moderators", settings: { listUsers: "all" } },
    });
    expect(r.data.role).toBe(role);
    expect((await chat.call("getRole", { params: { role } })).data.name).toBe("Moderators");
    expect(
      (await chat.call("updateRole", { params: { role }, body: { description: "d" } })).data.description,
    ).toBe("d");
    expect((await chat.listAll("listRoles")).map((x) => x.role)).toEqual(
      expect.arrayContaining(["default", role]),
    );
  });

  it("restricts, lists and allows features", async () => {
    const r = await chat.call("restrictFeatures", {
      params: { role },
      body: { featuresToRestrict: ["u.listUsers", "u.deleteGroup"] },
    });
    expect(r.data["u.listUsers"]?.success).toBe(true);
    const keys = (await chat.listAll("listRestrictedFeatures", { params: { role } })).map((f) => f.key);
    expect(keys.sort()).toEqual(["u.deleteGroup", "u.listUsers"]);
    await chat.call("allowFeatures", { params: { role }, body: { allowAll: true } });
    expect(await chat.listAll("listRestrictedFeatures", { params: { role } })).toEqual([]);
  });

  it("sets, reads and unsets permissions", async () => {
    const set = await chat.call("setPermissions", {
      params: { role },
      body: { permissions: { sendMessage: "deny", "listUsers.mode": "friends" } },
    });
    expect(set.data.permissions).toMatchObject({ sendMessage: "deny" });
    const catalogue = (await chat.call("getPermissions", { params: { role } })).data;
    expect(catalogue.find((e) => e.id === "listUsers.mode")?.value).toBe("friends");
    const after = await chat.call("unsetPermission", { params: { role, permission: "sendMessage" } });
    expect(after.data.permissions.sendMessage).not.toBe("deny");
  });
});

describe("API keys", () => {
  it("creates, reads, updates, lists and deletes a key", async () => {
    const k = await chat.call("createApiKey", { body: { name: "ci", scope: "authOnly" } });
    const apiKey = k.data.apiKey;
    expect(k.data.scope).toBe("authOnly");
    expect((await chat.call("getApiKey", { params: { apiKey } })).data.name).toBe("ci");
    expect((await chat.call("updateApiKey", { params: { apiKey }, body: { name: "ci2" } })).data.name).toBe(
      "ci2",
    );
    expect((await chat.listAll("listApiKeys")).map((x) => x.apiKey)).toContain(apiKey);
    expect((await chat.call("deleteApiKey", { params: { apiKey } })).data.success).toBe(true);
    expect(await rejectionOf(chat.call("getApiKey", { params: { apiKey } }))).toBeInstanceOf(NotFoundError);
  });
});

describe("messages and reactions", () => {
  let id = "";

  it("sends, reads and lists messages", async () => {
    const sent = await chat.call("sendMessage", {
      onBehalfOf: alice,
      body: { receiver: bob, receiverType: "user", type: "text", data: { text: "hello" } },
    });
    id = sent.data.id;
    expect(sent.data).toMatchObject({ sender: alice, receiver: bob, category: "message", type: "text" });
    expect(sent.data.reactions).toEqual([]);
    expect((await chat.call("getMessage", { params: { id } })).data.id).toBe(id);
    const list = await chat.call("listMessages", {
      query: { conversationId: sent.data.conversationId, limit: 10 },
    });
    expect(list.data.map((m) => m.id)).toContain(id);
    expect(list.meta.current.count).toBe(list.data.length);
  });

  it("adds, lists and removes reactions, accepting reactions inside data", async () => {
    const added = await chat.call("addReaction", { params: { id, reaction: "👍" }, onBehalfOf: bob });
    expect(added.data.reactions).toEqual([
      expect.objectContaining({ reaction: "👍", count: 1, reactedByMe: true }),
    ]);
    await chat.call("addReaction", { params: { id, reaction: "👍" }, onBehalfOf: alice });
    const list = await chat.call("listReactions", { params: { id } });
    expect(list.data.map((r) => r.uid).sort()).toEqual([alice, bob].sort());
    const removed = await chat.call("removeReaction", { params: { id, reaction: "👍" }, onBehalfOf: bob });
    expect(removed.data.reactions).toEqual([expect.objectContaining({ reaction: "👍", count: 1 })]);
    expect(removed.data.reactions[0]?.reactedByMe).not.toBe(true);
  });

  it("edits and deletes a message", async () => {
    const edited = await chat.call("editMessage", {
      params: { id },
      onBehalfOf: alice,
      body: { data: { text: "hi!" } },
    });
    expect(edited.data).toBeDefined();
    expect((await chat.call("getMessage", { params: { id } })).data.data?.text).toBe("hi!");
    const del = await chat.call("deleteMessage", {
      params: { id },
      onBehalfOf: alice,
      body: { permanent: true },
    });
    expect(del.data).toBeDefined();
    expect(isNotFound(await rejectionOf(chat.call("getMessage", { params: { id } })))).toBe(true);
  });
});

describe("bots", () => {
  const botUid = unique("bot");
  const hook = "https://bot.example.com/hook";
  const password = unique("s3cret-pw");

  it("makes a bot of an existing user, reads, updates, lists and deletes it; its password stays out of the logs", async () => {
    await chat.call("createUser", { body: { uid: botUid, name: "Bot" } });
    const c = await chat.call("createBot", {
      body: { uid: botUid, webhookURL: hook, useBasicAuth: true, username: "bot", password },
    });
    expect(c.data).toMatchObject({
      uid: botUid,
      webhookURL: hook,
      groupChatSetting: "none",
      useBasicAuth: true,
    });
    expect((await chat.call("getBot", { params: { uid: botUid } })).data).toEqual(c.data);
    const u = await chat.call("updateBot", {
      params: { uid: botUid },
      body: { enabled: true, groupChatSetting: "allMessages" },
    });
    expect(u.data).toMatchObject({ enabled: true, groupChatSetting: "allMessages", username: "bot" });
    const listed = await chat.listAll("listBots", { query: { perPage: 1 } });
    expect(listed.find((b) => b.uid === botUid)?.enabled).toBe(true);
    expect((await chat.call("deleteBot", { params: { uid: botUid } })).data.success).toBe(true);
    expect(isNotFound(await rejectionOf(chat.call("getBot", { params: { uid: botUid } })))).toBe(true);
    expect((await chat.call("getUser", { params: { uid: botUid } })).data.uid).toBe(botUid);
    expect(
      [...log.lines, ...log.fields.map((f) => JSON.stringify(f))].filter((l) => l.includes(password)),
    ).toEqual([]);
  });
});

describe("AI agents", () => {
  const slug = unique("docs-mcp");
  const name = unique("Helper");

  it("creates an MCP server and a builder agent, attaches the server, lists, reads, updates and deletes both", async () => {
    const m = await chat.call("createMcpServer", {
      body: { slug, name: "Docs", url: "https://mcp.example.com", headers: { Authorization: "Bearer t" } },
    });
    expect(m.data).toMatchObject({ slug, name: "Docs", url: "https://mcp.example.com" });
    const c = await chat.call("createBuilderAgent", {
      body: { name, instruction: "Be brief.", model: "m1" },
    });
    const uid = c.data.uid;
    expect(c.data).toMatchObject({ name, mcpServers: [], isActive: true });
    const added = await chat.call("addAgentMcpServers", { params: { uid }, body: { mcps: [slug] } });
    expect(added.data.mcpServers).toEqual([slug]);
    const changed = await chat.call("updateMcpServer", { params: { slug }, body: { name: "Docs 2" } });
    expect((await chat.call("getMcpServer", { params: { slug } })).data).toEqual(changed.data);
    const listed = await chat.call("listMcpServers", { query: { limit: 100 } });
    expect(listed.data.map((s) => s.slug)).toContain(slug);
    const detached = await chat.call("removeAgentMcpServers", { params: { uid }, body: { mcps: [slug] } });
    expect(detached.data.mcpServers).toEqual([]);
    await chat.call("addAgentMcpServers", { params: { uid }, body: { mcps: [slug] } });
    await chat.call("createBuilderAgent", { body: { name: `${name} two` } });
    const seen: string[] = [];
    for await (const a of chat.paginate("listBuilderAgents", { query: { search: name, limit: 1 } })) {
      seen.push(a.name);
    }
    expect(seen.sort()).toEqual([name, `${name} two`]);
    const u = await chat.call("updateBuilderAgent", {
      params: { uid },
      body: { isActive: false, description: "d" },
    });
    expect(u.success).toBe(true);
    expect((await chat.call("getBuilderAgent", { params: { uid } })).data).toMatchObject({
      isActive: false,
      description: "d",
      model: "m1",
      mcpServers: [slug],
    });
    expect((await chat.call("deleteBuilderAgent", { params: { uid } })).data.success).toBe(true);
    expect(isNotFound(await rejectionOf(chat.call("getBuilderAgent", { params: { uid } })))).toBe(true);
    expect((await chat.call("deleteMcpServer", { params: { slug } })).success).toBe(true);
    expect(isNotFound(await rejectionOf(chat.call("getMcpServer", { params: { slug } })))).toBe(true);
  });

  it("creates, lists, updates and deletes a bring-your-own agent", async () => {
    const byo = unique("Byo");
    const c = await chat.call("createByoAgent", {
      body: {
        name: byo,
        integrateWith: "langgraph",
        integrationType: "agent",
        integrationMeta: { baseUrl: "https://agent.example.com/run" },
      },
    });
    const uid = c.data.uid;
    expect(c.data).toMatchObject({ name: byo, integrateWith: "langgraph", isActive: true });
    expect((await chat.listAll("listByoAgents", { query: { searchKey: byo } })).map((a) => a.uid)).toEqual([
      uid,
    ]);
    const meta = { baseUrl: "https://agent.example.com/run", agentId: "graph-1" };
    const u = await chat.call("updateByoAgent", { params: { uid }, body: { integrationMeta: meta } });
    expect(u.success).toBe(true);
    const [listed] = await chat.listAll("listByoAgents", { query: { searchKey: byo } });
    expect(listed?.integrationMeta).toEqual(meta);
    expect((await chat.call("deleteByoAgent", { params: { uid } })).data.success).toBe(true);
    expect(await chat.listAll("listByoAgents", { query: { searchKey: byo } })).toEqual([]);
  });
});

describe("friends, blocked users and app-pinned conversations", () => {
  it("adds, lists and removes friends", async () => {
    const r = await chat.call("addFriends", { params: { uid: alice }, body: { accepted: [bob] } });
    expect(r.data.accepted[bob]?.success).toBe(true);
    expect((await chat.listAll("listFriends", { params: { uid: alice } })).map((u) => u.uid)).toEqual([bob]);
    expect((await chat.listAll("listFriends", { params: { uid: bob } })).map((u) => u.uid)).toEqual([alice]);
    expect(
      (await chat.call("removeFriends", { params: { uid: alice }, body: { friends: [bob] } })).data.success,
    ).toBe(true);
    expect(await chat.listAll("listFriends", { params: { uid: bob } })).toEqual([]);
  });

  it("blocks, lists blocked users and unblocks", async () => {
    const r = await chat.call("blockUsers", { params: { uid: alice }, body: { blockedUids: [bob] } });
    expect(r.data[bob]?.success).toBe(true);
    const blocked = await chat.listAll("listBlockedUsers", { params: { uid: alice } });
    expect(blocked).toEqual([expect.objectContaining({ uid: bob, blockedByMe: true })]);
    const u = await chat.call("unblockUsers", { params: { uid: alice }, body: { blockedUids: [bob] } });
    expect(u.data[bob]?.success).toBe(true);
    expect(await chat.listAll("listBlockedUsers", { params: { uid: alice } })).toEqual([]);
  });

  it("replaces and lists the conversations the app pins", async () => {
    const pins: PinnedConversationTarget[] = [{ guid }, { uid: bob }];
    const r = await chat.call("replaceAppPinnedConversations", { body: { pinnedConversations: pins } });
    expect(r.data.map((c) => c.conversationWith)).toEqual([guid, bob]);
    expect(r.data[0]?.conversationId).toBe(`group_${guid}`);
    expect((await chat.call("listAppPinnedConversations")).data).toEqual(r.data);
    await chat.call("replaceAppPinnedConversations", { body: { pinnedConversations: [] } });
    expect((await chat.call("listAppPinnedConversations")).data).toEqual([]);
  });
});

describe("deletes", () => {
  it("imports a user, a group, a member and a message with their times, answering per key", async () => {
    const uid = unique("imp-user");
    const users = await chat.call("importUsers", {
      body: { users: { [uid]: { uid, name: "Imported", createdAt: 1_500_000_000 } } },
    });
    expect(users.data[uid]?.success).toBe(true);
    const g = unique("imp-grp");
    const groups = await chat.call("importGroups", {
      body: {
        groups: { [g]: { guid: g, name: "Imported", type: "public", owner: uid, createdAt: 1_500_000_000 } },
      },
    });
    expect(groups.data[g]?.success).toBe(true);
    const memberId = `${g}_member_${bob}`;
    const members = await chat.call("importMembers", {
      body: {
        members: { [memberId]: { memberId, guid: g, uid: bob, scope: "moderator", joinedAt: 1_500_000_100 } },
      },
    });
    expect(members.data[memberId]?.success).toBe(true);
    const muid = unique("imp-muid");
    const message = { muid, sender: uid, receiverType: "group", receiver: g, sentAt: 1_500_000_200 } as const;
    const messages = await chat.call("importMessages", {
      body: { messages: { [muid]: { ...message, data: { text: "from before" }, readAt: 1_500_000_300 } } },
    });
    expect(messages.data[muid]?.success).toBe(true);
    await chat.call("deleteGroup", { params: { guid: g } });
    await chat.call("deleteUser", { params: { uid }, body: { permanent: true } });
  });

  it("reads the usage and message metrics", async () => {
    const usage = await chat.call("getUsageMetrics", { query: { fromDate: 0, toDate: 2_000_000_000 } });
    expect(usage.data).toBeDefined();
    const messages = await chat.call("getMessageMetrics", {});
    expect(messages.data).toBeDefined();
  });

  it("deletes the group, the role and the users", async () => {
    expect((await chat.call("deleteGroup", { params: { guid } })).data.success).toBe(true);
    expect((await chat.call("deleteRole", { params: { role } })).data.success).toBe(true);
    expect(
      (await chat.call("deleteUser", { params: { uid: bob }, body: { permanent: true } })).data.success,
    ).toBe(true);
    expect((await chat.call("deleteUser", { params: { uid: alice } })).data.success).toBe(true);
    expect(isNotFound(await rejectionOf(chat.call("getUser", { params: { uid: bob } })))).toBe(true);
  });
});

describe("the agent builder's knowledge base and variables (decision 0113)", () => {
  it("makes, reads, changes, lists, attaches, detaches and deletes a text entry", async () => {
    const title = unique("Refunds");
    const made = await chat.call("createKnowledgeText", { body: { title, text: "Five days." } });
    const uniqueId = made.data.uniqueId;
    expect(made.data).toMatchObject({ title, fileName: `${title.toLowerCase()}.md` });
    const got = await chat.call("getKnowledgeText", { params: { uniqueId } });
    expect(got.data).toMatchObject({ uniqueId, title, text: "Five days.", status: "indexed" });
    const changed = await chat.call("updateKnowledgeText", {
      params: { uniqueId },
      body: { text: "Three." },
    });
    expect(changed.data).toMatchObject({ title, text: "Three." });
    // Newest first, by a string cursor: every entry once, the walk ending.
    const second = (await chat.call("createKnowledgeText", { body: { title: "Other", text: "x" } })).data;
    const all = await chat.listAll("listKnowledgeSources", { query: { limit: 1 } });
    const ids = all.map((r) => r.uniqueId);
    expect(ids.indexOf(second.uniqueId)).toBeLessThan(ids.indexOf(uniqueId));
    expect(new Set(ids).size).toBe(ids.length);
    expect(all.find((r) => r.uniqueId === uniqueId)).toMatchObject({ type: "text", sourceName: title });

    const uid = (await chat.call("createBuilderAgent", { body: { name: unique("kb-agent") } })).data.uid;
    const params = { uid, sourceType: "text" as const };
    await chat.call("addAgentKnowledge", { params, body: { uniqueIds: [uniqueId, second.uniqueId] } });
    expect((await chat.call("getBuilderAgent", { params: { uid } })).data.files).toEqual([
      uniqueId,
      second.uniqueId,
    ]);
    await chat.call("removeAgentKnowledge", { params, body: { uniqueIds: [second.uniqueId] } });
    expect((await chat.call("getBuilderAgent", { params: { uid } })).data.files).toEqual([uniqueId]);
    // A source that does not exist is refused, and nothing is attached.
    const missing = await rejectionOf(
      chat.call("addAgentKnowledge", { params, body: { uniqueIds: [second.uniqueId, "nope"] } }),
    );
    expect(missing).toMatchObject({ code: "ERR_KNOWLEDGE_SOURCE_NOT_FOUND", status: 404 });
    // Deleting an entry detaches it from the agents.
    await chat.call("deleteKnowledgeText", { params: { uniqueId } });
    expect((await chat.call("getBuilderAgent", { params: { uid } })).data.files).toEqual([]);
    expect(isNotFound(await rejectionOf(chat.call("getKnowledgeText", { params: { uniqueId } })))).toBe(true);
    await chat.call("deleteKnowledgeText", { params: { uniqueId: second.uniqueId } });
    await chat.call("deleteBuilderAgent", { params: { uid } });
  });

  it("initiates a file's upload, PUTs its bytes to the presigned URL, lists it, and deletes it (S50, decision 0132)", async () => {
    const fileName = `${unique("faq")}.md`;
    const bytes = Buffer.from("# FAQ\nFive days.\n");
    const made = await chat.call("initiateKnowledgeUploads", {
      body: { files: [{ fileName, mimeType: "text/markdown", fileSize: bytes.length }] },
    });
    const upload = made.data.uploads[0];
    expect(upload).toMatchObject({ fileName, presignedUrl: expect.any(String) });
    const uploadId = upload?.uploadId ?? "";
    // Listed once its bytes arrive.
    const listed = async () =>
      (await chat.listAll("listKnowledgeSources", {})).filter((r) => r.uniqueId === uploadId);
    expect(await listed()).toEqual([]);
    await putPresigned(upload?.presignedUrl ?? "", bytes, "text/markdown", fileName);
    expect(await listed()).toMatchObject([{ type: "uploads", sourceName: fileName }]);
    await chat.call("deleteKnowledgeUpload", { params: { uniqueId: uploadId } });
    expect(await listed()).toEqual([]);
    const again = await rejectionOf(chat.call("deleteKnowledgeUpload", { params: { uniqueId: uploadId } }));
    expect(isNotFound(again)).toBe(true);
  });

  it("crawls a website, finds it in the listing by its url, processes its pages, and deletes it (S46, decision 0137)", async () => {
    const url = `https://${unique("site")}.example.com/`;
    const crawl = await chat.call("scrapeKnowledgeWebsite", {
      body: { url, maxDepth: 2, fetchSitemap: true },
    });
    expect(crawl.data).toMatchObject({ crawlId: expect.any(String), sitemap: { found: true } });
    const listed = async () =>
      (await chat.listAll("listKnowledgeSources", {})).filter(
        (r) => r.type === "website" && r.sourceName === url,
      );
    const [site] = await listed();
    const parentUniqueId = site?.uniqueId ?? "";
    const batch = await chat.call("processDiscoveredUrls", {
      params: { parentUniqueId },
      body: { exclude: [] },
    });
    expect(batch.data).toMatchObject({ urlsProcessed: 3 });
    await chat.call("deleteKnowledgeWebsite", { params: { uniqueId: parentUniqueId } });
    expect(await listed()).toEqual([]);
    const again = await rejectionOf(
      chat.call("deleteKnowledgeWebsite", { params: { uniqueId: parentUniqueId } }),
    );
    expect(isNotFound(again)).toBe(true);
    const deep = await rejectionOf(chat.call("scrapeKnowledgeWebsite", { body: { url, maxDepth: 11 } }));
    expect(String(deep)).toMatch(/maxDepth must be at most 10/);
  });

  it("refuses an entry over its limits before sending, naming the field", async () => {
    const long = await rejectionOf(
      chat.call("createKnowledgeText", { body: { title: "t", text: "x".repeat(5001) } }),
    );
    expect(String(long)).toMatch(/text must be at most 5000 characters/);
  });

  it("makes, lists, changes and deletes a custom variable; a second of the same name is refused", async () => {
    const name = `plan_${unique("v").replace(/-/g, "_")}`;
    const made = await chat.call("createAgentVariable", {
      body: { name, sourceType: "user_metadata", sourcePath: "plan", defaultValue: "free" },
    });
    const variableId = made.data._id;
    expect(made.data).toMatchObject({ name, category: "custom", sourcePath: "plan" });
    const again = await rejectionOf(
      chat.call("createAgentVariable", { body: { name, sourceType: "constant", constantValue: "x" } }),
    );
    expect(again).toMatchObject({ code: "ERR_VARIABLE_ALREADY_EXISTS" });
    const changed = await chat.call("updateAgentVariable", {
      params: { variableId },
      body: { sourceType: "constant", constantValue: "pro", sourcePath: "" },
    });
    expect(changed.data).toMatchObject({ name, sourceType: "constant", constantValue: "pro" });
    expect(changed.data).not.toHaveProperty("sourcePath");
    const listed = await chat.call("listAgentVariables");
    expect(listed.data.filter((v) => v.name === name)).toEqual([changed.data]);
    await chat.call("deleteAgentVariable", { params: { variableId } });
    const gone = await rejectionOf(chat.call("deleteAgentVariable", { params: { variableId } }));
    expect(gone).toMatchObject({ code: "ERR_VARIABLE_NOT_FOUND", status: 404 });
  });

  it("refuses a variable whose source lacks its value, or a bad name, before sending", async () => {
    const noPath = await rejectionOf(
      chat.call("createAgentVariable", { body: { name: "a", sourceType: "user_metadata" } }),
    );
    expect(String(noPath)).toMatch(/a metadata variable needs sourcePath/);
    const badName = await rejectionOf(
      chat.call("createAgentVariable", { body: { name: "1a", sourceType: "constant", constantValue: "x" } }),
    );
    expect(String(badName)).toMatch(/name must start with a letter/);
  });
});

describe("the agent builder's custom API tools, frontend actions and catalogue tools (decision 0112)", () => {
  it("makes, reads, changes, lists and deletes an API tool; gives it to an agent and takes it back", async () => {
    const slug = unique("orders");
    const body = {
      slug,
      name: "Orders",
      description: "d",
      endpoint: "https://api.example.com/o",
      method: "GET" as const,
      enableBasicAuth: false,
    };
    expect((await chat.call("createApiTool", { body })).data).toMatchObject({ slug, name: "Orders" });
    expect((await chat.call("getApiTool", { params: { slug } })).data).toMatchObject({ slug, method: "GET" });
    await chat.call("updateApiTool", { params: { slug }, body: { name: "Orders 2" } });
    expect((await chat.call("getApiTool", { params: { slug } })).data.name).toBe("Orders 2");
    expect((await chat.call("listApiTools", { query: { limit: 100 } })).data.map((t) => t.slug)).toContain(
      slug,
    );
    const uid = (await chat.call("createBuilderAgent", { body: { name: unique("tool-agent") } })).data.uid;
    await chat.call("addAgentApiTools", { params: { uid }, body: { apiTools: [slug] } });
    expect((await chat.call("getBuilderAgent", { params: { uid } })).data.apiTools).toEqual([slug]);
    await chat.call("removeAgentApiTools", { params: { uid }, body: { apiTools: [slug] } });
    expect((await chat.call("getBuilderAgent", { params: { uid } })).data.apiTools ?? []).toEqual([]);
    await chat.call("deleteApiTool", { params: { slug } });
    expect(isNotFound(await rejectionOf(chat.call("getApiTool", { params: { slug } })))).toBe(true);
    await chat.call("deleteBuilderAgent", { params: { uid } });
  });

  it("makes, reads, changes, lists and deletes a frontend action; gives catalogue tools and actions to an agent", async () => {
    const triggerFunction = `open${unique("o").replace(/[^A-Za-z0-9]/g, "")}`;
    const made = await chat.call("createFrontendAction", {
      body: { triggerFunction, name: "Open", description: "d" },
    });
    const id = made.data._id;
    expect((await chat.call("getFrontendAction", { params: { id } })).data.triggerFunction).toBe(
      triggerFunction,
    );
    await chat.call("updateFrontendAction", { params: { id }, body: { name: "Open 2" } });
    expect((await chat.call("getFrontendAction", { params: { id } })).data.name).toBe("Open 2");
    const listed = await chat.call("listFrontendActions", { query: { limit: 100 } });
    expect(listed.data.map((a) => a._id)).toContain(id);
    const uid = (await chat.call("createBuilderAgent", { body: { name: unique("action-agent") } })).data.uid;
    await chat.call("addAgentFrontendActions", {
      params: { uid },
      body: { frontendActions: [triggerFunction] },
    });
    await chat.call("addAgentTools", { params: { uid }, body: { tools: ["gmail"] } });
    expect((await chat.call("getBuilderAgent", { params: { uid } })).data).toMatchObject({
      frontendActions: [triggerFunction],
      tools: ["gmail"],
    });
    // A catalogue tool's actions: enabled, read back per tool from the enabled items, disabled.
    const params = { uid, slug: "gmail" };
    await chat.call("enableAgentToolActions", { params, body: { actions: ["send-email", "draft-email"] } });
    await chat.call("disableAgentToolActions", { params, body: { actions: ["draft-email"] } });
    const items = await chat.call("listAgentEnabledItems", {
      params: { uid },
      query: { tools: "true", frontendActions: "false", apiTools: "false", mcpServers: "false" },
    });
    expect(items.data.tools.map((t) => [t.slug, t.actions.map((a) => a.slug)])).toEqual([
      ["gmail", ["send-email"]],
    ]);
    await chat.call("removeAgentFrontendActions", {
      params: { uid },
      body: { frontendActions: [triggerFunction] },
    });
    await chat.call("removeAgentTools", { params: { uid }, body: { tools: ["gmail"] } });
    const after = (await chat.call("getBuilderAgent", { params: { uid } })).data;
    expect([after.frontendActions ?? [], after.tools ?? []]).toEqual([[], []]);
    await chat.call("deleteFrontendAction", { params: { id } });
    expect(isNotFound(await rejectionOf(chat.call("getFrontendAction", { params: { id } })))).toBe(true);
    await chat.call("deleteBuilderAgent", { params: { uid } });
  });
});

describe("the moderation queues (decision 0114)", () => {
  it("flags a message, lists it, reviews it and lists it among the reviewed; reads the blocked queue", async () => {
    const [from, to] = [unique("flagger"), unique("flagged")];
    for (const uid of [from, to]) await chat.call("createUser", { body: { uid, name: uid } });
    const sent = await chat.call("sendMessage", {
      onBehalfOf: from,
      body: { receiver: to, receiverType: "user", type: "text", data: { text: "buy now" } },
    });
    const id = sent.data.id;
    await chat.call("flagMessage", { params: { id }, body: { reasonId: "spam" }, onBehalfOf: to });
    const flagged = await chat.call("listFlaggedMessages", { query: { limit: 100 } });
    expect(flagged.data.find((m) => m.id === id)?.flaggedBy.length).toBe(1);
    await chat.call("reviewFlaggedMessage", { params: { id }, body: { status: "approved" } });
    const reviewed = await chat.call("listReviewedMessages", { query: { limit: 100 } });
    expect(reviewed.data.length).toBeGreaterThan(0);
    expect(
      (await chat.call("listFlaggedMessages", { query: { limit: 100 } })).data.map((m) => m.id),
    ).not.toContain(id);
    expect(Array.isArray((await chat.call("listBlockedMessages", {})).data)).toBe(true);
  });
});

describe("the campaigns service's categories and channels (decision 0131)", () => {
  it("creates, reads, updates, lists and deletes a category", async () => {
    const name = unique("cat");
    const made = (await chat.call("createCampaignCategory", { body: { name, description: "first" } })).data;
    expect((await chat.call("getCampaignCategory", { params: { id: made.id } })).data.name).toBe(name);
    await chat.call("updateCampaignCategory", { params: { id: made.id }, body: { description: "second" } });
    const listed = (await chat.call("listCampaignCategories", { query: { limit: 100 } })).data;
    expect(listed.find((c) => c.id === made.id)?.description).toBe("second");
    await chat.call("deleteCampaignCategory", { params: { id: made.id } });
    expect(isNotFound(await rejectionOf(chat.call("getCampaignCategory", { params: { id: made.id } })))).toBe(
      true,
    );
  });

  it("creates, reads, updates and lists a channel (the service has no route to delete one)", async () => {
    const channelId = unique("feed");
    const made = (
      await chat.call("createCampaignChannel", {
        body: { name: "Feed", type: "in_app", channelId, enabled: true },
      })
    ).data;
    expect((await chat.call("getCampaignChannel", { params: { id: made.id } })).data.channelId).toBe(
      channelId,
    );
    await chat.call("updateCampaignChannel", { params: { id: made.id }, body: { enabled: false } });
    const listed = (await chat.call("listCampaignChannels", { query: { limit: 100 } })).data;
    expect(listed.find((c) => c.id === made.id)?.enabled).toBe(false);
  });
});

describe("the campaigns service's templates (decision 0134)", () => {
  it("creates, reads, updates, lists a template, changes a channel's content and archives it", async () => {
    const templateId = unique("tpl");
    const made = (
      await chat.call("createCampaignTemplate", {
        body: {
          templateId,
          name: "Welcome",
          templateCategory: "Onboarding",
          channels: [{ channelType: "in_app" }],
        },
      })
    ).data;
    expect((await chat.call("getCampaignTemplate", { params: { id: made.id } })).data.templateId).toBe(
      templateId,
    );
    await chat.call("updateCampaignTemplate", { params: { id: made.id }, body: { label: "Hi" } });
    await chat.call("updateCampaignTemplateChannel", {
      params: { id: made.id, channelType: "in_app" },
      body: { content: { title: "Welcome aboard" } },
    });
    const listed = (await chat.call("listCampaignTemplates", { query: { limit: 100 } })).data;
    expect(listed.find((t) => t.id === made.id)?.label).toBe("Hi");
    await chat.call("archiveCampaignTemplate", { params: { id: made.id } });
  });
});

it("called every chat route of the table with success", () => {
  const chatRoutes = Object.entries(routes)
    .filter(([name, r]) => r.api === "chat" && !isConfigurationRoute(name))
    .map(([name]) => name);
  const ok = new Set(log.fields.filter((f) => f.status === 200).map((f) => f.route));
  expect(chatRoutes.filter((name) => !ok.has(name))).toEqual([]);
  expect(emulator().app.appId).toBeTruthy();
});
