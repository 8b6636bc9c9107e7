// How each write that is not idempotent by its method (POST, PATCH) is made safe to send again when its
// answer is lost (a 5xx, a timeout, a reset): the one place for this fact (bug classes 4 and 11,
// docs/bug-classes.md). `call` applies it (index.ts), so no caller can forget. A unit test checks that every
// such route is listed here.
//
// - resend:    sending it again has the same effect (set-like adds: what is already there stays, and the
//              per-item "already" answers are for the caller to accept).
// - readBack:  a create with a caller-chosen id: look the object up; if it is there and was made by this
//              create (created no earlier than the request was sent), that is the answer; else send again.
// - reconcile: a create with a server-chosen id: list the candidates before sending; after a lost answer,
//              list again, and a candidate that was not there before is the answer; else send again. Creates
//              of one kind of candidate are serialised in the process, so the new one is known to be ours.
// - reconcileListed: the same, over a list route that answers every candidate at once (no pages) inside its own
//              envelope (chat widgets): `items` finds them in the answer, `answer` makes the create's answer.
// - never:     not safe to repeat (a second message is a second message): a lost answer fails the call.
import { CAMPAIGN_PAGE, LIMITS, type RouteName } from "../../contract";
import type { AnyRequest, PagedChatRouteName, PagedManagementRouteName } from "../types";

/** A route of the table and a request of it. */
export interface RouteCall<N extends RouteName = RouteName> {
  name: N;
  req: AnyRequest;
}
export type PagedRouteName = PagedChatRouteName | PagedManagementRouteName;

export type Recovery =
  | { kind: "resend" }
  | { kind: "never"; why: string }
  | {
      kind: "readBack";
      locate(req: AnyRequest, body: unknown): RouteCall | undefined;
      /**
       * Where the read answers with more than the object (a list, a list that may be empty): the create's
       * answer made from it, or undefined when the object is not there. Without it, the read's answer is the
       * create's (and a 404 says it is not there).
       */
      pick?(read: unknown, body: unknown): unknown;
      /**
       * Where the read is a listing that comes in pages (with `pick`): the request of the page after `read`,
       * fetched by `req`, or undefined after the last. The read-back walks every page: a lost create is the
       * newest object, so on the last page, never only on the first.
       */
      next?(read: unknown, req: AnyRequest): AnyRequest | undefined;
    }
  | {
      kind: "reconcile";
      /** A page-based list route and its request, naming every candidate the create may have made. */
      list(req: AnyRequest, body: unknown): RouteCall<PagedRouteName>;
      /** Whether a listed item is a candidate (e.g. the same name). */
      matches(item: Record<string, unknown>, body: unknown): boolean;
      /** What tells two candidates apart (the key value, the token, the app id). */
      identity(item: Record<string, unknown>): string;
      /**
       * A candidate found by listing that cannot stand for the create's answer (an app: listings never show
       * its keys, which only the create's answer holds) is removed by this call and the create sent again.
       */
      discard?(item: Record<string, unknown>): RouteCall;
    }
  | {
      kind: "reconcileListed";
      /** A list route answering every candidate in one call. */
      list(req: AnyRequest, body: unknown): RouteCall;
      /** The candidates in the list's answer. */
      items(answer: unknown): Array<Record<string, unknown>>;
      matches(item: Record<string, unknown>, body: unknown): boolean;
      identity(item: Record<string, unknown>): string;
      /** The create's answer (before its schema parses it) made from the candidate found. */
      answer(item: Record<string, unknown>): unknown;
    };

const field = (value: unknown, name: string): string | undefined => {
  const v =
    typeof value === "object" && value !== null ? (value as Record<string, unknown>)[name] : undefined;
  return typeof v === "string" && v !== "" ? v : undefined;
};
const param = (req: AnyRequest, name: string): string => {
  const v = req.params?.[name];
  if (typeof v !== "string") throw new Error(`path parameter ${name} missing`);
  return v;
};

/** `body` is the validated body (ids already lowercased by the schema, as the service stores them). */
const readBack = (
  get: RouteName,
  id: (req: AnyRequest, body: unknown) => AnyRequest["params"],
): Recovery => ({
  kind: "readBack",
  locate: (req, body) => {
    const params = id(req, body);
    return params && Object.values(params).every((v) => typeof v === "string" && v !== "")
      ? { name: get, req: { params } }
      : undefined;
  },
});

/** `search` names the query parameter the list filters by (`searchKey` on most lists). */
const byName = (list: PagedRouteName, identity: string, search = "searchKey") => ({
  kind: "reconcile" as const,
  list: (_req: AnyRequest, body: unknown): RouteCall<PagedRouteName> => ({
    name: list,
    req: { query: { [search]: field(body, "name") } },
  }),
  matches: (item: Record<string, unknown>, body: unknown) =>
    item.name === field(body, "name") && item.state !== "archived",
  identity: (item: Record<string, unknown>) => String(item[identity]),
});

/** The items of a list's answer: a bare array or `{ data: [...] }`. */
const itemsOf = (read: unknown): Array<Record<string, unknown>> => {
  const page = read as { data?: unknown } | unknown[];
  return (Array.isArray(page) ? page : Array.isArray(page?.data) ? page.data : []) as Array<
    Record<string, unknown>
  >;
};
const queryOf = (req: AnyRequest): Record<string, unknown> =>
  typeof req.query === "object" && req.query !== null ? (req.query as Record<string, unknown>) : {};

/** The next page of a campaigns list: after the last item's (updatedAt, id); none after a short page. */
const nextCampaignPage = (read: unknown, req: AnyRequest): AnyRequest | undefined => {
  const items = itemsOf(read);
  const last = items.at(-1);
  if (items.length < CAMPAIGN_PAGE || !last) return undefined;
  return {
    ...req,
    query: { ...queryOf(req), affix: "append", updatedAt: Number(last.updatedAt ?? 0), id: String(last.id) },
  };
};

/**
 * A campaigns-service create, found by its unique `key` in `list`, walked page by page (decision 0131); a list
 * that searches (templates) is asked for that key, and an archived template is not the one made (0134).
 */
const inCampaignList = (list: RouteName, key: string, search = false): Recovery => ({
  kind: "readBack",
  locate: (_req, body) => ({
    name: list,
    req: { query: { limit: CAMPAIGN_PAGE, ...(search ? { search: field(body, key) } : {}) } },
  }),
  pick: (read, body) => {
    const found = itemsOf(read).find((i) => i[key] === field(body, key) && i.status !== "archived");
    return found && { data: found };
  },
  next: nextCampaignPage,
});

const RESEND: Recovery = { kind: "resend" };

/** A push provider add, confirmed by finding its providerId in the list (there is no single read). */
const inPushList = (list: RouteName): Recovery => ({
  kind: "readBack",
  locate: () => ({ name: list, req: {} }),
  pick: (read, body) => {
    const listed = (read as { data?: { pushProviders?: Array<{ providerId?: unknown }> } }).data
      ?.pushProviders;
    return listed?.some((p) => p.providerId === field(body, "providerId"))
      ? { data: { success: true } }
      : undefined;
  },
});
/** A provider an app has at most one of: its read answers 404 when there is none. */
const singleton = (get: RouteName): Recovery => readBack(get, () => ({}));

export const RECOVERY: Readonly<Partial<Record<RouteName, Recovery>>> = {
  // caller-chosen ids
  createUser: readBack("getUser", (_r, b) => ({ uid: field(b, "uid") ?? "" })),
  createGroup: readBack("getGroup", (_r, b) => ({ guid: field(b, "guid") ?? "" })),
  createRole: readBack("getRole", (_r, b) => ({ role: field(b, "role") ?? "" })),
  createWebhook: readBack("getWebhook", (r, b) => ({
    appId: String(r.params?.appId ?? ""),
    webhookId: field(b, "id") ?? "",
  })),
  createRule: readBack("getRule", (_r, b) => ({ ruleId: field(b, "id") ?? "" })),
  createKeywordList: readBack("getKeywordList", (_r, b) => ({ keywordId: field(b, "id") ?? "" })),
  createBot: readBack("getBot", (_r, b) => ({ uid: field(b, "uid") ?? "" })),
  createMcpServer: readBack("getMcpServer", (_r, b) => ({ slug: field(b, "slug") ?? "" })),
  createApiTool: readBack("getApiTool", (_r, b) => ({ slug: field(b, "slug") ?? "" })),
  // Named by the trigger function, unique per app; its read names it by the service's `_id`, which only the
  // answer tells: found in the listing (oldest first), walked page by page by its createdAt cursor.
  createFrontendAction: {
    kind: "readBack",
    locate: () => ({ name: "listFrontendActions", req: { query: { limit: LIMITS.perPageMax } } }),
    pick: (read, body) => itemsOf(read).find((a) => a.triggerFunction === field(body, "triggerFunction")),
    next: (read, req) => {
      const items = itemsOf(read);
      if (items.length === 0) return undefined;
      const cursor = (read as { meta?: { next?: { createdAt?: unknown } } }).meta?.next?.createdAt;
      const after =
        typeof cursor === "number" ? cursor : Math.max(...items.map((a) => Number(a.createdAt))) - 1;
      return { ...req, query: { ...queryOf(req), affix: "append", createdAt: after } };
    },
  },
  // The campaigns service makes the id; a category's name, a channel's channelId and a live template's
  // templateId are unique in the app, so the object is found by them in the listing (one page of the most it
  // gives, oldest first: decision 0131; a template's asked for by its templateId, 0134).
  createCampaignCategory: inCampaignList("listCampaignCategories", "name"),
  createCampaignChannel: inCampaignList("listCampaignChannels", "channelId"),
  createCampaignTemplate: inCampaignList("listCampaignTemplates", "templateId", true),
  // Settings carry no timestamps, so settings stored before cannot be told from ours: the resource compares
  // what it reads with what it declared either way.
  createExtensionSettings: readBack("getExtensionSettings", (r) => ({
    appId: String(r.params?.appId ?? ""),
    slug: String(r.params?.slug ?? ""),
  })),
  // An upload replaces the app's one certificate of its type with the same bytes: sending it again is the same.
  uploadPushCertificateP12: { kind: "resend" },
  uploadPushCertificateP8: { kind: "resend" },
  addFcmProvider: inPushList("listFcmProviders"),
  addApnsProvider: inPushList("listApnsProviders"),
  // Its read lists the one custom push provider, an empty list when there is none.
  createCustomPushProvider: {
    kind: "readBack",
    locate: () => ({ name: "getCustomPushProvider", req: {} }),
    pick: (read) =>
      ((read as { data?: { pushProviders?: unknown[] } }).data?.pushProviders?.length ?? 0) > 0
        ? read
        : undefined,
  },
  createSendgridProvider: singleton("getSendgridProvider"),
  createCustomEmailProvider: singleton("getCustomEmailProvider"),
  createTwilioProvider: singleton("getTwilioProvider"),
  createCustomSmsProvider: singleton("getCustomSmsProvider"),
  // server-chosen ids
  createApiKey: byName("listApiKeys", "apiKey"),
  // A variable's name is unique in the app, as a caller-chosen id: found again in the (one-page) listing.
  createAgentVariable: {
    kind: "readBack",
    locate: () => ({ name: "listAgentVariables", req: {} }),
    pick: (read, body) => {
      const made = (read as { data?: Array<{ name?: unknown }> }).data?.find(
        (v) => v.name === field(body, "name"),
      );
      return made ? { data: made } : undefined;
    },
  },
  // Widgets are found again by name in the one-call listing (the service makes their ids).
  createChatWidget: {
    kind: "reconcileListed",
    list: (req) => ({ name: "listChatWidgets", req: { params: { appId: param(req, "appId") } } }),
    items: (answer) => {
      const listed = (answer as { data?: { body?: { data?: unknown } } }).data?.body?.data;
      return Array.isArray(listed) ? (listed as Array<Record<string, unknown>>) : [];
    },
    matches: (item, body) =>
      field(item.configuration, "name") === field((body as { settings?: unknown }).settings, "name"),
    identity: (item) => String(item.widgetId),
    answer: (item) => ({
      data: { statusCode: 200, success: true, body: { data: { widgetId: item.widgetId } } },
    }),
  },
  // A lost app is deleted (the service archives it) and made again: without its keys it cannot be used.
  createApp: {
    ...byName("listApps", "id"),
    discard: (item) => ({ name: "deleteApp", req: { params: { appId: String(item.id) } } }),
  },
  // Agents are found again by name (the listing carries each agent's name and createdAt).
  createBuilderAgent: byName("listBuilderAgents", "uid", "search"),
  createByoAgent: byName("listByoAgents", "uid"),
  // A text entry by its title in the knowledge base's listing (its sourceName; titles need not be unique,
  // so only one made while the create was out counts).
  createKnowledgeText: {
    kind: "reconcile",
    list: () => ({ name: "listKnowledgeSources", req: { query: { limit: 100 } } }),
    matches: (item, body) => item.type === "text" && item.sourceName === field(body, "title"),
    identity: (item) => String(item.uniqueId),
  },
  // A crawl by its URL in the knowledge base's listing (the crawl's answer names no source; a url may be
  // crawled more than once, so only one made while the crawl was out counts).
  scrapeKnowledgeWebsite: {
    kind: "reconcile",
    list: () => ({ name: "listKnowledgeSources", req: { query: { limit: 100 } } }),
    matches: (item, body) => item.type === "website" && item.sourceName === field(body, "url"),
    identity: (item) => String(item.uniqueId),
  },
  createAuthToken: {
    kind: "reconcile",
    list: (req) => ({ name: "listAuthTokens", req: { params: { uid: param(req, "uid") } } }),
    matches: () => true,
    identity: (item) => String(item.authToken),
  },
  // set-like
  addMembers: RESEND,
  addTriggers: RESEND,
  restrictFeatures: RESEND,
  setAppSettings: RESEND,
  banUser: RESEND,
  addFriends: RESEND,
  blockUsers: RESEND,
  addAgentMcpServers: RESEND,
  removeAgentMcpServers: RESEND,
  addAgentApiTools: RESEND,
  removeAgentApiTools: RESEND,
  addAgentFrontendActions: RESEND,
  removeAgentFrontendActions: RESEND,
  addAgentTools: RESEND,
  removeAgentTools: RESEND,
  // enabling or disabling actions again leaves the same set (the settings sent are the same too)
  enableAgentToolActions: RESEND,
  disableAgentToolActions: RESEND,
  addAgentKnowledge: RESEND,
  removeAgentKnowledge: RESEND,
  // a record whose bytes never come is no source: not listed, attaches nothing (a GUESS, decision 0132), so a
  // second initiate after a lost answer leaves only the new record's upload to make
  initiateKnowledgeUploads: RESEND,
  // processing a website's pages again indexes the same pages again (a GUESS, decision 0137)
  processDiscoveredUrls: RESEND,
  updateCollaborators: RESEND,
  // keyed imports: a key already there is refused for that key alone, so a resend makes nothing twice
  importUsers: RESEND,
  importGroups: RESEND,
  importMembers: RESEND,
  importMessages: RESEND,
  // a patch: the same fields twice leave the same agent
  updateBuilderAgent: RESEND,
  updateByoAgent: RESEND,
  updateMcpServer: RESEND,
  updateApiTool: RESEND,
  updateFrontendAction: RESEND,
  updateKnowledgeText: RESEND,
  updateAgentVariable: RESEND,
  // enabling what is enabled (disabling what is disabled) changes nothing
  toggleExtensions: RESEND,
  // a merge: the same patch twice leaves the same settings
  updateNotificationSettings: RESEND,
  // one report per user: a second replaces the first
  flagMessage: RESEND,
  // a decision given again on a reviewed message is the same decision
  reviewFlaggedMessage: RESEND,
  // not repeatable
  sendMessage: { kind: "never", why: "a second send is a second message" },
  addReaction: { kind: "never", why: "the service answers a repeated reaction with an error" },
};

/** Whether a lost answer may be followed by sending the same request again as it is. */
export function resendable(name: RouteName, method: string): boolean {
  if (method === "GET" || method === "PUT" || method === "DELETE") return true;
  return Object.hasOwn(RECOVERY, name) && RECOVERY[name]?.kind === "resend";
}
