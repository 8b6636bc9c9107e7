// The coverage ledger (docs/service/ledger.yaml, decision 0119) held in step with the OpenAPI document, its
// rows checked, what it generates current, chat-doctor's probes held to its guesses, and contract:news's diff.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseLedger, readLedger } from "../../provider/contract/ledger";
import {
  describe as describeNews,
  indexOf,
  newsOf,
  operationPages,
  pageOf,
} from "../../provider/contract/scripts/news";
import { PROBES } from "../../provider/doctor/guesses";
import { samples } from "../../provider/doctor/samples";
import { documentOperations, ledgerOutputs, usedBy } from "../../scripts/ledger-docs";

const root = join(__dirname, "..", "..");
const fixture = (name: string) => readFileSync(join(__dirname, "fixtures", "news", name), "utf8");
const ledger = readLedger(root);
const operations = documentOperations(root);

/** A one-row ledger with `row`'s fields over a valid row's. */
const oneRow = (row: Record<string, unknown>) =>
  JSON.stringify({
    indexes: {
      shop: {
        heading: "Shop APIs",
        url: "https://docs.example.com/shop/llms.md",
        read: `cometchat/docs shop/llms.mdx@${"a".repeat(40)}`,
        sections: {
          Widgets: [
            {
              page: "/rest-api/widgets/make-widget",
              title: "Make widget",
              method: "POST",
              path: "/widgets",
              api: "chat",
              operationId: "makeWidget",
              status: "confirmed",
              evidence: "https://docs.example.com/widgets/make-widget",
              ...row,
            },
          ],
        },
      },
    },
  });

describe("the coverage ledger", () => {
  it("holds every operation of the OpenAPI document, and names none the document lacks", () => {
    const held = new Set(ledger.rows.flatMap((r) => (r.operationId ? [r.operationId] : [])));
    expect(operations.filter((op) => !held.has(op))).toEqual([]);
    expect([...held].filter((op) => !operations.includes(op) && !ledger.awaiting.includes(op))).toEqual([]);
  });

  it("lists as awaited only operations the document does not hold yet (take one off once it arrives)", () => {
    expect(ledger.awaiting.filter((op) => operations.includes(op))).toEqual([]);
  });

  it("says why nothing of ours calls an operation of the document, and never calls one it puts out of scope", () => {
    const uses = usedBy(operations, root);
    const unexplained = ledger.rows.filter(
      (r) =>
        r.operationId &&
        !r.outOfScope &&
        operations.includes(r.operationId) &&
        !uses.get(r.operationId)?.length,
    );
    expect(unexplained.map((r) => r.operationId)).toEqual([]);
    const contradicted = ledger.rows.filter(
      (r) => r.operationId && r.outOfScope && uses.get(r.operationId)?.length,
    );
    expect(contradicted.map((r) => `${r.operationId}: ${uses.get(r.operationId as string)}`)).toEqual([]);
  });

  it("reads which kind, lookup or command calls an operation from the code", () => {
    const uses = usedBy(
      ["createUser", "addMembers", "getFlaggedMessages", "listFlaggedMessages", "listMessages"],
      root,
    );
    expect(uses.get("createUser")).toEqual(["User"]);
    expect(uses.get("addMembers")).toEqual(expect.arrayContaining(["GroupMember", "GroupMembers"]));
    expect(uses.get("listFlaggedMessages")).toEqual(["lookup getFlaggedMessages"]);
    expect(uses.get("listMessages")).toEqual(expect.arrayContaining(["SeedData", "chat-export"]));
    expect(uses.get("getFlaggedMessages")).toEqual([]);
  });

  it("writes docs/service/coverage.md, the guesses of docs/guide/real-service.md and the doctor's list from it (run `npm run generate`)", () => {
    for (const [file, text] of Object.entries(ledgerOutputs(root)))
      expect([file, readFileSync(join(root, file), "utf8")]).toEqual([file, text]);
  });

  it("refuses a row without evidence, with a status other than the two, or a guess left unsaid, naming the page", () => {
    const page = "shop / Widgets / /rest-api/widgets/make-widget";
    expect(() => parseLedger(oneRow({ evidence: undefined }), "t")).toThrow(`${page}: evidence: is required`);
    expect(() => parseLedger(oneRow({ evidence: "the docs" }), "t")).toThrow(
      `${page}: evidence: must be an https URL or cometchat/docs <file>@<40-hex commit>`,
    );
    expect(() => parseLedger(oneRow({ status: "likely" }), "t")).toThrow(
      `${page}: status: must be confirmed or unconfirmed`,
    );
    expect(() => parseLedger(oneRow({ status: "unconfirmed" }), "t")).toThrow(
      `${page}: guess: an unconfirmed row`,
    );
    expect(() => parseLedger(oneRow({ guess: "ours" }), "t")).toThrow(`${page}: guess:`);
    expect(() => parseLedger(oneRow({ operationId: undefined }), "t")).toThrow(
      `${page}: operationId: a row names our operation or says why it is out of scope`,
    );
    expect(() => parseLedger(oneRow({ method: undefined }), "t")).toThrow(
      `${page}: path: method and path go together`,
    );
    expect(parseLedger(oneRow({}), "t").rows).toHaveLength(1);
  });

  it("has every row's status one of the two and evidence on every row (the repository's ledger parses)", () => {
    expect(ledger.rows.length).toBeGreaterThan(400);
    for (const r of ledger.rows) {
      expect(["confirmed", "unconfirmed"]).toContain(r.status);
      expect(r.evidence).toMatch(/^(https:\/\/|cometchat\/docs )/);
    }
  });
});

describe("chat-doctor's probes", () => {
  it("check every guess of the ledger, and only those (a settled guess takes its probe away)", () => {
    const guesses = ledger.rows
      .filter((r) => r.status === "unconfirmed" && r.operationId)
      .map((r) => r.operationId);
    expect(Object.keys(PROBES).sort()).toEqual([...guesses].sort());
  });

  it("name samples that --write makes, and say why where they cannot check", () => {
    const made = new Set(samples("p-").map((s) => s.kind));
    for (const [op, probe] of Object.entries(PROBES)) {
      expect([
        op,
        probe.read || probe.sample || probe.rewrite || probe.none ? "checked" : "unchecked",
      ]).toEqual([op, "checked"]);
      // The MCP server's sample waits for its delete route (issue 42), which the awaited list names.
      if (probe.sample && !(probe.sample.kind === "McpServer" && ledger.awaiting.includes(op)))
        expect([op, made.has(probe.sample.kind)]).toEqual([op, true]);
    }
  });
});

describe("contract:news", () => {
  const news = parseLedger(fixture("ledger.yaml"), "fixture");
  const index = fixture("shop-index.md");

  it("knows an index by its heading, and refuses text that is not one it follows", () => {
    expect(indexOf(news, index)).toBe("shop");
    expect(() => indexOf(news, "# Garden APIs — LLM docs index\n")).toThrow(
      'the index "Garden APIs" is not one the ledger follows (known: "Shop APIs", "Talk APIs")',
    );
    expect(() => indexOf(news, "just text")).toThrow(/no "# <heading> — LLM docs index" line/);
  });

  it("reads operation pages from links: relative or absolute, .md twins and anchors folded, guides and overviews left out", () => {
    expect(pageOf("https://www.cometchat.com/docs/rest-api/a/b.md")).toBe("/rest-api/a/b");
    expect(pageOf("/rest-api/a/b#part")).toBe("/rest-api/a/b");
    expect(pageOf("https://example.org/rest-api/a/b")).toBeUndefined();
    expect(operationPages(index).map((l) => l.page)).toEqual([
      "/rest-api/widgets/make-widget",
      "/rest-api/widgets/paint-widget",
      "/rest-api/old/read-widget",
    ]);
  });

  it("lists pages the index documents that no row holds, and rows of that index it no longer lists", () => {
    const n = newsOf(news, index);
    expect(n.fresh).toEqual([{ page: "/rest-api/widgets/paint-widget", title: "Paint widget" }]);
    // The unlisted page is held (not news), and the other index's row is not this index's business.
    expect(n.gone.map((r) => r.page)).toEqual(["/rest-api/widgets/drop-widget"]);
    const report = describeNews(n);
    expect(report.news).toBe(true);
    expect(report.text).toContain("+ /rest-api/widgets/paint-widget");
    expect(report.text).toContain("- /rest-api/widgets/drop-widget  DELETE /widgets/{id}");
  });

  it("reports nothing when the index and the ledger agree", () => {
    const agreeing = `# Talk APIs — LLM docs index\n- [Ring](/rest-api/talk-apis/ring)\n- [Setup](/rest-api/talk-apis/overview)\n`;
    const report = describeNews(newsOf(news, agreeing));
    expect(report).toEqual({ news: false, text: expect.stringContaining("nothing new") });
  });
});
