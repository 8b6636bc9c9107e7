// The requests the emulator answered, for tests that assert what a client actually sent (e.g. retries).
import type { FaultKind } from "./faults";

export interface LoggedRequest {
  method: string;
  /** The API path without the query: "/v3/users/alice" (chat), "/apps/x/webhooks" (management). */
  path: string;
  api: "chat" | "management";
  appId?: string;
  status: number;
  /** Unix milliseconds when it arrived, on the emulator's clock. */
  at: number;
  /**
   * API requests the emulator was answering when this one arrived, itself included: what a client had in
   * flight at once, counted by the order of events rather than by their times. Absent for one refused
   * before its route was found (a body that does not parse, an unknown path).
   */
  concurrent?: number;
  /** The injected fault that shaped the answer, if any ("dropAfterApply": the client got no answer). */
  fault?: FaultKind;
}

/** Bounded: a long benchmark must not grow the log without end. */
const MAX_ENTRIES = 10_000;

export class RequestLog {
  private entries: LoggedRequest[] = [];
  /** Requests since the last clear by their path's first two segments ("/v3/data_import"): never cut. */
  private counted = new Map<string, number>();

  add(e: LoggedRequest): void {
    this.entries.push(e);
    if (this.entries.length > MAX_ENTRIES) this.entries = this.entries.slice(-MAX_ENTRIES / 2);
    const area = e.path.split("/").slice(0, 3).join("/");
    this.counted.set(area, (this.counted.get(area) ?? 0) + 1);
  }

  /** How many requests came since the last clear, per area of paths (the list above keeps only the last). */
  counts(): Record<string, number> {
    return Object.fromEntries(this.counted);
  }

  list(): LoggedRequest[] {
    return [...this.entries];
  }

  clear(): void {
    this.entries = [];
    this.counted.clear();
  }
}
