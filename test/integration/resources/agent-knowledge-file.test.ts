// AgentKnowledgeFile through the generic provider as the engine drives it, against the emulator (decision
// 0132): the two-step upload (initiate, then a PUT of the bytes to the presigned URL, without the API key),
// the content compared by its digest (the outputs hold it as given, decision 0140), a changed file shown as a replacement, the check's
// refusals, and AiAgent attaching a file with the `uploads` source type.
import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Emulated, FAST, unique, useCleanEmulated } from "../../support/emulator";
import { providerOf as provider } from "../../support/provider";
import { received } from "../client/helpers";

const emulated = useCleanEmulated({ clientOptions: FAST });
let connection: Emulated["connection"];
beforeAll(() => {
  ({ connection } = emulated());
});

const chat = () => emulated().chat;
const dir = mkdtempSync(join(tmpdir(), "kb-file-"));
const sha = (s: string) => createHash("sha256").update(s).digest("hex");
const checked = async (kind: "AgentKnowledgeFile" | "AiAgent", args: Record<string, unknown>) => {
  const r = await provider(kind).check({}, { ...args, connection });
  expect(r.failures).toEqual([]);
  return r.inputs;
};
const failures = async (args: Record<string, unknown>) =>
  (await provider("AgentKnowledgeFile").check({}, { ...args, connection })).failures.map((f) => f.reason);
const uploads = async () =>
  (await chat().listAll("listKnowledgeSources", {})).filter((r) => r.type === "uploads");
/** The emulator's record of an upload: what storage received (its digest) and how. */
type Dumped = { apps: Record<string, { knowledgeUploads: Record<string, { sha256?: string }> }> };
const stored = (id: string) =>
  Object.values((emulated().admin.dump() as Dumped).apps).find((a) => a.knowledgeUploads[id])
    ?.knowledgeUploads[id];

describe("AgentKnowledgeFile", () => {
  it("uploads a local file in two steps, keeps its digest, reads back, replaces on a changed file, deletes", async () => {
    const name = `${unique("faq")}.md`;
    const path = join(dir, name);
    writeFileSync(path, "# FAQ\nFive days.\n");
    const inputs = await checked("AgentKnowledgeFile", { path });
    // computed at check: the name, the type from the extension, the bytes' digest
    expect(inputs).toMatchObject({
      fileName: name,
      mimeType: "text/markdown",
      contentHash: sha("# FAQ\nFive days.\n"),
    });

    const p = provider("AgentKnowledgeFile");
    const { id, outs } = await p.create(inputs);
    expect(
      received(emulated(), "POST", "/v3/ai-agents/agent-builder/knowledge-base/uploads/initiate"),
    ).toHaveLength(1);
    expect(stored(id)?.sha256).toBe(sha("# FAQ\nFive days.\n"));
    expect((await uploads()).map((r) => r.uniqueId)).toContain(id);
    expect(outs.contentHash).toBe(sha("# FAQ\nFive days.\n"));
    expect(outs.status).toBe("indexed");
    expect((await p.read(id, outs)).inputs).toMatchObject({ fileName: name, contentHash: outs.contentHash });

    // the same bytes at another path: the path is recorded (a local field), nothing is uploaded or replaced
    const moved = join(dir, `moved-${name}`);
    writeFileSync(moved, "# FAQ\nFive days.\n");
    const movedInputs = await checked("AgentKnowledgeFile", { path: moved, fileName: name });
    const same = await p.diff(id, outs, movedInputs);
    expect(same.replaces ?? []).toEqual([]);
    emulated().admin.clearRequests();
    await p.update(id, outs, movedInputs);
    expect(
      emulated()
        .admin.requests()
        .filter((r) => r.method !== "GET"),
    ).toEqual([]);

    // the file changed: its digest differs, and the upload is replaced (no route changes a file)
    writeFileSync(path, "# FAQ\nThree days.\n");
    const diff = await p.diff(id, outs, await checked("AgentKnowledgeFile", { path }));
    expect(diff.changes).toBe(true);
    expect(diff.replaces).toContain("contentHash");

    await p.delete(id, outs);
    expect((await p.read(id, outs)).id).toBe("");
    // a file already gone is deleted
    await p.delete(id, outs);
  });

  it("content given in the program: outputs hold it as given, diff compares its digest; a change replaces", async () => {
    const p = provider("AgentKnowledgeFile");
    const fileName = `${unique("notes")}.txt`;
    const secretish = "Internal note: refunds within 5 days.";
    const { id, outs } = await p.create(
      await checked("AgentKnowledgeFile", { fileName, content: secretish }),
    );
    // As the inputs do: an output missing would be unknown at every preview (decision 0140).
    expect(outs.content).toBe(secretish);
    expect(outs.contentHash).toBe(sha(secretish));
    expect(stored(id)?.sha256).toBe(sha(secretish));
    const diff = await p.diff(
      id,
      outs,
      await checked("AgentKnowledgeFile", { fileName, content: "Changed." }),
    );
    expect(diff.replaces).toContain("contentHash");
    expect(
      (await p.diff(id, outs, await checked("AgentKnowledgeFile", { fileName, content: secretish }))).changes,
    ).toBe(false);
  });

  it("refuses at check, naming the field: both or neither source, an unknown type, a missing file", async () => {
    expect((await failures({ fileName: "a.txt", content: "x", path: join(dir, "x.txt") })).join()).toMatch(
      /either path .* or content/,
    );
    // neither: a file already managed whose bytes the program does not give (imported by its id); a create
    // of one has nothing to upload and refuses, naming both fields, before any call
    expect(await failures({ fileName: "a.txt" })).toEqual([]);
    emulated().admin.clearRequests();
    await expect(
      provider("AgentKnowledgeFile").create(await checked("AgentKnowledgeFile", { fileName: "a.txt" })),
    ).rejects.toThrow(/path or content: give the file's bytes/);
    expect(emulated().admin.requests()).toEqual([]);
    expect((await failures({ fileName: "a.exe", content: "x" })).join()).toMatch(
      /mimeType: cannot tell the type of a\.exe/,
    );
    expect((await failures({ path: join(dir, "absent.pdf") })).join()).toMatch(/path: cannot read the file/);
    expect((await failures({ fileName: "a.txt", content: "" })).join()).toMatch(/content/);
    expect(
      received(emulated(), "POST", "/v3/ai-agents/agent-builder/knowledge-base/uploads/initiate"),
    ).toHaveLength(0);
  });

  it("a file changed between preview and update is refused, not uploaded unseen", async () => {
    const path = join(dir, `${unique("race")}.txt`);
    writeFileSync(path, "before");
    const inputs = await checked("AgentKnowledgeFile", { path });
    writeFileSync(path, "after!");
    await expect(provider("AgentKnowledgeFile").create(inputs)).rejects.toThrow(/changed after the preview/);
  });
});

describe("AiAgent's knowledge sources: files", () => {
  it("attaches and detaches a file with the uploads source type, a text entry with text", async () => {
    const file = await provider("AgentKnowledgeFile").create(
      await checked("AgentKnowledgeFile", { fileName: `${unique("kb")}.txt`, content: "File." }),
    );
    const text = (await chat().call("createKnowledgeText", { body: { title: unique("t"), text: "Text." } }))
      .data.uniqueId;
    const p = provider("AiAgent");
    const name = unique("agent-file");
    emulated().admin.clearRequests();
    const { id, outs } = await p.create(
      await checked("AiAgent", { name, knowledgeSources: [file.id, text] }),
    );
    const AGENT = `/v3/ai-agents/agent-builder/agents/${id}/knowledge-base`;
    expect(received(emulated(), "PATCH", `${AGENT}/uploads/add`)).toHaveLength(1);
    expect(received(emulated(), "PATCH", `${AGENT}/text/add`)).toHaveLength(1);
    // a set: the service's order is not the program's
    const sources = (await p.read(id, outs)).inputs?.knowledgeSources as string[] | undefined;
    expect([...(sources ?? [])].sort()).toEqual([file.id, text].sort());

    await p.update(id, outs, await checked("AiAgent", { name, knowledgeSources: [text] }));
    expect(received(emulated(), "PATCH", `${AGENT}/uploads/remove`)).toHaveLength(1);
    expect((await chat().call("getBuilderAgent", { params: { uid: id } })).data.files).toEqual([text]);
  });
});
