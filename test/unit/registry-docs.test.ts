// docs/registry/ is what scripts/registry-docs.ts makes of the plugin's schema now (issue 32 item 4): an
// overview, installation and configuration, one page per resource and per function, and every example in it
// one of the tested ones (test/unit/registry-examples.test.ts).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Kind } from "../../provider/engine/kind";
import { exampleProgram, LANGUAGES, type Lookup, type Prop } from "../../provider/hosts/plugin/example-code";
import { EXAMPLES } from "../../provider/hosts/plugin/examples";
import { idForm } from "../../provider/hosts/plugin/resource-docs";
import { packageSchema } from "../../provider/hosts/plugin/schema";
import { kinds } from "../../provider/kinds";
import { REGISTRY_DIR, registryPages } from "../../scripts/registry-docs";

const root = join(__dirname, "..", "..");
const pages = registryPages();
const onDisk = (sub: string) => readdirSync(join(root, REGISTRY_DIR, sub)).filter((f) => f.endsWith(".md"));

describe("docs/registry", () => {
  it("holds exactly the pages the schema makes, each as it makes it (run `npm run generate`)", () => {
    const files = [
      ...onDisk("."),
      ...onDisk("resources").map((f) => join("resources", f)),
      ...onDisk("functions").map((f) => join("functions", f)),
    ];
    expect(files.sort()).toEqual([...pages.keys()].sort());
    for (const [path, text] of pages)
      expect([path, readFileSync(join(root, REGISTRY_DIR, path), "utf8")]).toEqual([path, text]);
  });

  it("has a page per resource and per function, and the index links each", () => {
    const schema = packageSchema() as {
      resources: Record<string, unknown>;
      functions: Record<string, unknown>;
    };
    const index = pages.get("_index.md") ?? "";
    for (const tok of [...Object.keys(schema.resources), ...Object.keys(schema.functions)]) {
      const name = tok.split(":").pop() ?? "";
      const file = `${name.replace(/(?<!^)(?=[A-Z])/g, "-").toLowerCase()}.md`;
      const sub = tok in schema.resources ? "resources" : "functions";
      expect([tok, pages.has(join(sub, file))]).toEqual([tok, true]);
      expect([tok, index.includes(`](${sub}/${file})`)]).toEqual([tok, true]);
    }
  });

  it("shows each kind's tested example in every language on its page", () => {
    const schema = packageSchema() as {
      types: Record<string, { type: string; properties?: Record<string, Prop>; enum?: unknown[] }>;
      resources: Record<string, { inputProperties: Record<string, Prop> }>;
    };
    const lookup: Lookup = (ref) => (ref?.startsWith("#/types/") ? schema.types[ref.slice(8)] : undefined);
    for (const kind of Object.keys(kinds)) {
      const page =
        pages.get(join("resources", `${kind.replace(/(?<!^)(?=[A-Z])/g, "-").toLowerCase()}.md`)) ?? "";
      const ex = EXAMPLES[kind];
      if (!ex) throw new Error(`no example for ${kind}`);
      for (const l of LANGUAGES) {
        const program = exampleProgram(
          kind,
          ex,
          schema.resources[`chat:index:${kind}`]?.inputProperties ?? {},
          lookup,
          l,
        );
        expect([kind, l, page.includes(`\`\`\`${l}\n${program}\`\`\``)]).toEqual([kind, l, true]);
      }
      expect([kind, page.includes("## Import")]).toEqual([kind, true]);
    }
  });

  it("lists every config key with its environment variable on the installation page", () => {
    const page = pages.get("installation-configuration.md") ?? "";
    expect(page).toMatch(/\| `chat:apiKey` \| `CHAT_API_KEY` \| string \| yes \|/);
    expect(page).toMatch(/\| `chat:requestsPerMinute` \| `CHAT_REQUESTS_PER_MINUTE` \| integer \|/);
  });
});

describe("the id `pulumi import` takes, as each page shows it", () => {
  it("is a form to fill, with no sentence of the doc in it", () => {
    const odd = Object.values(kinds as unknown as Record<string, Kind>)
      .map((k) => [k.name, idForm(k)] as const)
      .filter(([, id]) => /[;`,(]/.test(id));
    expect(odd).toEqual([]);
  });
});
