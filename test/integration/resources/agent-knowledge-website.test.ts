// AgentKnowledgeWebsite through the generic provider as the engine drives it, against the emulator (decision
// 0137): the crawl with its options, the site found in the knowledge base's listing by its url and its pages
// processed; every option recorded (not read back) and a change of any a replacement; a site deleted out of
// band read as gone; the check's refusals before any call; AiAgent attaching a site with the `website` type.
import { type Emulated, FAST, unique, useCleanEmulated } from "../../support/emulator";
import { providerOf as provider } from "../../support/provider";
import { received } from "../client/helpers";

const emulated = useCleanEmulated({ clientOptions: FAST });
let connection: Emulated["connection"];
beforeAll(() => {
  ({ connection } = emulated());
});

const chat = () => emulated().chat;
const KB = "/v3/ai-agents/agent-builder/knowledge-base";
const site = (name: string) => `https://${unique(name)}.example.com/docs`;
const checked = async (kind: "AgentKnowledgeWebsite" | "AiAgent", args: Record<string, unknown>) => {
  const r = await provider(kind).check({}, { ...args, connection });
  expect(r.failures).toEqual([]);
  return r.inputs;
};
const failures = async (args: Record<string, unknown>) =>
  (await provider("AgentKnowledgeWebsite").check({}, { ...args, connection })).failures.map((f) => f.reason);
const websites = async () =>
  (await chat().listAll("listKnowledgeSources", {})).filter((r) => r.type === "website");
/** The emulator's record of a site: the options the crawl received and its pages' state. */
type Dumped = {
  apps: Record<string, { knowledgeWebsites: Record<string, { options: object; status: string }> }>;
};
const stored = (id: string) =>
  Object.values((emulated().admin.dump() as Dumped).apps).find((a) => a.knowledgeWebsites[id])
    ?.knowledgeWebsites[id];

describe("AgentKnowledgeWebsite", () => {
  it("crawls with its options, processes the pages, reads back, replaces on any change, deletes", async () => {
    const url = site("crawl");
    const options = { maxDepth: 2, maxPages: 50, include: ["docs/"], exclude: ["login"], fetchSitemap: true };
    const p = provider("AgentKnowledgeWebsite");
    emulated().admin.clearRequests();
    const { id, outs } = await p.create(await checked("AgentKnowledgeWebsite", { url, ...options }));
    expect(received(emulated(), "POST", `${KB}/website/scrape`)).toHaveLength(1);
    expect(received(emulated(), "POST", `${KB}/website/${id}/discovered-urls/process`)).toHaveLength(1);
    expect(stored(id)).toMatchObject({ options, status: "indexed" });
    expect((await websites()).map((r) => [r.uniqueId, r.sourceName])).toEqual([[id, url]]);
    expect(outs).toMatchObject({ url, ...options, status: "indexed" });

    // read: the url from the listing, every option as recorded (the service shows none back): no drift
    const read = await p.read(id, outs);
    expect(read.inputs).toMatchObject({ url, ...options });
    expect(
      (await p.diff(id, outs, await checked("AgentKnowledgeWebsite", { url, ...options }))).changes,
    ).toBe(false);
    // include and exclude are sets: another order is the same crawl
    const reordered = { ...options, include: ["docs/"], exclude: ["login"] };
    expect(
      (await p.diff(id, outs, await checked("AgentKnowledgeWebsite", { url, ...reordered }))).changes,
    ).toBe(false);

    // each option changed is a new crawl; the url is the site's name, so the old one goes first
    for (const [k, v] of Object.entries({
      maxDepth: 3,
      maxPages: 10,
      include: ["api/"],
      exclude: [],
      fetchSitemap: false,
    })) {
      const diff = await p.diff(
        id,
        outs,
        await checked("AgentKnowledgeWebsite", { url, ...options, [k]: v }),
      );
      expect({ k, replaces: diff.replaces }).toEqual({ k, replaces: [k] });
      expect(diff.deleteBeforeReplace).toBe(true);
    }
    const moved = await p.diff(
      id,
      outs,
      await checked("AgentKnowledgeWebsite", { url: site("other"), ...options }),
    );
    expect(moved.replaces).toEqual(["url"]);

    await p.delete(id, outs);
    expect(received(emulated(), "DELETE", `${KB}/website/${id}`)).toHaveLength(1);
    expect((await p.read(id, outs)).id).toBe("");
    // a site already gone is deleted
    await p.delete(id, outs);
  });

  it("options left out are the service's defaults: declaring those values changes nothing", async () => {
    const url = site("defaults");
    const p = provider("AgentKnowledgeWebsite");
    const { id, outs } = await p.create(await checked("AgentKnowledgeWebsite", { url }));
    const same = await checked("AgentKnowledgeWebsite", {
      url,
      maxDepth: 3,
      maxPages: 100,
      fetchSitemap: false,
    });
    expect((await p.diff(id, outs, same)).changes).toBe(false);
  });

  it("a site deleted out of band reads as gone; imported by its id it reads its url", async () => {
    const url = site("drift");
    const p = provider("AgentKnowledgeWebsite");
    const { id, outs } = await p.create(await checked("AgentKnowledgeWebsite", { url, maxDepth: 1 }));
    expect((await p.read(id, { connection })).inputs).toMatchObject({ url });
    await chat().call("deleteKnowledgeWebsite", { params: { uniqueId: id } });
    expect((await p.read(id, outs)).id).toBe("");
  });

  it("refuses at check, naming the field and the rule, before any call", async () => {
    emulated().admin.clearRequests();
    const url = "https://docs.example.com/";
    expect(await failures({ url, maxDepth: 0 })).toEqual(["maxDepth must be at least 1"]);
    expect(await failures({ url, maxDepth: 11 })).toEqual(["maxDepth must be at most 10"]);
    expect(await failures({ url, maxPages: 0 })).toEqual(["maxPages must be at least 1"]);
    expect(await failures({ url, maxPages: 10001 })).toEqual(["maxPages must be at most 10000"]);
    expect((await failures({ url: "ftp://docs.example.com/" })).join()).toMatch(
      /^url must be an http or https URL$/,
    );
    expect((await failures({ url: "docs.example.com" })).join()).toMatch(
      /^url must be an http or https URL$/,
    );
    expect(await failures({ url: "https://ada:secret@docs.example.com/" })).toEqual([
      "url must not carry a user name or password (user:password@)",
    ]);
    expect((await failures({ url, include: [""] })).join()).toMatch(
      /include.*an include pattern must not be empty/,
    );
    expect(emulated().admin.requests()).toEqual([]);
  });

  it("adopts a site by its url, and refuses when the url was crawled twice", async () => {
    const url = site("adopt");
    await chat().call("scrapeKnowledgeWebsite", { body: { url } });
    const made = (await websites()).find((r) => r.sourceName === url)?.uniqueId;
    const kind = provider("AgentKnowledgeWebsite");
    const found = await kind.create(await checked("AgentKnowledgeWebsite", { url, adopt: true }));
    expect(found.id).toBe(made);
    await chat().call("scrapeKnowledgeWebsite", { body: { url } });
    await expect(kind.create(await checked("AgentKnowledgeWebsite", { url, adopt: true }))).rejects.toThrow(
      /2 knowledge-base websites are crawled from/,
    );
  });
});

describe("AiAgent's knowledge sources: websites", () => {
  it("attaches and detaches a site with the website source type; the agent holds it in websites", async () => {
    const web = await provider("AgentKnowledgeWebsite").create(
      await checked("AgentKnowledgeWebsite", { url: site("agent") }),
    );
    const text = (await chat().call("createKnowledgeText", { body: { title: unique("t"), text: "Text." } }))
      .data.uniqueId;
    const p = provider("AiAgent");
    const name = unique("agent-site");
    emulated().admin.clearRequests();
    const { id, outs } = await p.create(await checked("AiAgent", { name, knowledgeSources: [web.id, text] }));
    const AGENT = `/v3/ai-agents/agent-builder/agents/${id}/knowledge-base`;
    expect(received(emulated(), "PATCH", `${AGENT}/website/add`)).toHaveLength(1);
    expect(received(emulated(), "PATCH", `${AGENT}/text/add`)).toHaveLength(1);
    expect((await chat().call("getBuilderAgent", { params: { uid: id } })).data).toMatchObject({
      files: [text],
      websites: [web.id],
    });
    const sources = (await p.read(id, outs)).inputs?.knowledgeSources as string[] | undefined;
    expect([...(sources ?? [])].sort()).toEqual([web.id, text].sort());

    await p.update(id, outs, await checked("AiAgent", { name, knowledgeSources: [text] }));
    expect(received(emulated(), "PATCH", `${AGENT}/website/remove`)).toHaveLength(1);
    expect((await chat().call("getBuilderAgent", { params: { uid: id } })).data.websites).toEqual([]);
  });
});
