// Creates whose id the caller chooses, and the GET that finds the object such a create would have made.
// `call` applies these automatically, so no caller can forget (design.md bug class 4).
import type { RouteName } from "../api";
import type { AnyRequest } from "./types";

interface ReadBackTarget {
  name: RouteName;
  params: Record<string, string>;
}

const field = (body: unknown, name: string): string | undefined => {
  const v = typeof body === "object" && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  return typeof v === "string" && v !== "" ? v : undefined;
};

/** `body` is the validated body (ids already lowercased by the schema, as the service stores them). */
type Locate = (req: AnyRequest, body: unknown) => ReadBackTarget | undefined;

export const READ_BACK: Readonly<Partial<Record<RouteName, Locate>>> = {
  createUser: (_req, body) => {
    const uid = field(body, "uid");
    return uid ? { name: "getUser", params: { uid } } : undefined;
  },
  createGroup: (_req, body) => {
    const guid = field(body, "guid");
    return guid ? { name: "getGroup", params: { guid } } : undefined;
  },
  createRole: (_req, body) => {
    const role = field(body, "role");
    return role ? { name: "getRole", params: { role } } : undefined;
  },
  createWebhook: (req, body) => {
    const webhookId = field(body, "id");
    const appId = req.params?.appId;
    return webhookId && appId ? { name: "getWebhook", params: { appId, webhookId } } : undefined;
  },
};
