// The route table and the conflict codes are written from the document (decision 0128): each operation has
// its generated route, no hand-written line repeats one, the one thing the document cannot hold (the body a
// path parameter picks) is named by `x-body-of` and supplied by provider/contract/body-of.ts, and the codes
// that mean "already exists" are the document's `x-conflicts`.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { isConflictCode, routes } from "../../provider/contract";
import { BODY_OF } from "../../provider/contract/body-of";
import { DOCUMENT, generate } from "../../provider/contract/scripts/generate";

const root = join(__dirname, "..", "..");
const text = readFileSync(join(root, DOCUMENT), "utf8");
const METHODS = ["get", "post", "put", "patch", "delete"];

interface Op {
  operationId: string;
  requestBody?: { "x-body-of"?: string };
}
const doc = parse(text) as {
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: { ErrorCode: { "x-status": Record<string, number>; "x-conflicts": string[] } } };
};
const operations: Op[] = Object.values(doc.paths).flatMap((item) =>
  Object.entries(item)
    .filter(([m]) => METHODS.includes(m))
    .map(([, op]) => op as Op),
);

/** The names the route table module `module` declares a route for. */
const routeNames = (module: string) => [...module.matchAll(/^ {2}(\w+): route\(/gm)].map((m) => m[1]);

/** The contract's hand-written files (not generated/, not the generator's scripts). */
function handFiles(dir = join(root, "provider", "contract")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.isDirectory()) return ["generated", "scripts"].includes(e.name) ? [] : handFiles(join(dir, e.name));
    return e.name.endsWith(".ts") ? [join(dir, e.name)] : [];
  });
}

describe("the route table, written from the document", () => {
  it("has a generated route for every operation of the document", () => {
    const written = routeNames(generate(text).get("route-table.ts") ?? "");
    expect(written.sort()).toEqual(operations.map((o) => o.operationId).sort());
    expect(Object.keys(routes).sort()).toEqual(written.sort());
  });

  it("writes a route for an operation added to the document", () => {
    const added = text.replace(
      "  /users/{uid}:\n",
      "  /users/{uid}/extra:\n    get:\n      operationId: getExtra\n      tags: [user]\n      responses:\n" +
        '        "200":\n          description: Success.\n          content:\n            application/json:\n' +
        "              schema:\n                type: object\n  /users/{uid}:\n",
    );
    expect(added).not.toBe(text);
    expect(routeNames(generate(added).get("route-table.ts") ?? "")).toContain("getExtra");
  });

  it("has no hand-written route line beside the generated ones", () => {
    const handWritten = handFiles().flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .filter((line) => /\broute\(\{|\.\.\.OPERATIONS\./.test(line))
        .map((line) => `${file.slice(root.length + 1)}: ${line.trim()}`),
    );
    expect(handWritten).toEqual([]);
  });

  it("takes the body a path parameter picks from body-of.ts exactly where the document says x-body-of", () => {
    const picked = operations.filter((o) => o.requestBody?.["x-body-of"]).map((o) => o.operationId);
    expect(Object.keys(BODY_OF).sort()).toEqual(picked.sort());
    expect(picked.length).toBeGreaterThan(0);
    for (const name of picked) {
      const r = routes[name as keyof typeof routes] as { bodyOf?: (p: Record<string, string>) => unknown };
      expect([name, typeof r.bodyOf]).toEqual([name, "function"]);
    }
  });

  it("refuses x-body-of naming a parameter the path lacks", () => {
    const bad = text.replace("x-body-of: slug", "x-body-of: kind");
    expect(bad).not.toBe(text);
    expect(() => generate(bad)).toThrow(/x-body-of names kind, not a path parameter/);
  });
});

describe("the conflict codes, written from the document", () => {
  const codes = doc.components.schemas.ErrorCode["x-conflicts"];

  it("are the document's x-conflicts and no other code", () => {
    expect(codes.length).toBeGreaterThan(0);
    for (const code of Object.keys(doc.components.schemas.ErrorCode["x-status"]))
      expect([code, isConflictCode(code)]).toEqual([code, codes.includes(code)]);
  });

  it("follow a change of the document", () => {
    const errors = generate(text).get("errors.ts") ?? "";
    expect(errors).not.toContain('  "ERR_VARIABLE_ALREADY_EXISTS",');
    const changed = text.replace(
      "      x-conflicts:\n",
      "      x-conflicts:\n        - ERR_VARIABLE_ALREADY_EXISTS\n",
    );
    expect(generate(changed).get("errors.ts")).toContain('  "ERR_VARIABLE_ALREADY_EXISTS",');
  });

  it("refuse a code without a status", () => {
    const bad = text.replace("      x-conflicts:\n", "      x-conflicts:\n        - ERR_NOT_A_CODE\n");
    expect(() => generate(bad)).toThrow(/x-conflicts names ERR_NOT_A_CODE/);
  });
});
