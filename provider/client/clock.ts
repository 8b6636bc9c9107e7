// The service's clock as its Date headers tell it. A lost create's read-back compares the found object's
// createdAt (the service's clock) with the moment the create was sent (ours): the two clocks need not agree.
export class ServiceClock {
  /** The service's clock minus ours, from the last Date header (1 s resolution). */
  #offsetMs: number | undefined;

  /** Takes the offset from an answer's Date header, when it has one that parses. */
  learn(date: unknown): void {
    const ms = Date.parse(String(date ?? ""));
    if (Number.isFinite(ms)) this.#offsetMs = ms - Date.now();
  }

  /** The service's clock at local time `localMs`, in Unix seconds. */
  seconds(localMs: number): number {
    return Math.floor((localMs + (this.#offsetMs ?? 0)) / 1000);
  }
}
