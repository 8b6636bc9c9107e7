// Objects of every listable kind, made through the provider before listing (test/integration/provider/list.test.ts),
// and valid inputs of those kinds for the tests that drive every kind's check (test/unit/resources/unknown-inputs.test.ts).
import type { KindName } from "../../provider/resources";

type Props = Record<string, unknown>;

/** A Firebase service-account file as FCM providers take it (the emulator checks its shape, not its key). */
export const SERVICE_ACCOUNT = {
  type: "service_account",
  project_id: "listed",
  private_key_id: "k1",
  private_key: "-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n",
  client_email: "sa@listed.iam.gserviceaccount.com",
};

/** Objects made through the provider before listing, per kind: at least two, one with every optional part. */
export const SEEDS: Partial<Record<KindName, Props[]>> = {
  App: [{ name: "listed-one" }, { name: "listed-two", region: "eu" }],
  Role: [
    {
      role: "listed-a",
      name: "A",
      restrictedFeatures: ["u.listUsers"],
      permissions: { sendMessage: "deny" },
    },
    { role: "listed-b", name: "B", description: "Plain" },
  ],
  User: [
    { uid: "listed-u1", name: "U1", role: "listed-a", tags: ["b", "a"], metadata: { k: 1 } },
    { uid: "listed-u2", name: "U2" },
  ],
  Group: [
    { guid: "listed-g1", name: "G1", type: "private", owner: "listed-u1", tags: ["ops"] },
    { guid: "listed-g2", name: "G2" },
  ],
  Friends: [
    { uid: "listed-u1", friends: ["listed-u2"] },
    { uid: "listed-u2", friends: ["listed-u1"] },
  ],
  BlockedUsers: [
    { uid: "listed-u1", blockedUids: ["listed-u2"] },
    { uid: "listed-u2", blockedUids: ["listed-u1"] },
  ],
  ApiKey: [{ name: "listed-k1", scope: "fullAccess" }, { name: "listed-k2" }],
  GroupBans: [
    { guid: "listed-g1", uids: ["listed-u2"] },
    { guid: "listed-g2", uids: ["listed-u1", "listed-u2"] },
  ],
  Bot: [
    { uid: "listed-u1", webhookURL: "https://h.example.com/bot1" },
    {
      uid: "listed-u2",
      webhookURL: "https://h.example.com/bot2",
      enabled: false,
      groupChatSetting: "all",
      useBasicAuth: true,
      username: "bots",
      password: "pw1234",
    },
  ],
  PinnedConversations: [
    {
      conversations: [
        { conversationType: "group", conversationWith: "listed-g2" },
        { conversationType: "user", conversationWith: "listed-u1" },
      ],
    },
  ],
  GroupScopePermissions: [
    { guid: "listed-g1", scope: "participant", permissions: { sendMessage: "deny" } },
    { guid: "listed-g2", scope: "moderator", permissions: { editMessage: "deny" } },
  ],
  Webhook: [
    { webhookId: "listed-w1", name: "W1", webhookURL: "https://h.example.com/1" },
    {
      webhookId: "listed-w2",
      name: "W2",
      webhookURL: "https://h.example.com/2",
      useBasicAuth: true,
      username: "hooks",
      password: "pw1234",
      retryOnFailure: true,
    },
  ],
  AppSettings: [{ settings: { "core.conversations.updateOnReplies": false } }],
  Collaborators: [{ admins: ["Listed-A@Example.com"], moderators: ["listed-m@example.com"] }],
  NotificationSettings: [{ sound: { chat: "ping.wav" } }],
  FcmPushProvider: [
    { providerId: "listed-f1", credentials: SERVICE_ACCOUNT, isDefault: true },
    { providerId: "listed-f2", credentials: SERVICE_ACCOUNT, serviceAccountFilename: "sa.json" },
  ],
  ApnsPushProvider: [
    {
      providerId: "listed-a1",
      keyId: "K1",
      teamId: "T1",
      bundleId: "com.example.one",
      credentials: { p8Key: "-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----" },
    },
    {
      providerId: "listed-a2",
      keyId: "K2",
      teamId: "T2",
      bundleId: "com.example.two",
      productionMode: true,
      credentials: { p8Key: "-----BEGIN PRIVATE KEY-----\ndef\n-----END PRIVATE KEY-----" },
    },
  ],
  CustomPushProvider: [{ webhookURL: "https://h.example.com/push" }],
  CustomEmailProvider: [
    {
      webhookURL: "https://h.example.com/mail",
      useBasicAuth: true,
      basicAuthUsername: "u",
      credentials: { basicAuthPassword: "p" },
    },
  ],
  CustomSmsProvider: [{ webhookURL: "https://h.example.com/sms", useStoredPhNo: true }],
  SendGridEmailProvider: [
    {
      sendGridTemplateID: "d-1",
      sendGridUnsubscribeGroupID: "1",
      senderName: "Ops",
      senderEmail: "ops@example.com",
      isEnabled: true,
      credentials: { sendGridApiKey: "SG.listed" },
    },
  ],
  TwilioSmsProvider: [
    {
      twilioAccountSID: "AC123",
      twilioSenderPhoneNumber: "+15550000001",
      isEnabled: true,
      credentials: { twilioAuthToken: "tw-token" },
    },
  ],
  ModerationKeywordList: [
    { listId: "listed-l1", name: "L1", category: "word", searchTerms: ["b", "a"] },
    { listId: "listed-l2", name: "L2", category: "sentence-similarity", disallowedSentences: ["go away"] },
  ],
  ModerationRule: [
    {
      ruleId: "listed-r1",
      name: "R1",
      enabled: true,
      action: ["blockMessage"],
      conditions: [{ operand: "text", category: "word", isListReferencePresent: true, value: ["listed-l1"] }],
    },
    {
      ruleId: "listed-r2",
      name: "R2",
      action: ["dropMessage"],
      conditions: [{ id: 3, operand: "text", category: "pattern", value: ["x+"] }],
    },
  ],
  McpServer: [{ slug: "listed-m1", name: "M1", url: "https://mcp.example.com", headers: { A: "1" } }],
  AiAgent: [
    {
      name: "listed-ai1",
      model: "gpt-4o",
      temperature: 0.2,
      icon: "https://cdn.example.com/i.png",
      suggestedMessages: ["hi", "help"],
      mcpServers: ["listed-m1"],
    },
    { name: "listed-ai2", isActive: false },
  ],
  ExternalAgent: [
    { name: "listed-x1", provider: "langgraph", deploymentUrl: "https://a.example.com", agentId: "g" },
    {
      name: "listed-x2",
      provider: "crewai",
      deploymentUrl: "https://b.example.com",
      headers: { Authorization: "Bearer x" },
    },
  ],
};
