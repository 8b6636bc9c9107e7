// provider/contract/scripts/compare.ts on a made-up service (test/unit/fixtures/contract): which differences it finds
// between our document and a vendor's file, and how the recorded divergences turn them into known ones.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import {
  compare,
  DIVERGENCES,
  type Difference,
  knownAs,
  readDivergences,
  report,
} from "../../provider/contract/scripts/compare";
import { factsOf } from "../../provider/contract/scripts/vendor-facts";

const fixtures = join(__dirname, "fixtures", "contract");
const read = (file: string) => parse(readFileSync(join(fixtures, file), "utf8")) as Record<string, unknown>;
const ours = read("ours.yaml");
const vendorChat = read("vendor-chat.json");
const known = readDivergences(readFileSync(join(fixtures, "divergences.yaml"), "utf8"));

const diff = (operation: string, at: string, differs: string, o: unknown, vendor: unknown): Difference => ({
  operation,
  at,
  differs,
  ours: o,
  vendor,
});

describe("comparing the document with the vendor's files", () => {
  it("lists every difference of the API the files describe: operations, fields, types, enums, required, limits", () => {
    expect(compare(ours, [vendorChat])).toEqual([
      diff("createPet", "body.name", "maxLength", 100, "none"),
      diff("createPet", "body.name", "minLength", 1, "none"),
      diff("createPet", "body.kind", "required", true, false),
      diff("createPet", "body.kind", "enum", [], ["bird"]),
      diff("createPet", "body.tags", "maxItems", 25, "none"),
      diff("createPet", "body.colour", "field", "absent", "present"),
      diff("createPet", "response.data.createdAt", "type", "integer", "number"),
      diff("replaceToys", "", "operation", "PUT /pets/{petId}/toys", "absent"),
      diff("get-pet", "", "unused", "absent", "GET /pets/{id}"),
    ]);
  });

  it("compares the management API's operations only against a file of the management API", () => {
    const management = {
      openapi: "3.0.0",
      servers: [{ url: "https://apimgmt.example.test" }],
      paths: { "/shops": { get: { responses: { "200": { description: "x" } } } } },
    };
    expect(compare(ours, [management])).toEqual([]);
    const other = { ...management, paths: { "/stores": management.paths["/shops"] } };
    expect(compare(ours, [other]).map((d) => [d.operation, d.differs])).toEqual([
      ["listShops", "operation"],
      ["GET /stores", "unused"],
    ]);
  });

  it("reports recorded divergences as known, counts the rest, and names the records no longer seen", () => {
    const { text, fresh } = report(compare(ours, [vendorChat]), known);
    expect(fresh).toBe(5);
    expect(text).toContain(`5 difference(s) not recorded in ${DIVERGENCES}:`);
    expect(text).toContain("createPet body.name: minLength differs (ours 1, vendor none)");
    expect(text).toContain(
      "1 operation(s) of the vendor's files not in the document:\n  get-pet: GET /pets/{id}",
    );
    expect(text).toContain("3 known difference(s):");
    expect(text).toContain(
      "createPet body.kind: required differs (ours true, vendor false) — known: The service refuses",
    );
    expect(text).toContain(
      "1 recorded divergence(s) not seen in the files given:\n  createPet body.kind: type",
    );
  });

  it("lets a divergence cover one reading of a difference only", () => {
    const [colour] = compare(ours, [vendorChat]).filter((d) => d.at === "body.colour");
    expect(colour && knownAs(colour, known)?.why).toBe("A field the project never sends.");
    const reversed = colour && { ...colour, ours: "present", vendor: "absent" };
    expect(reversed && knownAs(reversed, known)).toBeUndefined();
  });

  it("lets one divergence name several operations, its reason and evidence written once", () => {
    const [entry] = readDivergences(
      "- { operation: [deletePet, replaceToys], at: '*', differs: operation, why: apart, evidence: a page }",
    );
    const named = (operation: string) =>
      entry && knownAs({ ...diff(operation, "", "operation", "x", "absent") }, [entry]);
    expect(named("replaceToys")).toBe(entry);
    expect(named("deletePet")).toBe(entry);
    expect(named("createPet")).toBeUndefined();
    const { text } = report(
      [diff("replaceToys", "", "operation", "PUT /pets/{petId}/toys", "absent")],
      [...known, ...(entry ? [{ ...entry, operation: ["nothing", "else"] }] : [])],
    );
    expect(text).toContain("  nothing, else *: operation");
    expect(() =>
      readDivergences("- { operation: [], at: body, differs: type, why: w, evidence: e }"),
    ).toThrow('entry 1: "operation" must be a non-empty text or a list of them');
  });

  it("compares the AI-agents and data-import routes only with a file of their own reference", () => {
    const agents = {
      ...ours,
      paths: {
        "/ai-agents/agent-builder/agents": { get: { operationId: "listAgents", responses: {} } },
        "/data_import/users": { post: { operationId: "importUsers", responses: {} } },
      },
    };
    // A chat file says nothing of them: no difference, where before each was "absent".
    expect(compare(agents, [vendorChat]).filter((d) => d.differs !== "unused")).toEqual([]);
    const page = {
      openapi: "3.0.0",
      paths: { "/ai-agents/agent-builder/tools": { get: { responses: {} } } },
    };
    expect(compare(agents, [page]).map((d) => [d.operation, d.differs])).toEqual([
      ["listAgents", "operation"],
      ["GET /ai-agents/agent-builder/tools", "unused"],
    ]);
  });

  it("compares the campaigns routes only with the campaigns file, whose paths sit under its /campaigns server", () => {
    const campaigns = {
      ...ours,
      paths: {
        "/campaigns/channels": { get: { operationId: "listCampaignChannels", responses: {} } },
        "/campaigns/channels/{id}": { put: { operationId: "updateCampaignChannel", responses: {} } },
      },
    };
    expect(compare(campaigns, [vendorChat]).filter((d) => d.differs !== "unused")).toEqual([]);
    const file = {
      openapi: "3.0.0",
      servers: [{ url: "https://{appId}.api-{region}.cometchat.io/v3/campaigns" }],
      paths: {
        "/channels": { get: { responses: {} } },
        "/templates": { get: { responses: {} } },
      },
    };
    expect(compare(campaigns, [file]).map((d) => [d.operation, d.differs])).toEqual([
      ["updateCampaignChannel", "operation"],
      ["GET /campaigns/templates", "unused"],
    ]);
  });

  it("reduces a vendor file to the facts the comparison reads, and no wording", () => {
    const facts = factsOf(vendorChat);
    expect(compare(ours, [facts])).toEqual(compare(ours, [vendorChat]));
    const text = JSON.stringify(facts);
    for (const word of ['"description"', '"summary"', '"info"', "Pets as published", "The pet."])
      expect(text).not.toContain(word);
  });

  it("refuses a divergence without its evidence", () => {
    expect(() => readDivergences("- { operation: x, at: body, differs: type, why: because }")).toThrow(
      'entry 1: "evidence" must be a non-empty text',
    );
  });

  it("keeps the project's own divergences readable, each with its reason and evidence", () => {
    const own = readDivergences(readFileSync(join(__dirname, "..", "..", DIVERGENCES), "utf8"));
    expect(own.length).toBeGreaterThan(0);
  });
});
