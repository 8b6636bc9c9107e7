// The chat API v3 client: `https://<appId>.api-<region>.<host>/v3`, authenticated by the `apikey` header.
import type { Region } from "../contract";
import { ApiClient } from "./client";
import { Core } from "./core";
import { ConfigurationError, chatBaseUrl, DEFAULT_REGION } from "./endpoints";
import { type ClientOptions, makeTarget } from "./options";
import type { ChatRouteName, PagedChatRouteName } from "./types";

export interface ChatConnection {
  appId: string;
  /** us, eu or in (default us). */
  region?: Region;
  /** A fullAccess (REST API) key, or an authOnly key for the routes that allow it. */
  apiKey: string;
  /** Replaces the vendor's host (cometchat.io). */
  host?: string;
  /** A template with `{appId}` and `{region}` (the emulator, a proxy); https unless loopback. */
  endpoint?: string;
}

export class ChatClient extends ApiClient<ChatRouteName, PagedChatRouteName> {
  readonly appId: string;
  readonly region: Region;

  constructor(conn: ChatConnection, opts: ClientOptions = {}) {
    if (typeof conn?.apiKey !== "string" || conn.apiKey === "") {
      throw new ConfigurationError("apiKey", "must be a non-empty string");
    }
    const baseUrl = chatBaseUrl(conn);
    // One budget per app and address: every ChatClient of this app in the process shares it.
    super(
      new Core(makeTarget("chat", baseUrl, `chat ${conn.appId} ${baseUrl}`, { apikey: conn.apiKey }, opts)),
    );
    this.appId = conn.appId;
    this.region = conn.region ?? DEFAULT_REGION;
  }
}
