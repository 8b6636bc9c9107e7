// The SDKs kept in sdk/ (decision 0110) on the real engine against the emulator: the one program of
// examples/<lang> (the README shows each) in TypeScript, Python (sdk/python installed with pip into a
// virtualenv), Go (sdk/go/chat by a replace this test adds), Java (sdk/java installed with Maven, run by the Java language
// host through `mvn compile exec:java`) and YAML, each through up, a no-change preview and destroy, checked
// against what the emulator holds; and chat-export's Python project (adopts the app, then previews clean) and
// Go project (builds with the SDK). No secret the stacks hold is printed.
import { execFile } from "node:child_process";
import { copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { venvWith } from "../../scripts/python-venv";
import { type Emulated, emulatorConfig, emulatorEnv, startEmulated } from "../support/emulator";
import { programs } from "../support/example-programs";
import { type CliProject, cliProject, PLUGIN_DIR } from "./support/cli-project";
import { deskApp, expectDesk, expectGone, upPreviewDestroy } from "./support/desk";
import { localStack, repoRoot } from "./support/stack";

const run = promisify(execFile);
const examples = join(repoRoot, "examples");
const GO_ENV = { CGO_ENABLED: "0", GOTOOLCHAIN: "local", GOFLAGS: "-mod=mod" };
const GO_SDK = join(repoRoot, "sdk", "go", "chat");
const GO_MODULE = "github.com/pulumi-chat/pulumi-chat/sdk/go/chat";

describe("the SDKs in sdk/, each language's program on the engine", () => {
  let emu: Emulated;
  const projects: CliProject[] = [];
  const printed: string[] = [];
  const app = () => deskApp(emu);

  beforeAll(async () => {
    emu = await startEmulated();
  });
  afterAll(async () => {
    for (const p of projects) await p.dispose();
    await emu?.close();
  });

  /** A project of examples/<lang> in a temporary folder, with this clone's plugin, configured for the emulator. */
  async function exampleProject(lang: string, runtime: string, files: string[]): Promise<CliProject> {
    const p = await cliProject(`sdk-${lang}`, runtime, emulatorConfig(emu));
    projects.push(p);
    const yaml = readFileSync(join(examples, lang, "Pulumi.yaml"), "utf8").replace(
      /^name: .*$/m,
      `name: sdk-${lang}`,
    );
    writeFileSync(
      join(p.dir, "Pulumi.yaml"),
      `${yaml}plugins:\n  providers:\n    - name: chat\n      path: ${PLUGIN_DIR}\n`,
    );
    for (const f of files) copyFileSync(join(examples, lang, f), join(p.dir, f));
    return p;
  }

  it("TypeScript: examples/typescript (the package's classes): up, a no-change preview, destroy", async () => {
    const t = await localStack(join(examples, "typescript"), "sdks");
    try {
      await t.stack.setAllConfig(emulatorConfig(emu));
      const up = await t.up();
      printed.push(up.stdout);
      expect(up.summary.resourceChanges?.create).toBe(7);
      expectDesk(emu);
      expect(up.outputs.groupId?.value).toBe("desk");
      expect(up.outputs.backendKey?.secret).toBe(true);
      const preview = await t.stack.preview();
      expect(preview.changeSummary).toEqual({ same: 7 });
      await t.stack.destroy();
      expectGone(emu);
    } finally {
      await t.dispose();
    }
  });

  it("Python: sdk/python installed with pip; examples/python: up, a no-change preview, destroy", async () => {
    const python = await pythonWithSdk();
    const { stdout } = await run(python, ["-c", "import pulumi_chat; print(pulumi_chat.__file__)"]);
    expect(stdout).toContain("site-packages");
    const p = await exampleProject("python", "python", ["__main__.py", "requirements.txt"]);
    await upPreviewDestroy(emu, p, { PULUMI_PYTHON_CMD: python });
  });

  it("Go: sdk/go/chat by a replace (added here: the packaged example has none); examples/go builds, then runs up, a no-change preview, destroy", async () => {
    const p = await exampleProject("go", "go", ["main.go", "go.sum"]);
    writeFileSync(
      join(p.dir, "go.mod"),
      `${readFileSync(join(examples, "go", "go.mod"), "utf8")}\nreplace ${GO_MODULE} => ${GO_SDK}\n`,
    );
    const env = { ...process.env, ...GO_ENV };
    await run("go", ["build", "-o", join(p.dir, "program"), "."], { cwd: p.dir, env });
    await upPreviewDestroy(emu, p, GO_ENV);
  });

  it("Java: sdk/java installed with Maven; examples/java: up, a no-change preview, destroy", async () => {
    // The SDK into the local Maven repository (~/.m2), where the example's pom.xml finds io.github.pulumi-chat:chat.
    await run("mvn", ["-q", "install", "-DskipTests"], { cwd: join(repoRoot, "sdk", "java") });
    const p = await exampleProject("java", "java", ["pom.xml"]);
    cpSync(join(examples, "java", "src"), join(p.dir, "src"), { recursive: true });
    await upPreviewDestroy(emu, p);
  });

  it("YAML: examples/yaml: up, a no-change preview, destroy", async () => {
    const p = await exampleProject("yaml", "yaml", []);
    await upPreviewDestroy(emu, p);
  });

  it("chat-export --language python: the project adopts the app without a write, then previews clean", async () => {
    const python = await pythonWithSdk();
    const p = await cliProject("export-python", "python", emulatorConfig(emu));
    try {
      rmSync(join(p.dir, "Pulumi.yaml"));
      await exportProject(p.dir, ["--language", "python"]);
      const written = readFileSync(join(p.dir, "Pulumi.yaml"), "utf8");
      writeFileSync(
        join(p.dir, "Pulumi.yaml"),
        `${written.replace(/^name: .*$/m, "name: export-python")}plugins:\n  providers:\n    - name: chat\n      path: ${PLUGIN_DIR}\n`,
      );
      const env = { PULUMI_PYTHON_CMD: python };
      emu.admin.clearRequests();
      await p.pulumi(["up", "--yes"], { env });
      const writes = emu.admin.requests().filter((r) => r.method !== "GET");
      expect(writes.map((r) => `${r.method} ${r.path}`)).toEqual([]);
      await p.pulumi(["preview", "--expect-no-changes"], { env });
    } finally {
      printed.push(...p.printed);
      // Adopted objects are protected: the stack is dropped, the app stays as it was.
      await p.pulumi(["stack", "rm", "--yes", "--force"], { allowFailure: true });
      rmSync(p.dir, { recursive: true, force: true });
    }
  });

  it("the registry's Go example of every resource compiles against sdk/go/chat (go vet)", async () => {
    const dir = join(repoRoot, ".pulumi-state", "registry-go");
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, "go.mod"),
      `${readFileSync(join(examples, "go", "go.mod"), "utf8")}\nreplace ${GO_MODULE} => ${GO_SDK}\n`,
    );
    copyFileSync(join(examples, "go", "go.sum"), join(dir, "go.sum"));
    for (const [kind, program] of programs("go")) {
      mkdirSync(join(dir, kind));
      writeFileSync(join(dir, kind, "main.go"), program);
    }
    const env = { ...process.env, ...GO_ENV };
    // vet type-checks every package (an unused import, a wrong field or enum type fails it) without linking.
    await run("go", ["vet", "./..."], { cwd: dir, env, maxBuffer: 16 * 1024 * 1024 });
    rmSync(dir, { recursive: true, force: true });
  });

  it("chat-export --language go --go-sdk: the project requires the SDK's module path, adopts the app without a write, then previews clean", async () => {
    const p = await cliProject("export-go", "go", emulatorConfig(emu));
    try {
      rmSync(join(p.dir, "Pulumi.yaml"));
      await exportProject(p.dir, ["--language", "go", "--go-sdk", GO_SDK]);
      const mod = readFileSync(join(p.dir, "go.mod"), "utf8");
      expect(mod).toContain(`\t${GO_MODULE} v`);
      expect(mod).toContain(`replace ${GO_MODULE} => ${GO_SDK}`);
      const written = readFileSync(join(p.dir, "Pulumi.yaml"), "utf8");
      writeFileSync(
        join(p.dir, "Pulumi.yaml"),
        `${written.replace(/^name: .*$/m, "name: export-go")}plugins:\n  providers:\n    - name: chat\n      path: ${PLUGIN_DIR}\n`,
      );
      copyFileSync(join(examples, "go", "go.sum"), join(p.dir, "go.sum"));
      const env = { ...process.env, ...GO_ENV };
      await run("go", ["mod", "tidy"], { cwd: p.dir, env });
      await run("go", ["build", "-o", join(p.dir, "program"), "."], { cwd: p.dir, env });
      emu.admin.clearRequests();
      await p.pulumi(["up", "--yes"], { env: GO_ENV });
      const writes = emu.admin.requests().filter((r) => r.method !== "GET");
      expect(writes.map((r) => `${r.method} ${r.path}`)).toEqual([]);
      await p.pulumi(["preview", "--expect-no-changes"], { env: GO_ENV });
    } finally {
      printed.push(...p.printed);
      // Adopted objects are protected: the stack is dropped, the app stays as it was.
      await p.pulumi(["stack", "rm", "--yes", "--force"], { allowFailure: true });
      rmSync(p.dir, { recursive: true, force: true });
    }
  });

  it("prints no secret the stacks hold, in any line of any command", () => {
    const all = [...printed, ...projects.flatMap((p) => p.printed)].join("\n");
    expect(all.length).toBeGreaterThan(0);
    const secrets = [emu.connection.apiKey, emu.managementConnection.secret, ...Object.keys(app().apiKeys)];
    for (const s of secrets.filter((x) => x.length >= 8)) expect(all).not.toContain(s);
  });

  /** chat-export of the emulator's app into `dir`, with `args`. */
  async function exportProject(dir: string, args: string[]): Promise<void> {
    const { stderr } = await run(
      process.execPath,
      [join(repoRoot, "dist/provider/environment/export/cli.js"), "--project", dir, ...args],
      { env: { ...process.env, ...emulatorEnv(emu) } },
    );
    expect(stderr).toContain(`project in ${dir}`);
  }
});

/**
 * A virtualenv with `pulumi` (PyPI, at the engine's version) and this clone's sdk/python installed as a user
 * installs it (`pip install ./sdk/python`); kept under .pulumi-state, the SDK reinstalled on every run
 * (its requirements are installed with `pulumi` the first time).
 */
let pythonReady: Promise<string> | undefined;
function pythonWithSdk(): Promise<string> {
  pythonReady ??= (async () => {
    const version = (
      JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as {
        devDependencies: Record<string, string>;
      }
    ).devDependencies["@pulumi/pulumi"];
    const python = await venvWith(join(repoRoot, ".pulumi-state", "python-sdk"), [
      `pulumi==${version}`,
      "parver",
      "semver",
      "setuptools",
      "wheel",
    ]);
    await run(
      python,
      [
        "-m",
        "pip",
        "install",
        "--quiet",
        "--force-reinstall",
        "--no-deps",
        "--no-build-isolation",
        join(repoRoot, "sdk", "python"),
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    return python;
  })();
  return pythonReady;
}
