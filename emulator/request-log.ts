// The requests the emulator answered, for tests that assert what a client actually sent (e.g. retries).
import type { FaultKind } from "./faults";

export interface LoggedRequest {
  method: string;
  /** The API path without the query: "/v3/users/alice" (chat), "/apps/x/webhooks" (management). */
  path: string;
  api: "chat" | "management";
  appId?: string;
  status: number;
  /** Unix milliseconds. */
  at: number;
  /** The injected fault that shaped the answer, if any ("dropAfterApply": the client got no answer). */
  fault?: FaultKind;
}

/** Bounded: a long benchmark must not grow the log without end. */
const MAX_ENTRIES = 10_000;

export class RequestLog {
  private entries: LoggedRequest[] = [];

  add(e: LoggedRequest): void {
    this.entries.push(e);
    if (this.entries.length > MAX_ENTRIES) this.entries = this.entries.slice(-MAX_ENTRIES / 2);
  }

  list(): LoggedRequest[] {
    return [...this.entries];
  }

  clear(): void {
    this.entries = [];
  }
}
