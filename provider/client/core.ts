// The engine under both clients, one per client: its Target and the service's clock as seen through it. It
// prepares (prepare.ts) and sends with retries (retry.ts, transport.ts); lost writes are recovered around it
// (recovery/).
import type { z } from "zod";
import type { RouteName } from "../contract";
import { ServiceClock } from "./clock";
import type { Target } from "./options";
import { type Prepared, prepare } from "./prepare";
import { resendable } from "./recovery/table";
import { withRetries } from "./retry";
import { sendOnce } from "./transport";
import type { AnyRequest } from "./types";

export class Core {
  readonly #t: Target;
  readonly #clock: ServiceClock;

  constructor(target: Target) {
    this.#t = target;
    this.#clock = new ServiceClock(target.clock);
  }

  get target(): Readonly<Omit<Target, "headers" | "redactor">> {
    const { headers: _h, redactor: _r, ...rest } = this.#t;
    return rest;
  }

  /** Validates a request against its route and builds the URL; throws RequestValidationError. */
  prepare(name: RouteName, req: AnyRequest, response?: z.ZodType): Prepared {
    return prepare(this.#t, name, req, response);
  }

  /** Sends with the retries `retryLost` allows (by default, as recovery/table.ts says for the route). */
  send(p: Prepared, retryLost: boolean = resendable(p.name, p.route.method)): Promise<unknown> {
    return withRetries(this.#t, retryLost, (attempt) => sendOnce(this.#t, this.#clock, p, attempt));
  }

  /** The service's clock (from its Date headers) at local time `localMs`, in Unix seconds. */
  serviceSeconds(localMs: number): number {
    return this.#clock.seconds(localMs);
  }
}
