// The project chat-export writes for each language: Pulumi.yaml with the language's runtime and a program
// declaring the Environment component over the exported file (run on the engine by test/e2e/export.test.ts
// for YAML, and with the SDKs for the others).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { main } from "../../provider/environment/export/cli";
import { ENVIRONMENT_FILE, LANGUAGES, programFiles } from "../../provider/environment/export/program";
import { packageSchema } from "../../provider/hosts/plugin/schema";
import { pluginVersion } from "../../provider/hosts/plugin/version";

const RUNTIME = { yaml: "yaml", typescript: "nodejs", python: "python", go: "go" } as const;
const PROGRAM = {
  yaml: "Pulumi.yaml",
  typescript: "index.ts",
  python: "__main__.py",
  go: "main.go",
} as const;

describe("chat-export --project --language", () => {
  it.each(LANGUAGES)("%s: Pulumi.yaml with its runtime and a program over the exported file", (lang) => {
    const files = programFiles(lang, "staging");
    expect(files["Pulumi.yaml"]).toMatch(new RegExp(`^name: staging\\nruntime: ${RUNTIME[lang]}\\n`));
    const program = files[PROGRAM[lang]] ?? "";
    expect(program).toMatch(/Environment/);
    expect(program).toContain(ENVIRONMENT_FILE);
  });

  it("imports the Go SDK by the path the schema gives its generator", () => {
    const go = (packageSchema().language as { go: { importBasePath: string } }).go.importBasePath;
    expect(programFiles("go", "staging")["main.go"]).toContain(`chat "${go}"`);
  });

  it("requires the Go SDK by its module path at the plugin's version; a replace only for a folder given", () => {
    const go = (packageSchema().language as { go: { importBasePath: string } }).go.importBasePath;
    const mod = programFiles("go", "staging")["go.mod"] ?? "";
    expect(mod).toMatch(/^module staging\n/);
    expect(mod).toContain(`\t${go} v${pluginVersion()}\n`);
    expect(mod).toMatch(/\tgithub\.com\/pulumi\/pulumi\/sdk\/v3 v3\.\d+\.\d+\n/);
    expect(mod).not.toContain("replace");
    const local = programFiles("go", "staging", { goSdk: "/src/pulumi-chat/sdk/go/chat" })["go.mod"];
    expect(local).toContain(`\nreplace ${go} => /src/pulumi-chat/sdk/go/chat\n`);
  });

  it("Python: requirements.txt names the chat SDK by its distribution on the index, at the plugin's version", () => {
    const req = programFiles("python", "staging")["requirements.txt"] ?? "";
    const wanted = req.split("\n").filter((l) => l.trim() && !l.startsWith("#"));
    const { version } = JSON.parse(readFileSync(join(__dirname, "..", "..", "package.json"), "utf8")) as {
      version: string;
    };
    expect(wanted).toEqual(["pulumi>=3.0.0,<4.0.0", `pulumi-chat==${version}`]);
    expect(req).not.toContain("clone");
  });

  it("refuses a language it does not write, and a language without a folder, before any call", async () => {
    await expect(main(["node", "chat-export", "--language", "python"])).rejects.toThrow(
      "--language needs --project <dir>",
    );
    const exit = jest.spyOn(process, "exit").mockImplementation(((code: number) => {
      throw new Error(`exit ${code}`);
    }) as never);
    const err = jest.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      await expect(main(["node", "chat-export", "--project", "x", "--language", "cobol"])).rejects.toThrow(
        "exit 1",
      );
      expect(err.mock.calls.join("")).toContain("expected one of yaml, typescript, python, go");
      await expect(
        main(["node", "chat-export", "--project", "x", "--language", "python", "--go-sdk", "sdk/go/chat"]),
      ).rejects.toThrow("--go-sdk needs --language go");
    } finally {
      exit.mockRestore();
      err.mockRestore();
    }
  });
});
