// How chat-doctor checks each operation of ours whose wire rests on our reading (the ledger's unconfirmed rows,
// provider/contract/generated/ledger.ts): these checks run first, so that the first run against a real app says
// which guesses hold (decision 0119). test/unit/ledger.test.ts holds this table to the ledger: a guess without a
// probe, or a probe for an operation the ledger confirms, fails it.
import type { KindName } from "../kinds";

/** What a probe calls with: the clients of the app the doctor checks (any route by name). */
export interface ProbeClients {
  chat: Caller;
  management?: Caller;
  appId: string;
}
export type Caller = { call(name: string, req?: object): Promise<unknown> };

/** A probe's outcome; a thrown error is a failure (a shape error names its fields). */
export interface Outcome {
  status: "ok" | "skip";
  detail: string;
}

/** A step of a sample's life under --write (provider/doctor/exercise.ts). */
export type Step = "create" | "read" | "list" | "update" | "delete";

export interface Probe {
  /** A read the doctor makes with what it has (the client validates the answer against the contract). */
  read?: (c: ProbeClients) => Promise<Outcome>;
  /** Under --write: the step of the kind's sample (made, read back with no drift, listed, changed, deleted). */
  sample?: { kind: KindName; step: Step };
  /** Under --write: a write that changes nothing (what the app holds, sent back). */
  rewrite?: (c: ProbeClients) => Promise<Outcome>;
  /** No check the doctor can make safely: why, and how to check it by hand. */
  none?: string;
}

type Listing = { data?: unknown[] } | unknown[];
const count = (a: unknown): number => {
  const l = a as Listing;
  return Array.isArray(l) ? l.length : Array.isArray(l?.data) ? l.data.length : 0;
};
const listed = (route: string, query?: object) => async (c: ProbeClients) => {
  const n = count(await c.chat.call(route, query ? { query } : {}));
  return { status: "ok" as const, detail: `${n} listed; the answer matches the contract` };
};

/** A review queue read with `limit: 1`: more than one item back means the service ignored the name. */
const queue = (route: string) => async (c: ProbeClients) => {
  const n = count(await c.chat.call(route, { query: { limit: 1 } }));
  if (n > 1) throw new Error(`asked for limit 1 and got ${n} items: the service does not read \`limit\``);
  return {
    status: "ok" as const,
    detail:
      n === 1
        ? "limit 1 answered 1 item: the name holds; the answer matches the contract"
        : "no item to page through (the name is unproven until the queue holds two); the answer matches the contract",
  };
};

/** Entries of a permission catalogue, and how many carry a current value. */
const catalogue = (answer: unknown) => {
  const entries = ((answer as { data?: { value?: unknown }[] })?.data ?? []) as { value?: unknown }[];
  const valued = entries.filter((e) => e.value !== undefined).length;
  return `${entries.length} entries, ${valued} with a value; the answer matches the contract`;
};

/** A crawl fetches a real site (someone else's, for all the doctor knows): the doctor makes none. */
const WEBSITE_BY_HAND =
  "a crawl fetches a real site, which the doctor does not do: declare an AgentKnowledgeWebsite on a sandbox app, run up, and check that `pulumi refresh` shows no change (the listing names the site by its url, type website)";
/** A push certificate cannot be deleted, and the app holds one of each: a check makes none. */
const CERTIFICATE_BY_HAND =
  "a check would replace the app's real push certificate and none can be deleted, so it makes none: declare a PushCertificate with a p12 (and its password) and a p8 on a sandbox app, and preview again (no change means the guesses hold)";
/** A campaign channel cannot be deleted, so a check makes none. */
const CHANNEL_BY_HAND =
  "a campaign channel cannot be deleted, so a check makes none: declare a CampaignChannel on a sandbox app, change its name, and preview again (no change means the guess holds)";

/** A campaign template's delete archives it (the service keeps it), so a check makes none. */
const TEMPLATE_BY_HAND =
  "a campaign template's delete archives it and the service keeps it, so a check makes none: declare a CampaignTemplate on a sandbox app, change its label and a channel's content, and preview again (no change means the guess holds)";

export const PROBES: Readonly<Record<string, Probe>> = {
  getPermissions: {
    read: async (c) => ({
      status: "ok",
      detail: `role default: ${catalogue(await c.chat.call("getPermissions", { params: { role: "default" } }))}`,
    }),
    sample: { kind: "Role", step: "read" },
  },
  setPermissions: { sample: { kind: "Role", step: "update" } },
  getScopePermissions: {
    read: async (c) => {
      const groups = (await c.chat.call("listGroups", { query: { perPage: 1 } })) as {
        data?: { guid?: string }[];
      };
      const guid = groups.data?.[0]?.guid;
      if (!guid) return { status: "skip", detail: "no group in the app to read the participant scope of" };
      const answer = await c.chat.call("getScopePermissions", { params: { guid, scope: "participant" } });
      return { status: "ok", detail: `group ${guid}, participant: ${catalogue(answer)}` };
    },
  },
  listAppPinnedConversations: { read: listed("listAppPinnedConversations") },
  replaceAppPinnedConversations: {
    rewrite: async (c) => {
      const now = (await c.chat.call("listAppPinnedConversations", {})) as {
        data: { conversationType: string; conversationWith: string }[];
      };
      const pinnedConversations = now.data.map((p) =>
        p.conversationType === "group" ? { guid: p.conversationWith } : { uid: p.conversationWith },
      );
      await c.chat.call("replaceAppPinnedConversations", { body: { pinnedConversations } });
      return {
        status: "ok",
        detail: `sent the app's ${pinnedConversations.length} pinned conversations back unchanged; the answer matches the contract`,
      };
    },
  },
  updateChatWidget: {
    none: "a widget cannot be deleted, so a check makes none: declare a ChatWidget on a sandbox app, change its sidebar, and preview again (no change means the guess holds)",
  },
  createKeywordList: { sample: { kind: "ModerationCustomApiList", step: "create" } },
  getKeywordList: { sample: { kind: "ModerationCustomApiList", step: "read" } },
  updateKeywordList: { sample: { kind: "ModerationCustomApiList", step: "update" } },
  listBlockedMessages: { read: queue("listBlockedMessages") },
  listFlaggedMessages: { read: queue("listFlaggedMessages") },
  listReviewedMessages: { read: queue("listReviewedMessages") },
  createByoAgent: { sample: { kind: "ExternalAgent", step: "create" } },
  updateByoAgent: { sample: { kind: "ExternalAgent", step: "update" } },
  createBuilderAgent: { sample: { kind: "AiAgent", step: "create" } },
  updateBuilderAgent: { sample: { kind: "AiAgent", step: "update" } },
  listMcpServers: { read: listed("listMcpServers") },
  listKnowledgeSources: {
    read: listed("listKnowledgeSources"),
    sample: { kind: "AgentKnowledgeSource", step: "list" },
  },
  addAgentKnowledge: { sample: { kind: "AiAgent", step: "create" } },
  removeAgentKnowledge: { sample: { kind: "AiAgent", step: "update" } },
  // A catalogue tool's actions and settings (decision 0135): the AiAgent sample enables them, its read lists them.
  enableAgentToolActions: { sample: { kind: "AiAgent", step: "create" } },
  listAgentEnabledItems: { sample: { kind: "AiAgent", step: "read" } },
  // The campaigns service documents no answer bodies (docs/service/campaigns.md, decision 0131).
  listCampaignCategories: {
    read: listed("listCampaignCategories"),
    sample: { kind: "CampaignCategory", step: "list" },
  },
  createCampaignCategory: { sample: { kind: "CampaignCategory", step: "create" } },
  getCampaignCategory: { sample: { kind: "CampaignCategory", step: "read" } },
  updateCampaignCategory: { sample: { kind: "CampaignCategory", step: "update" } },
  deleteCampaignCategory: { sample: { kind: "CampaignCategory", step: "delete" } },
  listCampaignChannels: { read: listed("listCampaignChannels") },
  createCampaignChannel: { none: CHANNEL_BY_HAND },
  getCampaignChannel: { none: CHANNEL_BY_HAND },
  updateCampaignChannel: { none: CHANNEL_BY_HAND },
  listCampaignTemplates: { read: listed("listCampaignTemplates") },
  createCampaignTemplate: { none: TEMPLATE_BY_HAND },
  getCampaignTemplate: { none: TEMPLATE_BY_HAND },
  updateCampaignTemplate: { none: TEMPLATE_BY_HAND },
  updateCampaignTemplateChannel: { none: TEMPLATE_BY_HAND },
  archiveCampaignTemplate: { none: TEMPLATE_BY_HAND },
  initiateKnowledgeUploads: {
    none: "an upload needs a file's bytes, which the doctor does not make: declare an AgentKnowledgeFile on a sandbox app, run up, and check that `pulumi refresh` shows no change (the listing names the upload id)",
  },
  deleteKnowledgeUpload: {
    none: "the doctor makes no upload to delete: destroy an AgentKnowledgeFile on a sandbox app, then destroy it again from a copy of the state (a second delete must pass as already gone)",
  },
  scrapeKnowledgeWebsite: { none: WEBSITE_BY_HAND },
  processDiscoveredUrls: { none: WEBSITE_BY_HAND },
  deleteKnowledgeWebsite: {
    none: "the doctor crawls no site to delete: destroy an AgentKnowledgeWebsite on a sandbox app, then destroy it again from a copy of the state (a second delete must pass as already gone)",
  },
  uploadPushCertificateP12: { none: CERTIFICATE_BY_HAND },
  uploadPushCertificateP8: { none: CERTIFICATE_BY_HAND },
  queryPushCertificates: { none: CERTIFICATE_BY_HAND },
};

/** How a probe checks, in a few words (the README's and the coverage page's "checked by" column). */
export function describeProbe(p: Probe): string {
  const ways = [
    ...(p.read ? ["a read"] : []),
    ...(p.sample ? [`--write: the ${p.sample.kind} sample's ${p.sample.step}`] : []),
    ...(p.rewrite ? ["--write: the app's own value sent back"] : []),
  ];
  return ways.length > 0 ? ways.join("; ") : `not checked: ${p.none ?? "no probe"}`;
}
