// The route table: every operation of the chat API v3 and the management API this project uses.
// Its routes are generated from the document (generated/route-table.ts); the files beside name their schemas.

export * from "./ai-agents";
export * from "./api-keys";
export * from "./bots";
export * from "./campaigns";
export * from "./chat-widgets";
export * from "./closed-set";
export * from "./collaborators";
export * from "./common";
export * from "./data-import";
export * from "./errors";
export * from "./extension-settings";
export * from "./extensions";
export { DEFAULTS, type Defaults } from "./generated/defaults";
export { type RouteName, type Routes, routes } from "./generated/route-table";
export { CREDENTIAL_HEADERS, SECRET_FIELDS, SECRET_PARAMETERS, SECRET_SCHEMES } from "./generated/secrets";
export * from "./groups";
export * from "./management";
export * from "./messages";
export * from "./metrics";
export * from "./moderation";
export * from "./moderation-queues";
export * from "./multipart";
export * from "./notifications";
export * from "./permission-entries";
export * from "./permissions";
export * from "./push-certificates";
export * from "./rbac";
export * from "./roles";
export * from "./route";
export * from "./route-families";
export * from "./secret";
export * from "./social";
export * from "./users";
