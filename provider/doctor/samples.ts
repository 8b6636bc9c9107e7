// chat-doctor --write: one object of each kind that makes objects of its own, under a run prefix, with the
// fewest arguments the kind takes. Kinds left out say why (an app's settings are not changed by a check; an
// App is a whole app).
import type { KindName } from "../kinds";

export interface Sample {
  kind: KindName;
  args: Record<string, unknown>;
}

const HOOK = "https://hooks.example.com/chat-doctor";

/** The samples in creation order (a member after its group and user); deleted in reverse. */
export function samples(p: string): Sample[] {
  const user = `${p}user`;
  const group = `${p}group`;
  return [
    { kind: "Role", args: { role: `${p}role`, name: `${p}role` } },
    { kind: "User", args: { uid: user, name: `${p}user`, permanentDelete: true } },
    { kind: "Group", args: { guid: group, name: `${p}group`, type: "public" } },
    { kind: "GroupMember", args: { guid: group, uid: user, scope: "participant" } },
    { kind: "Bot", args: { uid: user, webhookURL: HOOK, enabled: false } },
    { kind: "ApiKey", args: { name: `${p}key`, scope: "authOnly" } },
    { kind: "Webhook", args: { webhookId: `${p}hook`, name: `${p}hook`, webhookURL: HOOK } },
    {
      kind: "ModerationKeywordList",
      args: { listId: `${p}list`, name: `${p}list`, category: "word", searchTerms: ["chat-doctor"] },
    },
    {
      kind: "ModerationRule",
      args: {
        ruleId: `${p}rule`,
        name: `${p}rule`,
        enabled: false,
        action: ["blockMessage"],
        conditions: [{ entity: "message", operand: "text", category: "pattern", value: ["chat-doctor+"] }],
        // A user filter's negation: the vendor's files spell it two ways (docs/service/app-configuration.md,
        // decision 0118); a real app taking this one back settles it.
        filters: [{ entity: "user", operand: "role", operator: "notIn", value: `${p}role`, type: "sender" }],
      },
    },
    {
      kind: "McpServer",
      args: { slug: `${p}mcp`, name: `${p}mcp`, url: "https://mcp.example.com/chat-doctor" },
    },
    { kind: "AiAgent", args: { name: `${p}ai`, isActive: false } },
    {
      kind: "ExternalAgent",
      args: {
        name: `${p}byo`,
        provider: "langgraph",
        deploymentUrl: "https://agents.example.com/chat-doctor",
        agentId: "doctor",
        isActive: false,
      },
    },
  ];
}

/** Why a kind has no sample. */
export const LEFT_OUT: Readonly<Partial<Record<KindName, string>>> = {
  App: "a whole app: --write does not make apps",
};
