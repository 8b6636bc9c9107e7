// One declaration per kind (provider/kinds/<kind>.ts): the registry is written from the folder
// (provider/kinds/registry.ts, decision 0122) and every other list is derived from it or checked against it
// here, so a kind missing anything fails a test: the generated SDK, the README's table.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, sep } from "node:path";
import { argDocs } from "../../provider/engine/arg-docs";
import { type Kind, priorOfId, refTargets } from "../../provider/engine/kind";
import { ENTRY_KINDS, keyOf, secretsOf, topOf } from "../../provider/environment/entries";
import { FILE_KINDS } from "../../provider/environment/graph";
import { HELD_KINDS, NOT_IN_FILE } from "../../provider/environment/spec";
import { kinds } from "../../provider/kinds";
import { schemas } from "../../provider/kinds/schemas";
import { FUNCTIONS_TARGET, renderFunctions } from "../../scripts/gen-functions";
import { REGISTRY_TARGET, renderRegistry } from "../../scripts/gen-registry";
import { render, TARGET } from "../../scripts/gen-sdk";
import { README, readmeWithTable } from "../../scripts/readme-table";
import * as sdk from "../../sdk/nodejs";
import { cases, FIXTURES, fixtureFile } from "../support/kinds";

const root = join(__dirname, "..", "..");
const entries = Object.entries(kinds);

/** The .ts files under `dir`, at any depth, that wait or loop over attempts (paths relative to `dir`). */
function waitingFiles(dir: string): string[] {
  const retrying = /\bfor \(let (attempt|round|tries|tryNo)\b|\bsetTimeout\b|timers\/promises|\bbackoff\(/;
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts") && retrying.test(readFileSync(join(dir, f), "utf8")))
    .map((f) => f.split(sep).join("/"))
    .sort();
}

describe("the registry of kinds", () => {
  it("is written from the folder: provider/kinds/registry.ts is what scripts/gen-registry.ts writes (run `npm run generate`)", () => {
    expect(readFileSync(join(root, REGISTRY_TARGET), "utf8")).toBe(renderRegistry(root));
  });

  it("generates the README's resource table from the registry (run `npm run generate`)", () => {
    const readme = readFileSync(join(root, README), "utf8");
    expect(readme).toBe(readmeWithTable(readme));
  });

  it("generates the SDK: sdk/nodejs/kinds.ts is what scripts/gen-sdk.ts writes (run `npm run generate`)", () => {
    expect(readFileSync(join(root, TARGET), "utf8")).toBe(render());
  });

  it("generates the lookups: sdk/nodejs/functions.ts is what scripts/gen-functions.ts writes (run `npm run generate`)", () => {
    expect(readFileSync(join(root, FUNCTIONS_TARGET), "utf8")).toBe(renderFunctions());
  });

  it("exports get<Kind> for every kind and list<Kind> for every listable one, under `functions` too", () => {
    const exported = sdk as unknown as Record<string, unknown>;
    const all = sdk.functions as unknown as Record<string, unknown>;
    for (const [name, kind] of entries) {
      expect([name, typeof all[`get${name}`]]).toEqual([name, "function"]);
      expect([name, typeof all[`list${name}`]]).toEqual([name, kind.list ? "function" : "undefined"]);
      expect(typeof exported[`list${name}`]).toBe(kind.list ? "function" : "undefined");
    }
    // A friendlier name keeps its own shape at the top level; the generated one is under `functions`.
    expect(exported.getUser).not.toBe(all.getUser);
    expect(exported.getWebhook).toBe(all.getWebhook);
  });

  it("writes an output list of a union with parentheses (not a union whose last member is a list)", () => {
    expect(render()).toContain('declare readonly action: pulumi.Output<("blockMessage" | "dropMessage")[]>;');
  });

  it.each(entries)("%s: the SDK exports its class, and every argument has a doc", (name, kind) => {
    expect(typeof (sdk as Record<string, unknown>)[name]).toBe("function");
    expect(kind.doc).toMatch(/Id: /);
    for (const arg of Object.keys(kind.args.shape))
      expect([arg, argDocs(kind)[arg]?.length ?? 0]).not.toEqual([arg, 0]);
  });

  it("derives the environment file's plain entries from the kinds: each listable, placed once, named once", () => {
    const ats = ENTRY_KINDS.map((k) => k.file.at.join("."));
    expect(new Set(ats).size).toBe(ats.length);
    const children = ENTRY_KINDS.map((k) => k.file.child);
    expect(new Set(children).size).toBe(children.length);
    for (const k of ENTRY_KINDS) {
      // chat-export reads every entry's kind through its own listing, but extensions (read by hand from
      // the service's catalogue: provider/environment/export/read.ts).
      if (k.name !== "Extension") expect([k.name, typeof k.list]).toEqual([k.name, "function"]);
      // A list entry is named by a key; the one entry of a kind an app has one of is not.
      expect([k.name, keyOf(k) === undefined]).toEqual([k.name, k.file.one === true]);
      // The file names every secret argument by a secret key, and nothing else that way (decision 0123).
      const named = secretsOf(k).map((s) => topOf(s.path));
      for (const path of named)
        expect([k.name, path, k.secrets?.includes(path)]).toEqual([k.name, path, true]);
      const args = Object.keys((k.args as { shape?: object }).shape ?? {});
      expect([k.name, [...new Set(named)].sort()]).toEqual([
        k.name,
        (k.secrets ?? []).filter((s) => args.includes(s)).sort(),
      ]);
      // A reference names kinds with their own section (provider/environment/graph.ts).
      for (const ref of Object.values(k.file.refs ?? {}))
        for (const target of refTargets(ref))
          expect(FILE_KINDS.filter((r) => !r.file.within).map((r) => r.name)).toContain(target);
    }
  });

  it("has one fixture module per kind, named after it (test/support/kinds/<kind>.ts), and no other", () => {
    const dir = join(root, "test", "support", "kinds");
    const modules = readdirSync(dir)
      .filter((f) => f.endsWith(".ts") && f !== "index.ts" && f !== "helpers.ts")
      .map((f) => f.replace(/\.ts$/, ""));
    expect(modules.sort()).toEqual(Object.keys(kinds).map(fixtureFile).sort());
    for (const [name, f] of FIXTURES) {
      const own = f.cases({ appId: "app" }).map((c) => c.kind);
      expect([name, [...new Set(own)]]).toEqual([name, [name]]); // a module's cases are of its kind
    }
  });

  it("declares each kind in a file named after it (provider/kinds/<kind>.ts)", () => {
    const misplaced = entries.flatMap(([name, kind]) => {
      const file = join(root, "provider", "kinds", fixtureFile(name));
      const exported = Object.values(require(file) as Record<string, unknown>);
      return exported.includes(kind)
        ? []
        : [`${name}: not exported by provider/kinds/${fixtureFile(name)}.ts`];
    });
    expect(misplaced).toEqual([]);
  });

  it("leaves every retry and every pace to the client: no kind waits or loops over attempts of its own", () => {
    expect(waitingFiles(join(root, "provider", "kinds"))).toEqual([]);
  });

  it("finds a kind's own wait in a folder under provider/kinds/ too (the seed's former pace)", () => {
    const scratch = mkdtempSync(join(tmpdir(), "kinds-"));
    try {
      mkdirSync(join(scratch, "seed"));
      writeFileSync(join(scratch, "user.ts"), "export const user = 1;\n");
      // provider/kinds/seed/service.ts before Data Import was paced by the client's budget.
      writeFileSync(
        join(scratch, "seed", "service.ts"),
        [
          "async function importSlot(): Promise<void> {",
          "  for (;;) {",
          "    if (started.length < importsPerMinute()) return;",
          "    await new Promise((r) => setTimeout(r, (started[0] ?? now) + 60_000 - now + 5));",
          "  }",
          "}",
        ].join("\n"),
      );
      expect(waitingFiles(scratch)).toEqual(["seed/service.ts"]);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it("orders the fixtures so that every case comes after the cases it depends on", () => {
    const seen = new Set<string>();
    const late: string[] = [];
    for (const c of cases("app")) {
      for (const d of c.dependsOn ?? []) if (!seen.has(d)) late.push(`${c.name} before ${d}`);
      seen.add(c.name);
    }
    expect(late).toEqual([]);
  });

  it("places every kind in the environment file (a section, or inside another's entry) or says why not", () => {
    const placed = [...ENTRY_KINDS.map((k) => k.name), ...HELD_KINDS, ...Object.keys(NOT_IN_FILE)];
    expect([...placed].sort()).toEqual(Object.keys(kinds).sort());
  });

  it("registers every kind a file of kinds declares", () => {
    const dir = join(root, "provider", "kinds");
    const declared = readdirSync(dir)
      .filter((f) => f.endsWith(".ts"))
      .flatMap((f) => Object.values(require(join(dir, f)) as Record<string, unknown>))
      .filter(
        (v): v is Kind => typeof v === "object" && v !== null && "args" in v && "create" in v && "name" in v,
      );
    expect(new Set(declared).size).toBe(Object.keys(kinds).length);
    const registered = new Set<unknown>(Object.values(kinds));
    expect(declared.filter((k) => !registered.has(k)).map((k) => k.name)).toEqual([]);
  });

  it("names a kind's ambient app in its id, so an import or a get reads the app the id says", () => {
    for (const [name, kind] of Object.entries(kinds) as [string, Kind][])
      if (kind.ambient?.includes("appId")) expect([name, kind.idParts?.[0]]).toEqual([name, "appId"]);
  });

  it("takes an id apart into the arguments it names, refusing an id of another shape", () => {
    expect(priorOfId(kinds.GroupMember as unknown as Kind, "team/ada")).toEqual({ guid: "team", uid: "ada" });
    // A part that is not an argument (an auth token's hash) is only checked for.
    expect(priorOfId(kinds.AuthToken as unknown as Kind, "ada/0123abcd")).toEqual({ uid: "ada" });
    expect(() => priorOfId(kinds.GroupMember as unknown as Kind, "team/ada/x")).toThrow(
      'GroupMember id "team/ada/x" is not of the form <guid>/<uid>',
    );
    expect(() => priorOfId(kinds.Webhook as unknown as Kind, "app/")).toThrow("<appId>/<webhookId>");
    expect(priorOfId(kinds.User as unknown as Kind, "ada")).toEqual({});
  });

  it("lists every kind's argument schema in pulumi-chat/schemas, by name", () => {
    expect(Object.keys(schemas)).toEqual(Object.keys(kinds));
    for (const [name, k] of entries) expect(schemas[name as keyof typeof schemas]).toBe(k.args);
  });
});
