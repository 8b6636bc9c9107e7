// The agent builder's knowledge base and variables through the generic provider as the engine drives it,
// against the emulator (decision 0113): AgentKnowledgeSource (a text entry, server-chosen uniqueId,
// reconciled by title), AgentVariable (a custom variable, server-chosen _id, reconciled by its unique name,
// its constant secret) and AiAgent's knowledgeSources (attached and detached in place).
import { kinds } from "../../../provider/kinds";
import { type Emulated, FAST, unique, useCleanEmulated } from "../../support/emulator";
import { providerOf as provider } from "../../support/provider";
import { received } from "../client/helpers";

const emulated = useCleanEmulated({ clientOptions: FAST });
let connection: Emulated["connection"];
beforeAll(() => {
  ({ connection } = emulated());
});

type KindName = "AgentKnowledgeSource" | "AgentVariable" | "AiAgent";
const chat = () => emulated().chat;
const checked = async (kind: KindName, args: Record<string, unknown>) => {
  const r = await provider(kind).check({}, { ...args, connection });
  expect(r.failures).toEqual([]);
  return r.inputs;
};
const failures = async (kind: KindName, args: Record<string, unknown>) =>
  (await provider(kind).check({}, { ...args, connection })).failures.map((f) => f.reason);
const TEXT = "/v3/ai-agents/agent-builder/knowledge-base/text";
const VARIABLES = "/v3/ai-agents/agent-builder/agents/variables/custom";
const variables = async () => (await chat().call("listAgentVariables")).data;

describe("AgentKnowledgeSource", () => {
  it("create, read, update in place, drift shown and reverted, import, delete", async () => {
    const p = provider("AgentKnowledgeSource");
    const title = unique("Refunds");
    const { id, outs } = await p.create(await checked("AgentKnowledgeSource", { title, text: "Five days." }));
    expect(outs.fileName).toBe(`${title.toLowerCase()}.md`);
    expect(outs.createdAt).toBeLessThan(1e11); // seconds, from the service's milliseconds
    expect((await p.read(id, outs)).inputs).toEqual({ title, text: "Five days." });

    const news = await checked("AgentKnowledgeSource", { title, text: "Three days." });
    const diff = await p.diff(id, outs, news);
    expect(diff.replaces ?? []).toEqual([]);
    expect(diff.changes).toBe(true);
    const { outs: after } = await p.update(id, outs, news);
    expect(received(emulated(), "PATCH", `${TEXT}/${id}`)).toHaveLength(1);
    expect((await chat().call("getKnowledgeText", { params: { uniqueId: id } })).data.text).toBe(
      "Three days.",
    );

    // drift: changed elsewhere, seen by the read, put back by the next update
    await chat().call("updateKnowledgeText", { params: { uniqueId: id }, body: { text: "Ten days." } });
    const drifted = await p.read(id, after);
    expect(drifted.inputs?.text).toBe("Ten days.");
    expect((await p.diff(id, drifted.props ?? {}, news)).changes).toBe(true);
    await p.update(id, drifted.props ?? {}, news);
    expect((await p.read(id, after)).inputs?.text).toBe("Three days.");

    // import: the whole entry from its id alone
    expect((await p.read(id, { connection }, true)).inputs).toEqual({ title, text: "Three days." });

    await p.delete(id, after);
    expect((await p.read(id, after)).id).toBe("");
  });

  it("adopts by a unique title, and refuses when two entries share it", async () => {
    const title = unique("Shipping");
    const first = await chat().call("createKnowledgeText", { body: { title, text: "old" } });
    const inputs = await checked("AgentKnowledgeSource", { title, text: "new", adopt: true });
    const { id } = await provider("AgentKnowledgeSource").create(inputs);
    expect(id).toBe(first.data.uniqueId);
    expect((await chat().call("getKnowledgeText", { params: { uniqueId: id } })).data.text).toBe("new");
    await chat().call("createKnowledgeText", { body: { title, text: "twin" } });
    await expect(provider("AgentKnowledgeSource").create(inputs)).rejects.toThrow(/2 knowledge sources/);
  });

  it("a lost create answer is recovered from the listing, without a second entry", async () => {
    const title = unique("Lost");
    emulated().admin.setFaults([{ kind: "dropAfterApply", method: "POST", path: TEXT, times: 1 }]);
    const { id } = await provider("AgentKnowledgeSource").create(
      await checked("AgentKnowledgeSource", { title, text: "x" }),
    );
    const listed = (await chat().listAll("listKnowledgeSources", {})).filter((r) => r.sourceName === title);
    expect(listed.map((r) => r.uniqueId)).toEqual([id]);
    expect(received(emulated(), "POST", TEXT)).toHaveLength(1);
  });

  it("refuses bad input at preview, naming the field, before any request", async () => {
    expect(await failures("AgentKnowledgeSource", { title: "t", text: "x".repeat(5001) })).toEqual([
      "text must be at most 5000 characters",
    ]);
    expect(await failures("AgentKnowledgeSource", { title: "", text: "x" })).toEqual([
      "title must not be empty",
    ]);
    expect(emulated().admin.requests().length).toBe(0);
  });
});

describe("AgentVariable", () => {
  it("create, read, update in place (emptying removed fields), drift, replace on a new name, delete", async () => {
    const p = provider("AgentVariable");
    const name = `plan.${unique("v").replace(/-/g, "_")}`;
    const inputs = await checked("AgentVariable", {
      name,
      sourceType: "user_metadata",
      sourcePath: "plan",
      description: "The plan",
      defaultValue: "free",
    });
    const { id, outs } = await p.create(inputs);
    expect((await p.read(id, outs)).inputs).toEqual({
      name,
      sourceType: "user_metadata",
      sourcePath: "plan",
      description: "The plan",
      defaultValue: "free",
    });
    const news = await checked("AgentVariable", { name, sourceType: "constant", constantValue: "pro" });
    const diff = await p.diff(id, outs, news);
    expect(diff.replaces ?? []).toEqual([]);
    const { outs: after } = await p.update(id, outs, news);
    const held = (await variables()).find((v) => v._id === id);
    expect(held).toMatchObject({ name, sourceType: "constant", constantValue: "pro" });
    expect(held).not.toHaveProperty("sourcePath");
    expect(held).not.toHaveProperty("description");

    // drift: changed elsewhere, seen by the read
    await chat().call("updateAgentVariable", { params: { variableId: id }, body: { defaultValue: "x" } });
    expect((await p.read(id, after)).inputs?.defaultValue).toBe("x");

    // the API cannot rename: a new name replaces
    const renamed = await checked("AgentVariable", {
      name: `${name}2`,
      sourceType: "constant",
      constantValue: "pro",
    });
    expect((await p.diff(id, after, renamed)).replaces).toEqual(["name"]);

    await p.delete(id, after);
    expect((await p.read(id, after)).id).toBe("");
  });

  it("keeps a constant's value secret: marked so, never a refreshed input, kept in the outputs", async () => {
    expect(kinds.AgentVariable.secrets).toEqual(["constantValue"]);
    const p = provider("AgentVariable");
    const name = `key_${unique("v").replace(/-/g, "_")}`;
    const { id, outs } = await p.create(
      await checked("AgentVariable", { name, sourceType: "constant", constantValue: "s3cret-value" }),
    );
    const read = await p.read(id, outs);
    expect(read.inputs).not.toHaveProperty("constantValue");
    expect(read.props?.constantValue).toBe("s3cret-value");
  });

  it("adopts by its name; a lost create answer is recovered by name, without a second variable", async () => {
    const name = `adopt_${unique("v").replace(/-/g, "_")}`;
    const first = await chat().call("createAgentVariable", {
      body: { name, sourceType: "user_metadata", sourcePath: "a" },
    });
    const inputs = await checked("AgentVariable", {
      name,
      sourceType: "user_metadata",
      sourcePath: "b",
      adopt: true,
    });
    const { id } = await provider("AgentVariable").create(inputs);
    expect(id).toBe(first.data._id);
    expect((await variables()).find((v) => v._id === id)?.sourcePath).toBe("b");

    const lost = `lost_${unique("v").replace(/-/g, "_")}`;
    emulated().admin.clearRequests();
    emulated().admin.setFaults([{ kind: "dropAfterApply", method: "POST", path: VARIABLES, times: 1 }]);
    const made = await provider("AgentVariable").create(
      await checked("AgentVariable", { name: lost, sourceType: "constant", constantValue: "v" }),
    );
    expect((await variables()).filter((v) => v.name === lost).map((v) => v._id)).toEqual([made.id]);
    expect(received(emulated(), "POST", VARIABLES)).toHaveLength(1);
  });

  it("refuses bad input at preview, naming the field, before any request", async () => {
    expect(
      await failures("AgentVariable", { name: "1bad", sourceType: "constant", constantValue: "x" }),
    ).toEqual(["name must start with a letter and hold only letters, digits, '_' and '.'"]);
    expect(await failures("AgentVariable", { name: "ok", sourceType: "constant" })).toEqual([
      "sourceType: a constant variable needs constantValue, a metadata variable needs sourcePath",
    ]);
    expect(await failures("AgentVariable", { name: "ok", sourceType: "elsewhere", sourcePath: "a" })).toEqual(
      [expect.stringContaining("sourceType")],
    );
    expect(emulated().admin.requests().length).toBe(0);
  });
});

describe("AiAgent's knowledge sources", () => {
  it("attaches at create, changes the set in place, reverts a detach made elsewhere, detaches all", async () => {
    const [a, b, c] = (await Promise.all(
      ["a", "b", "c"].map(
        async (t) =>
          (
            await chat().call("createKnowledgeText", { body: { title: unique(t), text: t } })
          ).data.uniqueId,
      ),
    )) as [string, string, string];
    const p = provider("AiAgent");
    const name = unique("agent-kb");
    const { id, outs } = await p.create(await checked("AiAgent", { name, knowledgeSources: [a, b] }));
    const attached = async () =>
      [...((await chat().call("getBuilderAgent", { params: { uid: id } })).data.files ?? [])].sort();
    expect(await attached()).toEqual([a, b].sort());
    expect((await p.read(id, outs)).inputs?.knowledgeSources).toEqual([a, b]);

    const news = await checked("AiAgent", { name, knowledgeSources: [b, c] });
    const diff = await p.diff(id, outs, news);
    expect(diff.replaces ?? []).toEqual([]);
    expect(diff.changes).toBe(true);
    emulated().admin.clearRequests();
    const { outs: after } = await p.update(id, outs, news);
    const AGENT = `/v3/ai-agents/agent-builder/agents/${id}/knowledge-base/text`;
    expect(received(emulated(), "PATCH", `${AGENT}/add`)).toHaveLength(1);
    expect(received(emulated(), "PATCH", `${AGENT}/remove`)).toHaveLength(1);
    expect(await attached()).toEqual([b, c].sort());

    // drift: detached in the dashboard, seen by the read, attached again by the next update
    await chat().call("removeAgentKnowledge", {
      params: { uid: id, sourceType: "text" },
      body: { uniqueIds: [c] },
    });
    const drifted = await p.read(id, after);
    expect(drifted.inputs?.knowledgeSources).toEqual([b]);
    await p.update(id, drifted.props ?? {}, news);
    expect(await attached()).toEqual([b, c].sort());

    // none declared: every source detached
    await p.update(id, after, await checked("AiAgent", { name }));
    expect(await attached()).toEqual([]);
  });
});
