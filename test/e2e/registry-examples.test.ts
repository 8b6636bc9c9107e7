// The registry's YAML examples (one per kind, provider/hosts/plugin/examples.ts, as each resource's description shows
// them) together in one Pulumi YAML program, previewed on the real engine with this clone's plugin against the
// emulator: Pulumi YAML type-checks every property against the schema (enum values included) and the
// provider checks every argument. A preview, not an up: most examples name objects made by another one (a
// group member its group and users), as the fixtures they come from do.
import { parse, stringify } from "yaml";
import { exampleProgram, type Lookup, type Prop } from "../../provider/hosts/plugin/example-code";
import { EXAMPLES } from "../../provider/hosts/plugin/examples";
import { packageSchema } from "../../provider/hosts/plugin/schema";
import { kinds } from "../../provider/kinds";
import { type Emulated, emulatorConfig, startEmulated } from "../support/emulator";
import { type CliProject, cliProject } from "./support/cli-project";

const schema = packageSchema() as {
  types: Record<string, { type: string; properties?: Record<string, Prop>; enum?: unknown[] }>;
  resources: Record<string, { inputProperties: Record<string, Prop> }>;
};
const lookup: Lookup = (ref) => (ref?.startsWith("#/types/") ? schema.types[ref.slice(8)] : undefined);

/** The value an example holds under `key` (where a secret config key's value comes from). */
function valueAt(v: unknown, key: string): unknown {
  if (typeof v !== "object" || v === null) return undefined;
  for (const [k, x] of Object.entries(v)) {
    if (k === key && typeof x === "string") return x;
    const inner = valueAt(x, key);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

describe("the registry's YAML examples", () => {
  let emu: Emulated;
  let project: CliProject | undefined;
  beforeAll(async () => {
    emu = await startEmulated();
  });
  afterAll(async () => {
    await project?.dispose();
    await emu?.close();
  });

  it("preview together: every example type-checks in Pulumi YAML and passes the provider's checks", async () => {
    const resources: Record<string, unknown> = {};
    const config: Record<string, unknown> = {};
    const secrets: Record<string, string> = {};
    for (const kind of Object.keys(kinds)) {
      const ex = EXAMPLES[kind];
      if (!ex) throw new Error(`no example for ${kind}`);
      const inputs = schema.resources[`chat:index:${kind}`]?.inputProperties ?? {};
      const program = parse(exampleProgram(kind, ex, inputs, lookup, "yaml")) as {
        config?: Record<string, unknown>;
        resources: Record<string, unknown>;
      };
      // One program: each example's resource under its kind's name (two fixtures may name theirs alike).
      for (const [name, r] of Object.entries(program.resources)) resources[`${kind}-${name}`] = r;
      for (const [key, c] of Object.entries(program.config ?? {})) {
        config[key] = c;
        const value = Object.entries(ex.args)
          .filter(([k]) => inputs[k]?.secret)
          .map(([, v]) => (typeof v === "string" ? v : valueAt(v, key)))
          .find((v) => typeof v === "string");
        secrets[key] = typeof value === "string" ? value : `example-${key}`;
      }
    }
    project = await cliProject("registry-examples", "yaml", emulatorConfig(emu));
    project.write(stringify({ config, resources }));
    for (const [key, value] of Object.entries(secrets))
      await project.pulumi(["config", "set", "--secret", key, "--", value]);
    const out = await project.pulumi(["preview"]);
    expect(out).toMatch(new RegExp(`\\+ ${Object.keys(resources).length + 1} to create`));
    // Secrets came from the stack's config: none of their values is printed.
    for (const v of Object.values(secrets)) expect(out).not.toContain(v);
  }, 300_000);
});
