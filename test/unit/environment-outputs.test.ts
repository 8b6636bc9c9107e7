// The Environment component's typed outputs come from the kinds (a kind's `file.output`, decision 0105): the
// public names stay those of 0.1.0, sdk/nodejs/kinds.ts types them, and the component fills each from its section.
import * as pulumi from "@pulumi/pulumi";
import type { Args } from "../../provider/engine/kind";
import { type ClassOf, Environment } from "../../provider/environment/component";
import { FILE_KINDS } from "../../provider/environment/graph";

pulumi.runtime.setMocks(
  {
    newResource: (r) => ({ id: `${r.name}-id`, state: r.inputs }),
    call: (c) => c.inputs,
  },
  "project",
  "stack",
  false,
);

/** Plain resources under the kinds' names: the component's wiring without the providers. */
const plain: ClassOf = (kind) =>
  class extends pulumi.CustomResource {
    constructor(name: string, args: Args, opts: pulumi.CustomResourceOptions) {
      super(`test:index:${kind.name}`, name, args, opts);
    }
  };

describe("the Environment component's typed outputs", () => {
  it("are the public names README shows, each named by one kind's file block", () => {
    const outputs = FILE_KINDS.flatMap((k) => (k.file.output ? [[k.file.output, k.name]] : []));
    expect(Object.fromEntries(outputs)).toEqual({
      apiKeys: "ApiKey",
      groups: "Group",
      roles: "Role",
      users: "User",
      webhooks: "Webhook",
    });
  });

  it("hold each section's resources by id (API keys by name), empty for a section left out", () => {
    const before = process.env.CHAT_APP_ID;
    process.env.CHAT_APP_ID = "app1";
    const env = new Environment(
      "staging",
      {
        spec: {
          app: { existing: true },
          roles: [{ role: "mods", name: "Moderators" }],
          users: [{ uid: "ada", name: "Ada", role: "mods" }],
          apiKeys: [{ name: "ci", scope: "fullAccess" }],
          webhooks: [{ id: "events", name: "Events", url: "https://h.example.com/x" }],
        },
      },
      {},
      plain,
    );
    if (before === undefined) delete process.env.CHAT_APP_ID;
    else process.env.CHAT_APP_ID = before;
    const ids = (o: Readonly<Record<string, pulumi.CustomResource>>) => Object.keys(o);
    expect([ids(env.roles), ids(env.users), ids(env.apiKeys), ids(env.webhooks), ids(env.groups)]).toEqual([
      ["mods"],
      ["ada"],
      ["ci"],
      ["events"],
      [],
    ]);
    expect(env.users.ada).toBeInstanceOf(pulumi.CustomResource);
  });
});
