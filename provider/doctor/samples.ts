// chat-doctor --write: one object of each kind that makes objects of its own, under a run prefix, with the
// fewest arguments the kind takes. Kinds left out say why (an app's settings are not changed by a check; an
// App is a whole app). The samples a guess is checked with (guesses.ts) carry the guessed fields and a change,
// so that their read back and their update prove or disprove it.
import type { KindName } from "../kinds";

/** The resource ids of the samples made so far, by kind (what a later sample's arguments may name). */
export type MadeIds = Readonly<Partial<Record<KindName, string>>>;
type Args = Record<string, unknown>;

export interface Sample {
  kind: KindName;
  /** Its arguments, given the samples made before it. */
  args: (made: MadeIds) => Args;
  /** An in-place change (the samples of guessed updates). */
  change?: (made: MadeIds) => Args;
  /** Samples its arguments name, made before it. */
  needs?: readonly KindName[];
}

const HOOK = "https://hooks.example.com/chat-doctor";
const fixed = (a: Args) => () => a;

/** The samples in creation order (a member after its group and user, an agent after its knowledge); deleted in reverse. */
export function samples(p: string): Sample[] {
  const user = `${p}user`;
  const group = `${p}group`;
  return [
    {
      kind: "Role",
      args: fixed({ role: `${p}role`, name: `${p}role`, permissions: { createGroup: "deny" } }),
      change: fixed({ role: `${p}role`, name: `${p}role`, permissions: { createGroup: "allow" } }),
    },
    { kind: "User", args: fixed({ uid: user, name: `${p}user`, permanentDelete: true }) },
    { kind: "Group", args: fixed({ guid: group, name: `${p}group`, type: "public" }) },
    { kind: "GroupMember", args: fixed({ guid: group, uid: user, scope: "participant" }) },
    { kind: "Bot", args: fixed({ uid: user, webhookURL: HOOK, enabled: false }) },
    { kind: "ApiKey", args: fixed({ name: `${p}key`, scope: "authOnly" }) },
    { kind: "Webhook", args: fixed({ webhookId: `${p}hook`, name: `${p}hook`, webhookURL: HOOK }) },
    {
      kind: "ModerationKeywordList",
      args: fixed({ listId: `${p}list`, name: `${p}list`, category: "word", searchTerms: ["chat-doctor"] }),
    },
    {
      kind: "ModerationCustomApiList",
      args: fixed({
        listId: `${p}api`,
        name: `${p}api`,
        webhookURL: HOOK,
        username: "chat-doctor",
        password: "chat-doctor-1",
      }),
      change: fixed({
        listId: `${p}api`,
        name: `${p}api2`,
        webhookURL: `${HOOK}/2`,
        username: "chat-doctor-2",
        password: "chat-doctor-2",
      }),
    },
    {
      kind: "ModerationRule",
      args: fixed({
        ruleId: `${p}rule`,
        name: `${p}rule`,
        enabled: false,
        action: ["blockMessage"],
        conditions: [{ entity: "message", operand: "text", category: "pattern", value: ["chat-doctor+"] }],
        // A user filter's negation: the vendor's files spell it two ways (docs/service/app-configuration.md,
        // decision 0118); a real app taking this one back settles it.
        filters: [{ entity: "user", operand: "role", operator: "notIn", value: `${p}role`, type: "sender" }],
      }),
    },
    {
      kind: "CampaignCategory",
      args: fixed({ name: `${p}category`, description: "chat-doctor" }),
      change: fixed({ name: `${p}category`, description: "chat-doctor 2" }),
    },
    { kind: "AgentKnowledgeSource", args: fixed({ title: `${p}kb`, text: "What chat-doctor checks." }) },
    {
      kind: "AiAgent",
      needs: ["AgentKnowledgeSource"],
      args: (made) => ({
        name: `${p}ai`,
        isActive: false,
        greetingMessage: "chat-doctor",
        introductoryMessage: "chat-doctor checks",
        suggestedMessages: ["chat-doctor"],
        knowledgeSources: made.AgentKnowledgeSource ? [made.AgentKnowledgeSource] : [],
      }),
      change: () => ({
        name: `${p}ai`,
        isActive: false,
        greetingMessage: "chat-doctor again",
        introductoryMessage: "chat-doctor checks again",
        suggestedMessages: ["chat-doctor", "again"],
        // Left out: the knowledge source is detached.
      }),
    },
    {
      kind: "ExternalAgent",
      args: fixed({
        name: `${p}byo`,
        provider: "langgraph",
        deploymentUrl: "https://agents.example.com/chat-doctor",
        agentId: "doctor",
        headers: { Authorization: "Bearer chat-doctor-1" },
        description: "chat-doctor",
        isActive: false,
      }),
      change: fixed({
        name: `${p}byo`,
        provider: "langgraph",
        deploymentUrl: "https://agents.example.com/chat-doctor",
        agentId: "doctor",
        headers: { Authorization: "Bearer chat-doctor-2" },
        description: "chat-doctor again",
        isActive: false,
      }),
    },
    { kind: "McpServer", args: fixed({ slug: `${p}mcp`, name: `${p}mcp`, url: `${HOOK}/mcp` }) },
  ];
}

/** Why a kind has no sample. */
export function leftOut(): Readonly<Partial<Record<KindName, string>>> {
  return {
    App: "a whole app: --write does not make apps",
  };
}
