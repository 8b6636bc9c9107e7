// Issue 42: the document against the vendor's OpenAPI files, in every test run. The files themselves stay out
// of the repository; test/unit/fixtures/vendor-facts.yaml holds the facts of them the comparison reads (npm run
// contract:facts), so a change to the document that differs from the vendor fails here until
// provider/contract/divergences.yaml records why (or the document follows the vendor).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import {
  apiOf,
  compare,
  DIVERGENCES,
  DOCUMENT,
  type Json,
  readDivergences,
  report,
} from "../../provider/contract/scripts/compare";
import { VENDOR_FACTS } from "../../provider/contract/scripts/vendor-facts";

const root = join(__dirname, "..", "..");
const read = (file: string): unknown => parse(readFileSync(join(root, file), "utf8"));
const vendor = read(VENDOR_FACTS) as Json[];

describe("the document against the vendor's files (test/unit/fixtures/vendor-facts.yaml)", () => {
  it("holds the chat and the management file", () => {
    expect(vendor.map(apiOf)).toEqual(["chat", "management"]);
  });

  it("differs from them only where provider/contract/divergences.yaml says why", () => {
    const { text, fresh } = report(
      compare(read(DOCUMENT) as Json, vendor),
      readDivergences(readFileSync(join(root, DIVERGENCES), "utf8")),
    );
    // The report's first lines name every difference not recorded.
    expect(
      fresh === 0
        ? "none"
        : text
            .split("\n")
            .slice(0, fresh + 1)
            .join("\n"),
    ).toBe("none");
  });
});
