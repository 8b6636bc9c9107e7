// The REST client of the chat API v3 and the management API (docs/CONTRACTS.md).
export {
  type BudgetOptions,
  type BudgetStats,
  DEFAULT_BUDGET,
  findBudget,
  RequestBudget,
  resetBudgets,
} from "./budget";
export { ChatClient, type ChatConnection } from "./chat";
export { ApiClient } from "./client";
export { type LocalClock, SYSTEM_CLOCK } from "./clock";
export {
  type ChatAddress,
  ConfigurationError,
  callsBaseUrl,
  chatBaseUrl,
  checkBaseUrl,
  DEFAULT_HOST,
  DEFAULT_REGION,
  isLoopbackHost,
  type ManagementAddress,
  managementBaseUrl,
} from "./endpoints";
export {
  AuthenticationError,
  ChatApiError,
  ConflictError,
  ConnectionError,
  errorFromResponse,
  isConflict,
  isNotFound,
  isRateLimited,
  NotFoundError,
  PermissionError,
  RateLimitError,
  type RequestInfo,
  RequestValidationError,
  ResponseShapeError,
  retryAfterMs,
  ServerError,
  TimeoutError,
  ValidationError,
} from "./errors";
export { ManagementClient, type ManagementConnection } from "./management";
export { type ClientOptions, DEFAULT_USER_AGENT } from "./options";
export { presignedWhere, putPresigned } from "./presigned";
export { REDACTED, Redactor } from "./redact";
export { DEFAULT_RETRY, type RetryOptions } from "./retry";
export { DEFAULT_TIMEOUT_MS } from "./transport";
export type {
  ChatRouteName,
  ClientLogger,
  ManagementRouteName,
  PagedChatRouteName,
  PagedManagementRouteName,
  PageItemOf,
  RequestArgs,
  RequestLogFields,
  RequestOf,
} from "./types";
