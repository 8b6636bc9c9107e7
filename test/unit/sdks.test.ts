// The SDKs kept in sdk/ (decision 0110) were generated from the schema the plugin serves today: sdk/schema.json
// is that schema, sdk/schema.sha256 names the schema the Python, Go and Java SDKs were made from, and each SDK has
// a module for every resource and function, under the module path and version the schema gives.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { EXAMPLE_GO_SUM, goSumLines } from "../../scripts/go-sum";
import { SCHEMA_FILE, schemaText } from "../../scripts/sdk-schema";

const root = join(__dirname, "..", "..");
const read = (...p: string[]) => readFileSync(join(root, ...p), "utf8");
const STALE = "stale: run `npm run generate:sdks` (scripts/gen-sdks.sh) and commit sdk/";

interface Schema {
  version: string;
  pluginDownloadURL: string;
  resources: Record<string, unknown>;
  functions: Record<string, unknown>;
  language: { go: { importBasePath: string }; python: { packageName: string } };
}
const schema = JSON.parse(schemaText()) as Schema;
/** `chat:index:AiAgent` → `AiAgent`. */
const names = (tokens: Record<string, unknown>) => Object.keys(tokens).map((t) => t.split(":")[2] as string);
const snake = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
const camel = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

describe("the SDKs in sdk/", () => {
  it("sdk/schema.json is the schema the plugin serves", () => {
    const kept = read(SCHEMA_FILE);
    if (kept !== schemaText()) throw new Error(`${SCHEMA_FILE} is ${STALE}`);
  });

  it("the Python, Go and Java SDKs were generated from that schema", () => {
    const hash = createHash("sha256").update(read(SCHEMA_FILE)).digest("hex");
    if (read("sdk", "schema.sha256").trim() !== hash) throw new Error(`the SDKs are ${STALE}`);
    // sdk/java keeps its own copy: a regeneration by a gen-sdks.sh older than sdk/java leaves it behind.
    if (read("sdk", "java", "schema.sha256").trim() !== hash) throw new Error(`sdk/java is ${STALE}`);
  });

  it("the Python package has a module for every resource and function, at the schema's version", () => {
    const pkg = schema.language.python.packageName;
    expect(pkg).toBe("pulumi_chat");
    const missing = [...names(schema.resources), ...names(schema.functions)].filter(
      (n) => !existsSync(join(root, "sdk", "python", pkg, `${snake(n)}.py`)),
    );
    expect(missing).toEqual([]);
    expect(read("sdk", "python", "setup.py")).toContain(`VERSION = "${schema.version}"`);
    // Published as pulumi-chat (decision 0126), imported as pulumi_chat.
    expect(read("sdk", "python", "setup.py")).toContain("setup(name='pulumi-chat',");
    expect(JSON.parse(read("sdk", "python", pkg, "pulumi-plugin.json"))).toEqual({
      resource: true,
      name: "chat",
      version: schema.version,
      // Where the engine would fetch the plugin from when it is not installed (the schema's pluginDownloadURL).
      server: schema.pluginDownloadURL,
    });
  });

  it("the Go module is the schema's import path, with a file for every resource and function", () => {
    const path = schema.language.go.importBasePath;
    expect(path).toBe("github.com/pulumi-chat/pulumi-chat/sdk/go/chat");
    expect(read("sdk", "go", "chat", "go.mod")).toMatch(new RegExp(`^module ${path}\\n`));
    expect(read("sdk", "go", "chat", "go.sum")).toContain("github.com/pulumi/pulumi/sdk/v3 ");
    const missing = [...names(schema.resources), ...names(schema.functions)].filter(
      (n) => !existsSync(join(root, "sdk", "go", "chat", `${camel(n)}.go`)),
    );
    expect(missing).toEqual([]);
    expect(JSON.parse(read("sdk", "go", "chat", "pulumi-plugin.json"))).toMatchObject({
      name: "chat",
      version: schema.version,
      // Where the engine would fetch the plugin from when it is not installed (the schema's pluginDownloadURL).
      server: schema.pluginDownloadURL,
    });
  });

  it("the packaged Go example's go.sum holds the Go SDK's checksums, as the module proxy will serve it", () => {
    // The module zip's files, hashed as the go command does; a regenerated sdk/go/chat changes them.
    const lines = goSumLines(root, schema.version);
    expect(lines[0]).toMatch(/^github\.com\/pulumi-chat\/pulumi-chat\/sdk\/go\/chat v\S+ h1:/);
    const held = read(EXAMPLE_GO_SUM).split("\n");
    const missing = lines.filter((l) => !held.includes(l));
    if (missing.length) throw new Error(`${EXAMPLE_GO_SUM} is ${STALE} (it lacks ${missing.join(", ")})`);
  });

  it("the Java SDK has a class for every resource and a method for every function, at the schema's version", () => {
    const dir = join("sdk", "java", "src", "main", "java", "com", "pulumi", "chat");
    const missing = names(schema.resources).filter((n) => !existsSync(join(root, dir, `${n}.java`)));
    expect(missing).toEqual([]);
    const functions = read(dir, "ChatFunctions.java");
    const noMethod = names(schema.functions).filter((n) => !functions.includes(` ${n}(`));
    expect(noMethod).toEqual([]);
    const pom = read("sdk", "java", "pom.xml");
    expect(pom).toContain("<groupId>io.github.pulumi-chat</groupId>\n  <artifactId>chat</artifactId>");
    expect(pom).toContain(`<artifactId>chat</artifactId>\n  <version>${schema.version}</version>`);
    const resources = join("sdk", "java", "src", "main", "resources", "com", "pulumi", "chat");
    expect(read(resources, "version.txt")).toBe(schema.version);
    expect(JSON.parse(read(resources, "plugin.json"))).toEqual({
      resource: true,
      name: "chat",
      version: schema.version,
      server: schema.pluginDownloadURL,
    });
  });
});
