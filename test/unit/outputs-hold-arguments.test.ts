// Every argument a resource is given is among its outputs, in every kind: the language SDKs read a property
// missing from the outputs as unknown at a preview (and as the program's input after an update), so a stack
// output made from an argument the outputs left out (a knowledge file's `content`) showed as a change at every
// preview of an unchanged stack. A kind's `kept` shortens what diff compares; the outputs still hold each
// argument given.
import { CrudProvider } from "../../provider/engine/generic";
import type { Kind } from "../../provider/engine/kind";
import { kinds } from "../../provider/kinds";

const standIn = { chat: async () => undefined, management: async () => undefined };
/** A value for each argument the kinds that keep less than their arguments take. */
const SAMPLE: Record<string, unknown> = {
  content: "YWJj",
  fileName: "n.txt",
  mimeType: "text/plain",
  type: "p12",
  password: "pw-1234",
};
const connection = { appId: "app1", region: "us", apiKey: "k".repeat(40) };
const management = { managementKey: "m", managementSecret: "s" };

/** The kind with its service calls stood in: what the engine makes of its outputs is what is looked at. */
const offline = (k: Kind): Kind => ({
  ...k,
  create: async () => ({ id: "x", state: {} }),
  update: async () => ({}),
  find: undefined,
});

// SeedData keeps its rows shorter (their per-field digests left out): the argument stays, shorter.
const keeping = (Object.values(kinds) as Kind[]).filter(
  (k) => k.kept !== undefined && Object.keys(k.args.shape).some((a) => a in SAMPLE),
);

describe("a resource's outputs", () => {
  it("are looked at for each kind that keeps less than its arguments", () => {
    expect(keeping.map((k) => k.name)).toEqual(
      expect.arrayContaining(["AgentKnowledgeFile", "PushCertificate"]),
    );
  });

  it.each(keeping.map((k) => [k.name, k] as const))(
    "%s: hold every argument given, after create and update",
    async (_, kind) => {
      const args = Object.fromEntries(
        Object.keys(kind.args.shape).flatMap((a) => (a in SAMPLE ? [[a, SAMPLE[a]]] : [])),
      );
      expect(Object.keys(args).length).toBeGreaterThan(0);
      const provider = new CrudProvider(offline(kind) as never, standIn);
      const inputs = { ...args, connection, managementConnection: management };
      const { outs } = await provider.create(inputs);
      for (const [k, v] of Object.entries(args)) expect([k, outs[k]]).toEqual([k, v]);
      const updated = await provider.update("x", outs, inputs);
      for (const [k, v] of Object.entries(args)) expect([k, updated.outs[k]]).toEqual([k, v]);
    },
  );
});
