// Every argument of a kind is an output of its resource class, given or not: one the provider computes when
// left out (a knowledge file's fileName, mimeType and contentHash from its bytes; any default) reads what
// state holds, not undefined. The engine (mocked) answers with the provider's state.
import * as pulumi from "@pulumi/pulumi";
import { kinds } from "../../provider/kinds";
import * as chat from "../../sdk/nodejs/kinds";

/** What the provider recorded: every argument of the kind, the ones the program left out too. */
const filled = (type: string): Record<string, unknown> => {
  const kind = Object.values(kinds).find((k) => type.endsWith(`:${k.name}`));
  return Object.fromEntries(Object.keys(kind?.args.shape ?? {}).map((k) => [k, `state-of-${k}`]));
};

pulumi.runtime.setMocks(
  {
    newResource: (r) => ({ id: `${r.name}-id`, state: { ...filled(r.type), ...r.inputs } }),
    call: (c) => c.inputs,
  },
  "project",
  "stack",
  false,
);

const value = <T>(o: pulumi.Output<T>) => new Promise<T>((resolve) => o.apply(resolve));

describe("a resource's arguments left out read what the provider computed", () => {
  it("a knowledge file given by path reads its type and digest", async () => {
    const file = new chat.AgentKnowledgeFile("kb", { fileName: "returns.md", path: "returns.md" });
    expect(await Promise.all([value(file.mimeType), value(file.contentHash)])).toEqual([
      "state-of-mimeType",
      "state-of-contentHash",
    ]);
  });

  it("every kind's class exposes every argument as an output", async () => {
    const missing: string[] = [];
    for (const kind of Object.values(kinds)) {
      const Class = (chat as unknown as Record<string, new (n: string, a: object) => pulumi.CustomResource>)[
        kind.name
      ];
      if (!Class) continue;
      const r = new Class(`r-${kind.name}`, {}) as unknown as Record<
        string,
        pulumi.Output<unknown> | undefined
      >;
      for (const arg of Object.keys(kind.args.shape)) {
        const o = r[arg];
        if (!o || (await value(o)) !== `state-of-${arg}`) missing.push(`${kind.name}.${arg}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
