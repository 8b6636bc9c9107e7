// AiAgent's tool actions and connection settings and ExternalAgent's BYO tools (decision 0135): checked before any
// call, the settings secret, and a stack recorded before them previewing no change.
import { CrudProvider, kinds } from "../../provider/kinds";

const provider = (kind: "AiAgent" | "ExternalAgent") => new CrudProvider(kinds[kind] as never);
const SECRET = "tool-conn-s3cret";

describe("AiAgent's toolActions and toolConnections", () => {
  it("toolConnections is a secret argument; toolActions is not", () => {
    expect(kinds.AiAgent.secrets).toContain("toolConnections");
    expect(kinds.AiAgent.secrets).not.toContain("toolActions");
  });

  it.each([
    [
      { tools: ["gmail"], toolActions: { gmail: ["bad name"] } },
      "toolActions",
      /an action's name may contain only/,
    ],
    [{ tools: ["slack"], toolActions: { gmail: ["a"] } }, "toolActions", /which tools does not hold/],
    [
      { tools: ["gmail"], toolActions: { gmail: ["a"] }, toolConnections: { slack: { key: SECRET } } },
      "toolConnections",
      /which toolActions does not hold/,
    ],
    [
      { tools: ["gmail"], toolActions: { gmail: ["a"] }, toolConnections: { gmail: { key: "" } } },
      "toolConnections",
      /a connection field must not be empty/,
    ],
  ])("check refuses %j, naming %s", async (args, field, rule) => {
    const r = await provider("AiAgent").check({}, { name: "a", ...args });
    expect(r.failures.length).toBeGreaterThan(0);
    expect(r.failures.map((f) => `${f.property} ${f.reason}`).join("\n")).toMatch(new RegExp(field));
    expect(r.failures.map((f) => f.reason).join("\n")).toMatch(rule);
    expect(JSON.stringify(r.failures)).not.toContain(SECRET);
  });

  it("names a misspelt tool where it is, with the tool meant, and not the other map's key it was meant to match", async () => {
    const r = await provider("AiAgent").check(
      {},
      {
        name: "a",
        tools: ["gmail"],
        toolActions: { gmial: ["send-email"] },
        toolConnections: { gmail: { emailId: SECRET } },
      },
    );
    expect(r.failures.map((f) => f.reason)).toEqual([
      expect.stringContaining(
        'toolActions names the tool "gmial", which tools does not hold (did you mean "gmail"?)',
      ),
    ]);
  });

  it("valid settings pass check, kept as given", async () => {
    const args = {
      name: "a",
      tools: ["gmail"],
      toolActions: { gmail: ["send-email"] },
      toolConnections: { gmail: { emailId: SECRET } },
    };
    const r = await provider("AiAgent").check({}, args);
    expect(r.failures).toEqual([]);
    expect(r.inputs).toMatchObject(args);
  });
});

describe("a stack recorded before decision 0135", () => {
  it.each([
    ["AiAgent", { name: "a", tools: ["gmail"], mcpServers: ["m"] }],
    ["ExternalAgent", { name: "x", provider: "langgraph", deploymentUrl: "https://agents.example.com" }],
  ] as const)("%s previews no change for its own program", async (kind, args) => {
    const p = provider(kind);
    const { inputs, failures } = await p.check({}, args);
    expect(failures).toEqual([]);
    // what the earlier release recorded: the same arguments, none of the new ones
    const diff = await p.diff("id-1", { ...args, uid: "id-1", createdAt: 1 }, inputs);
    expect(diff.changes).toBe(false);
  });

  it("ExternalAgent: a read answering empty lists is no change for an agent that never declared them", async () => {
    const p = provider("ExternalAgent");
    const args = { name: "x", provider: "langgraph", deploymentUrl: "https://agents.example.com" };
    const { inputs } = await p.check({}, args);
    const diff = await p.diff("id-1", { ...args, tools: [], actions: [], uid: "id-1", createdAt: 1 }, inputs);
    expect(diff.changes).toBe(false);
  });
});
