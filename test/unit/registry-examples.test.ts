// The registry's examples (issue 32 item 3): one per kind, from its fixture (provider/hosts/plugin/examples.ts, generated
// by test/support/gen-examples.ts), in TypeScript, Python, Go and YAML in each resource's description, with an
// Import section. The TypeScript ones are typechecked against the package's SDK, the Python ones compiled, the
// Go ones parsed by gofmt here and type-checked against sdk/go/chat in test/e2e/sdks.test.ts; the YAML ones run
// in test/e2e/registry-examples.test.ts.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ts from "typescript";
import type { Kind } from "../../provider/engine/kind";
import { EXAMPLES } from "../../provider/hosts/plugin/examples";
import { idForm } from "../../provider/hosts/plugin/resource-docs";
import { kinds } from "../../provider/kinds";
import { names, programs, schema } from "../support/example-programs";
import { EXAMPLES_FILE, examplesText } from "../support/gen-examples";

const root = join(__dirname, "..", "..");

let dir = "";
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "chat-examples-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the registry's examples", () => {
  it("are generated from the fixtures (run `npm run generate`)", () => {
    expect(readFileSync(join(root, EXAMPLES_FILE), "utf8")).toBe(examplesText());
  });

  it("stand in every resource's description in four languages, with an Import section naming the id form", () => {
    for (const k of names) {
      const d = schema.resources[`chat:index:${k}`]?.description ?? "";
      expect([k, d.includes("{{% examples %}}") && d.includes("{{% /examples %}}")]).toEqual([k, true]);
      for (const l of ["typescript", "python", "go", "yaml"])
        expect([k, d.includes(`\`\`\`${l}\n`)]).toEqual([k, true]);
      const form = idForm(kinds[k as keyof typeof kinds] as unknown as Kind);
      expect([k, d]).toEqual([k, expect.stringContaining(`## Import`)]);
      expect([k, d]).toEqual([
        k,
        expect.stringContaining(`$ pulumi import chat:index:${k} ${EXAMPLES[k]?.name} '${form}'`),
      ]);
    }
  });

  it("stand in the Environment component's description too, in four languages (issue 45)", () => {
    const d = schema.resources["chat:index:Environment"]?.description ?? "";
    expect(d).toContain("{{% examples %}}");
    for (const l of ["typescript", "python", "go", "yaml"])
      expect([l, d.includes(`\`\`\`${l}\n`)]).toEqual([l, true]);
    expect(d).toContain('new chat.Environment("staging", {\n    file: "chat-environment.yaml",\n});');
    expect(programs("typescript").map(([k]) => k)).toContain("Environment");
  });

  it("typecheck in TypeScript against the package's SDK", () => {
    const files = programs("typescript").map(([k, text]) => {
      const file = join(dir, `${k}.ts`);
      writeFileSync(file, text ?? "");
      return file;
    });
    const program = ts.createProgram(files, {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.Node16,
      moduleResolution: ts.ModuleResolutionKind.Node16,
      esModuleInterop: true,
      types: [],
      baseUrl: root,
      paths: { "pulumi-chat": ["sdk/nodejs/index.ts"], "@pulumi/pulumi": ["node_modules/@pulumi/pulumi"] },
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file?.fileName.startsWith(dir))
      .map(
        (d) =>
          `${d.file?.fileName.slice(dir.length + 1)}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`,
      );
    expect(problems).toEqual([]);
  }, 120_000);

  it("compile in Python", () => {
    const files = programs("python").map(([k, text]) => {
      const file = join(dir, `${k}.py`);
      writeFileSync(file, text ?? "");
      return file;
    });
    execFileSync("python3", ["-m", "py_compile", ...files], { stdio: "pipe" });
  });

  it("parse in Go (gofmt -e)", () => {
    const files = programs("go").map(([k, text]) => {
      const file = join(dir, `${k}.go`);
      writeFileSync(file, text ?? "");
      return file;
    });
    // -e reports every syntax error (and fails); the layout is not checked (gofmt would align the fields).
    execFileSync("gofmt", ["-e", ...files], { stdio: "pipe" });
  });
});
