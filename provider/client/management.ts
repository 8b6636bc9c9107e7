// The management API client: `https://apimgmt.<host>`, authenticated by the `key` and `secret` headers.
import { ApiClient } from "./client";
import { Core } from "./core";
import { ConfigurationError, managementBaseUrl } from "./endpoints";
import { type ClientOptions, makeTarget } from "./options";
import type { ManagementRouteName, PagedManagementRouteName } from "./types";

export interface ManagementConnection {
  key: string;
  secret: string;
  /** Replaces the vendor's host (cometchat.io). */
  host?: string;
  /** The management base URL (the emulator, a proxy); https unless loopback. */
  endpoint?: string;
}

export class ManagementClient extends ApiClient<ManagementRouteName, PagedManagementRouteName> {
  constructor(conn: ManagementConnection, opts: ClientOptions = {}) {
    for (const field of ["key", "secret"] as const) {
      if (typeof conn?.[field] !== "string" || conn[field] === "") {
        throw new ConfigurationError(field, "must be a non-empty string");
      }
    }
    const baseUrl = managementBaseUrl(conn);
    super(
      new Core(
        makeTarget(
          "management",
          baseUrl,
          `management ${baseUrl}`,
          { key: conn.key, secret: conn.secret },
          opts,
        ),
      ),
    );
  }
}
