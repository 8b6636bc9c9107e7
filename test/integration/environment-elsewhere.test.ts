// The environment's references to objects made elsewhere, asked of the service (provider/environment/elsewhere.ts,
// decision 0120): with reads only, a missing name is a problem at the entry's place naming the closest the app
// holds, and a knowledge source named by its title passes its id (never the title where an id belongs).
import { askElsewhere } from "../../provider/environment/elsewhere";
import { parsedEnvironment } from "../../provider/environment/load";
import { clientContext } from "../../provider/kinds";
import { FAST, unique, useCleanEmulated } from "../support/emulator";

const emulated = useCleanEmulated({ clientOptions: FAST });
const chat = () => emulated().chat;
const read = <T>(_kind: unknown, use: (ctx: ReturnType<typeof clientContext>) => Promise<T>) =>
  use(clientContext({ chat: () => chat() }));

describe("the references an environment leaves to the service", () => {
  it("finds each with reads only, passing a knowledge source's id for its title; a missing one is a problem", async () => {
    const title = unique("Refund policy");
    const made = await chat().call("createKnowledgeText", { body: { title, text: "Five days." } });
    const owner = unique("owner");
    await chat().call("createUser", { body: { uid: owner, name: "Owner" } });
    emulated().admin.clearRequests();

    const checked = parsedEnvironment(
      `app: { existing: true }
groups:
  - { guid: g, name: G, owner: ${owner} }
  - { guid: h, name: H, owner: ${owner}x }
aiAgents:
  - { name: helper, knowledgeSources: ["${title}", "${title.replace("Refund", "refund")}"] }
`,
      "/somewhere/env.yaml",
    );
    const answer = await askElsewhere(checked.elsewhere, read);
    expect(answer.values.get(`AgentKnowledgeSource\u0000${title}`)).toBe(made.data.uniqueId);
    expect(answer.values.get(`User\u0000${owner}`)).toBe(owner);
    expect(checked.refuse(answer.problems).lines).toEqual([
      `env.yaml:4:25: groups[1].owner: owner "${owner}x" is neither declared in users nor in the app (did you mean "${owner}"?)`,
      `env.yaml:6:${44 + title.length}: aiAgents[0].knowledgeSources[1]: knowledgeSources "${title.replace("Refund", "refund")}" is neither declared in agentKnowledge nor in the app (did you mean "${title}"?)`,
    ]);
    // Reads only.
    expect(
      emulated()
        .admin.requests()
        .filter((r) => r.method !== "GET"),
    ).toEqual([]);
  });

  it("offers the id the file declares as the one meant, as well as those the app holds", async () => {
    const held = unique("support");
    await chat().call("createGroup", { body: { guid: held, name: "Support", type: "public" } });
    emulated().admin.clearRequests();
    const checked = parsedEnvironment(
      `app: { existing: true }
groups: [{ guid: sales, name: Sales, type: public }]
groupBans:
  - { guid: sale, uids: [] }
  - { guid: ${held}x, uids: [] }
`,
      "/somewhere/env.yaml",
    );
    const answer = await askElsewhere(checked.elsewhere, read);
    expect(checked.refuse(answer.problems).lines).toEqual([
      'env.yaml:4:7: groupBans[0].guid: guid "sale" is neither declared in groups nor in the app (did you mean "sales"?)',
      `env.yaml:5:7: groupBans[1].guid: guid "${held}x" is neither declared in groups nor in the app (did you mean "${held}"?)`,
    ]);
    // Reads only.
    expect(
      emulated()
        .admin.requests()
        .filter((r) => r.method !== "GET"),
    ).toEqual([]);
  });
});
