// The emulator's records from the contract's schemas and the document's defaults (provider/emulator/records.ts): a
// field the schemas gain reaches a record's create, update and answer with no line in a handler.
import { z } from "zod";
import { DEFAULTS, Webhook, WebhookCreate, WebhookUpdate } from "../../../provider/contract";
import { created, updated, viewOf } from "../../../provider/emulator/records";

const hook = () =>
  created(
    WebhookCreate.parse({
      id: "h",
      name: "H",
      webhookURL: "https://x.example.com",
      username: "u1",
      password: "p1",
    }),
    DEFAULTS.Webhook,
    { createdAt: 1, updatedAt: 1, triggers: [] as string[] },
  );

describe("emulator records", () => {
  it("fills the document's defaults for the fields a create leaves out, and keeps the given ones", () => {
    expect(hook()).toEqual({
      id: "h",
      name: "H",
      webhookURL: "https://x.example.com",
      username: "u1",
      password: "p1",
      useBasicAuth: DEFAULTS.Webhook.useBasicAuth,
      enabled: DEFAULTS.Webhook.enabled,
      retryOnFailure: DEFAULTS.Webhook.retryOnFailure,
      createdAt: 1,
      updatedAt: 1,
      triggers: [],
    });
    const given = created({ retryOnFailure: !DEFAULTS.Webhook.retryOnFailure }, DEFAULTS.Webhook, {});
    expect(given.retryOnFailure).toBe(!DEFAULTS.Webhook.retryOnFailure);
  });

  it("copies a list default, so that two records share none", () => {
    const body: { tags?: string[] } = {};
    const a = created(body, DEFAULTS.User, {});
    const b = created(body, DEFAULTS.User, {});
    a.tags.push("x");
    expect(b.tags).toEqual([]);
  });

  it("sets the defined fields of an update, removes the unset ones, leaves the rest", () => {
    const w = updated(hook(), WebhookUpdate.parse({ retryOnFailure: true, name: undefined }));
    expect([w.retryOnFailure, w.name]).toEqual([true, "H"]);
    const r = updated({ name: "R", description: "d", metadata: { a: 1 } }, { name: "S" }, ["description"]);
    expect(r).toEqual({ name: "S", metadata: { a: 1 } });
  });

  it("answers with the answer schema's fields only, in its order, copied", () => {
    const w = hook();
    const view = viewOf(w, Webhook);
    // The answer names no password: it is never echoed.
    expect(Object.keys(view)).toEqual([
      "id",
      "name",
      "webhookURL",
      "useBasicAuth",
      "username",
      "enabled",
      "retryOnFailure",
      "createdAt",
      "updatedAt",
    ]);
    const withList = viewOf({ tags: ["a"] }, z.object({ tags: z.array(z.string()) }));
    expect(withList.tags).toEqual(["a"]);
  });

  it("carries a field added to the schemas through create, update and answer", () => {
    const Create = WebhookCreate.extend({ deliveryVersion: z.number().optional() });
    const Answer = Webhook.extend({ deliveryVersion: z.number().optional() });
    const w = created(
      Create.parse({ id: "h", name: "H", webhookURL: "https://x.example.com", deliveryVersion: 1 }),
      DEFAULTS.Webhook,
      { createdAt: 1 },
    );
    expect(viewOf(w, Answer).deliveryVersion).toBe(1);
    expect(viewOf(updated(w, { deliveryVersion: 2 }), Answer).deliveryVersion).toBe(2);
  });
});
