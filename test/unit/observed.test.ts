// What a real app was seen to answer (provider/contract/observed/, chat-doctor --emit-divergences) flows into the
// contract: an observation fails here until the document admits it or provider/contract/divergences.yaml says why not
// (issue 29 item 4).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse, stringify } from "yaml";
import { DIVERGENCES, DOCUMENT, type Json, readDivergences } from "../../provider/contract/scripts/compare";
import { OBSERVED_DIR, observedProblems } from "../../provider/contract/scripts/observed";

const root = join(__dirname, "..", "..");
const docText = readFileSync(join(root, DOCUMENT), "utf8");
const doc = parse(docText) as Json;
const known = readDivergences(readFileSync(join(root, DIVERGENCES), "utf8"));

/** A file as chat-doctor writes it, with these entries. */
const file = (...divergences: Record<string, string>[]) => [
  {
    name: "seen.yaml",
    text: stringify({ source: { checkedAt: "2026-11-25T00:00:00.000Z" }, divergences }),
  },
];
const createdAtAsText = { route: "listUsers", field: "data.0.createdAt", received: "string" };

describe("observations of the real service", () => {
  it("each file under provider/contract/observed/ is admitted by the document or recorded", () => {
    const files = readdirSync(join(root, OBSERVED_DIR))
      .filter((f) => /\.ya?ml$/.test(f))
      .map((f) => ({ name: f, text: readFileSync(join(root, OBSERVED_DIR, f), "utf8") }));
    expect(observedProblems(doc, known, files)).toEqual([]);
  });

  it("names an observation the document does not admit, with the two ways out", () => {
    expect(observedProblems(doc, known, file(createdAtAsText))).toEqual([
      expect.stringMatching(
        /^seen\.yaml: listUsers response\.data\[\]\.createdAt: the service sent string, the document says integer; change the document .* or record it in provider\/contract\/divergences\.yaml/,
      ),
    ]);
  });

  it("is satisfied once the divergence is recorded with its reason", () => {
    const recorded = readDivergences(
      stringify([
        {
          operation: "listUsers",
          at: "response.data[].createdAt",
          differs: "observed",
          why: "seen as text on one region",
          evidence: "provider/contract/observed/seen.yaml",
        },
      ]),
    );
    expect(observedProblems(doc, [...known, ...recorded], file(createdAtAsText))).toEqual([]);
  });

  it("is satisfied once the document admits what was seen", () => {
    const fixed = parse(
      docText.replace(/( {4}Timestamp:\n {6}type: )integer/, (_, head: string) => `${head}[integer, string]`),
    ) as Json;
    expect(fixed).not.toEqual(doc);
    expect(observedProblems(fixed, known, file(createdAtAsText))).toEqual([]);
  });

  it("tells a missing required field, an enum's unknown word and a known one apart", () => {
    const problems = observedProblems(
      doc,
      known,
      file(
        { route: "listUsers", field: "data.0.name", received: "absent" },
        { route: "listUsers", field: "data.0.avatar", received: "absent" },
        { route: "getGroup", field: "data.type", received: '"secret"' },
        { route: "getGroup", field: "data.type", received: '"public"' },
        { route: "getGroup", field: "data.membersCount", received: "integer" },
      ),
    );
    expect(problems).toEqual([
      expect.stringMatching(
        /listUsers response\.data\[\]\.name: the service sent absent, the document says string/,
      ),
      expect.stringMatching(
        /getGroup response\.data\.type: the service sent "secret", the document says string/,
      ),
    ]);
  });

  it("refuses an entry it cannot check", () => {
    expect(() => observedProblems(doc, known, file({ route: "listUsers", field: "data" }))).toThrow(
      /seen\.yaml divergence 1: "received" must be a non-empty text/,
    );
  });
});
