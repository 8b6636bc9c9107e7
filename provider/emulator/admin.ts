// The emulator's own endpoints under /__admin, behind the admin token: reset and dump the state, set faults
// at run time, read the request log. Nothing here exists on the real service.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { checkAdmin } from "./auth";
import { ApiError, validationError } from "./errors";
import { type FaultRule, FaultRuleSchema } from "./faults";
import type { LoggedRequest } from "./request-log";
import { ADMIN_PREFIX } from "./routing";
import type { Credentials } from "./state";

export interface AdminActions {
  reset(): void;
  dump(): unknown;
  setFaults(rules: FaultRule[]): void;
  clearFaults(): void;
  faults(): FaultRule[];
  requests(): LoggedRequest[];
  clearRequests(): void;
}

/** `PUT /__admin/faults` takes the rules as an array or as `{rules: [...]}`. */
const FaultsBody = z.union([z.array(FaultRuleSchema), z.strictObject({ rules: z.array(FaultRuleSchema) })]);

export function registerAdmin(server: FastifyInstance, creds: Credentials, actions: AdminActions): void {
  const guarded =
    (fn: (req: FastifyRequest) => unknown) =>
    async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
      try {
        checkAdmin(req.headers["x-emulator-admin-token"], creds);
        return reply.code(200).send({ data: fn(req) });
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        return reply.code(e.status).send(e.body());
      }
    };

  // Unauthenticated on purpose: a readiness probe for scripts and CI. It reveals nothing.
  server.get(`${ADMIN_PREFIX}/health`, async () => ({ data: { status: "ok" } }));
  server.get(
    `${ADMIN_PREFIX}/state`,
    guarded(() => actions.dump()),
  );
  server.post(
    `${ADMIN_PREFIX}/reset`,
    guarded(() => {
      actions.reset();
      return { success: true };
    }),
  );
  server.get(
    `${ADMIN_PREFIX}/faults`,
    guarded(() => actions.faults()),
  );
  server.put(
    `${ADMIN_PREFIX}/faults`,
    guarded((req) => {
      const r = FaultsBody.safeParse(req.body, { reportInput: true });
      if (!r.success) throw validationError(r.error.issues, "body");
      actions.setFaults(Array.isArray(r.data) ? r.data : r.data.rules);
      return actions.faults();
    }),
  );
  server.delete(
    `${ADMIN_PREFIX}/faults`,
    guarded(() => {
      actions.clearFaults();
      return { success: true };
    }),
  );
  server.get(
    `${ADMIN_PREFIX}/requests`,
    guarded(() => actions.requests()),
  );
  server.delete(
    `${ADMIN_PREFIX}/requests`,
    guarded(() => {
      actions.clearRequests();
      return { success: true };
    }),
  );
}
