// A rehearsal of the registries (issue 45, decision 0126): `npm run release` writes release/, which is served on
// loopback in place of each registry; from folders outside the clone, each language's packaged example
// (examples/<lang>, as the npm package ships it) gets its SDK and the plugin the way a user would, with nothing
// from this clone: the plugin by `pulumi plugin install --server` (YAML, Go, Java) or by the engine itself from
// the SDK's pluginDownloadURL (Python); pip from a PEP 503 index, Go through GOPROXY (no replace, go.sum as
// shipped), Maven from a repository URL. Each runs up, a no-change preview and destroy against the emulator.
// A missing toolchain (python3, go, mvn) fails the test.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { GO_MODULE, MAVEN_GROUP, type Release, release } from "../../scripts/release";
import { type Emulated, emulatorConfig, startEmulated } from "../support/emulator";
import { type CliProject, type CliProjectOptions, cliProject } from "./support/cli-project";
import { upPreviewDestroy } from "./support/desk";
import { repoRoot } from "./support/stack";
import { type StaticServer, serveFolder } from "./support/static-server";

const run = promisify(execFile);
const examples = join(repoRoot, "examples");
const big = { maxBuffer: 64 * 1024 * 1024 };

describe("a release installed from its registries, rehearsed on loopback", () => {
  let emu: Emulated;
  let rel: Release;
  let server: StaticServer;
  let pluginHome: string;
  const temps: string[] = [];
  const projects: CliProject[] = [];
  const temp = (name: string) => {
    const d = mkdtempSync(join(tmpdir(), `pulumi-chat-rehearsal-${name}-`));
    temps.push(d);
    return d;
  };

  let goReady: Promise<CliProject>;
  let javaReady: Promise<CliProject>;

  beforeAll(async () => {
    // The dry run as the workflow runs it: each registry's own checks (npm publish --dry-run, twine check) too.
    [emu, rel] = await Promise.all([startEmulated(), release(repoRoot, { dryRun: true })]);
    server = await serveFolder(join(repoRoot, "release"));
    pluginHome = temp("home");
    // The two slow builds start now, beside the YAML and Python tests; their tests wait for them.
    goReady = prepareGo();
    javaReady = prepareJava();
    for (const ready of [goReady, javaReady]) ready.catch(() => undefined);
  });
  afterAll(async () => {
    await Promise.allSettled([goReady, javaReady]);
    for (const p of projects) await p.dispose();
    for (const d of temps) rmSync(d, { recursive: true, force: true });
    await server?.close();
    await emu?.close();
  });

  /** examples/<lang> copied into a folder outside the clone, its stack configured for the emulator. */
  async function example(lang: string, runtime: string, options: CliProjectOptions): Promise<CliProject> {
    const p = await cliProject(`rehearsal-${lang}`, runtime, emulatorConfig(emu), {
      ...options,
      localPlugin: false,
    });
    projects.push(p);
    // As the npm package ships the folder: no build output, no stack files.
    cpSync(join(examples, lang), p.dir, {
      recursive: true,
      filter: (f) => !/\/(target|__pycache__|Pulumi\.[^/]+\.yaml)$/.test(f),
    });
    const yaml = readFileSync(join(examples, lang, "Pulumi.yaml"), "utf8");
    writeFileSync(join(p.dir, "Pulumi.yaml"), yaml.replace(/^name: .*$/m, `name: rehearsal-${lang}`));
    return p;
  }
  const fetched = (path: string) => server.requested.filter((r) => r === path);

  it("writes every registry's layout, at package.json's version, and names the platforms it cannot build", async () => {
    const version = (JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { version: string })
      .version;
    expect(rel.version).toBe(version);
    expect(rel.tags).toEqual({ repository: `v${version}`, goModule: `sdk/go/chat/v${version}` });
    const at = `go/${GO_MODULE}/@v`;
    expect(Object.keys(rel.files)).toEqual(
      expect.arrayContaining([
        `npm/pulumi-chat-${version}.tgz`,
        `pypi/files/pulumi_chat-${version}-py3-none-any.whl`,
        `pypi/files/pulumi_chat-${version}.tar.gz`,
        "pypi/simple/pulumi-chat/index.html",
        `${at}/list`,
        `${at}/v${version}.info`,
        `${at}/v${version}.mod`,
        `${at}/v${version}.zip`,
        `maven/io/github/pulumi-chat/chat/${version}/chat-${version}.pom`,
        `maven/io/github/pulumi-chat/chat/${version}/chat-${version}.jar`,
        `maven/io/github/pulumi-chat/chat/${version}/chat-${version}.jar.sha1`,
        `maven/io/github/pulumi-chat/chat/${version}/chat-${version}-sources.jar`,
        `plugin/pulumi-resource-chat-v${version}-linux-amd64.tar.gz`,
        "plugin/SHA256SUMS",
      ]),
    );
    expect(readFileSync(join(repoRoot, "release", at, `v${version}.info`), "utf8")).toMatch(
      new RegExp(`^\\{"Time":"[^"]+","Version":"v${version.replace(/\./g, "\\.")}"\\}\\n$`),
    );
    // The zip holds the module's files under <module>@<version>/ only, as the go command unpacks it.
    const { stdout } = await run(
      "python3",
      ["-m", "zipfile", "-l", join(repoRoot, "release", at, `v${version}.zip`)],
      big,
    );
    const names = stdout
      .trim()
      .split("\n")
      .slice(1)
      .map((l) => l.split(/\s+/)[0]);
    expect(names.filter((n) => !n?.startsWith(`${GO_MODULE}@v${version}/`))).toEqual([]);
    expect(names).toContain(`${GO_MODULE}@v${version}/go.mod`);
    // Every platform is either an archive or a reason.
    expect([...rel.plugin.built, ...Object.keys(rel.plugin.notBuilt)].sort()).toHaveLength(5);
    for (const why of Object.values(rel.plugin.notBuilt)) expect(why.length).toBeGreaterThan(20);
    const sums = readFileSync(join(repoRoot, "release", "plugin", "SHA256SUMS"), "utf8");
    for (const name of rel.plugin.built) {
      const hash = createHash("sha256")
        .update(readFileSync(join(repoRoot, "release", "plugin", name)))
        .digest("hex");
      expect(sums).toContain(`${hash}  ${name}\n`);
    }
  });

  it("the plugin installs from the release archives: pulumi plugin install resource chat <version> --server", async () => {
    await run(
      "pulumi",
      ["plugin", "install", "resource", "chat", rel.version, "--server", `${server.url}/plugin`],
      { env: { ...process.env, PULUMI_HOME: pluginHome }, ...big },
    );
    const installed = join(pluginHome, "plugins", `resource-chat-v${rel.version}`, "pulumi-resource-chat");
    expect(statSync(installed).mode & 0o111).not.toBe(0);
    expect(fetched(`/plugin/pulumi-resource-chat-v${rel.version}-linux-amd64.tar.gz`)).toHaveLength(1);
  });

  it("YAML with the plugin alone (no node on PATH): up, a no-change preview, destroy", async () => {
    // The engine's binaries, linked into an empty folder: the PATH holds no node.
    const bin = temp("bin");
    const { stdout } = await run("sh", ["-c", "command -v pulumi"]);
    for (const b of ["pulumi", "pulumi-language-yaml"])
      symlinkSync(join(dirname(stdout.trim()), b), join(bin, b));
    await expect(run("/bin/sh", ["-c", "command -v node"], { env: { PATH: bin } })).rejects.toThrow();
    const p = await example("yaml", "yaml", { env: { PATH: bin, PULUMI_HOME: pluginHome } });
    await upPreviewDestroy(emu, p);
  });

  it("Python: pip installs pulumi-chat from the index; the engine fetches the plugin from the SDK's pluginDownloadURL", async () => {
    const python = await pythonWithPulumi();
    // A Pulumi home without the plugin: the engine downloads it where the SDK's pulumi-plugin.json says
    // (github://api.github.com/pulumi-chat, which the engine reads as the GitHub releases of
    // pulumi-chat/pulumi-chat), redirected here by Pulumi's own override variable, matched on that repository.
    const home = temp("python-home");
    const p = await example("python", "python", {
      env: {
        PULUMI_HOME: home,
        PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "false",
        PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES: `^github://api\\.github\\.com/pulumi-chat/pulumi-chat$=${server.url}/plugin`,
        PULUMI_PYTHON_CMD: python,
      },
    });
    await run(python, ["-m", "pip", "uninstall", "--yes", "--quiet", "pulumi-chat"], big);
    // The example's requirements.txt, with only the served index: pulumi and the SDK's other requirements
    // are in the virtualenv already, so pulumi-chat is the one thing it fetches.
    await run(
      python,
      [
        "-m",
        "pip",
        "install",
        "--quiet",
        "--index-url",
        `${server.url}/pypi/simple/`,
        "-r",
        "requirements.txt",
      ],
      { cwd: p.dir, ...big },
    );
    expect(fetched(`/pypi/files/pulumi_chat-${rel.version}-py3-none-any.whl`)).toHaveLength(1);
    await upPreviewDestroy(emu, p);
    expect(existsSync(join(home, "plugins", `resource-chat-v${rel.version}`, "pulumi-resource-chat"))).toBe(
      true,
    );
    expect(fetched(`/plugin/pulumi-resource-chat-v${rel.version}-linux-amd64.tar.gz`)).toHaveLength(2);
  });

  it("Go: the module resolves through GOPROXY (no replace, examples/go/go.sum as shipped)", async () => {
    const p = await goReady;
    expect(readFileSync(join(p.dir, "go.mod"), "utf8")).not.toMatch(/^replace /m);
    expect(fetched(`/go/${GO_MODULE}/@v/v${rel.version}.zip`)).toHaveLength(1);
    await upPreviewDestroy(emu, p, goEnv());
  });

  it("Java: io.github.pulumi-chat:chat resolves from the Maven repository", async () => {
    const p = await javaReady;
    expect(fetched(`/maven/io/github/pulumi-chat/chat/${rel.version}/chat-${rel.version}.jar`)).toHaveLength(
      1,
    );
    await upPreviewDestroy(emu, p);
  });

  /** GOPROXY is the served folder alone; go.sum must already hold the module's lines (as shipped): -mod=readonly. */
  const goEnv = (): Record<string, string> => ({
    CGO_ENABLED: "0",
    GOTOOLCHAIN: "local",
    GOPROXY: `${server.url}/go,off`,
    GONOSUMDB: "github.com/pulumi-chat",
    GOFLAGS: "-mod=readonly",
    // The go command indexes a module cache folder by path@version, taking it as immutable; every release
    // rehearsed here is v<version> again with other files, so the index of an earlier run would hide the new ones.
    GODEBUG: "goindex=0",
  });

  /**
   * The Go example built outside the clone, the module fetched through the proxy (whatever an earlier run left
   * of it in the module cache removed first). The engine runs the binary built here: the language host would
   * otherwise build the program again for each command.
   */
  async function prepareGo(): Promise<CliProject> {
    const env = { ...process.env, ...goEnv() };
    const { stdout } = await run("go", ["env", "GOMODCACHE"], { env });
    const cache = stdout.trim();
    for (const d of [
      join(cache, "github.com", "pulumi-chat"),
      join(cache, "cache", "download", "github.com", "pulumi-chat"),
    ])
      if (existsSync(d)) {
        chmodAll(d);
        rmSync(d, { recursive: true, force: true });
      }
    const p = await example("go", "go", { env: { PULUMI_HOME: pluginHome } });
    await run("go", ["build", "-o", join(p.dir, "program"), "."], { cwd: p.dir, env, ...big });
    const yaml = readFileSync(join(p.dir, "Pulumi.yaml"), "utf8");
    writeFileSync(
      join(p.dir, "Pulumi.yaml"),
      yaml.replace(/^runtime: go$/m, "runtime:\n  name: go\n  options:\n    binary: program"),
    );
    return p;
  }

  /**
   * The Java example with a local repository of its own (a copy of the user's without this project's
   * artifacts, so the SDK can only come from the served repository) and a settings file naming that
   * repository, handed to every mvn by .mvn/maven.config; compiled once online, then offline (-o) for the
   * language host's runs.
   */
  async function prepareJava(): Promise<CliProject> {
    const repo = join(repoRoot, ".pulumi-state", "release-m2");
    const userRepo = join(process.env.HOME ?? "", ".m2", "repository");
    if (!existsSync(repo) && existsSync(userRepo)) cpSync(userRepo, repo, { recursive: true });
    mkdirSync(repo, { recursive: true });
    rmSync(join(repo, ...MAVEN_GROUP.split(".")), { recursive: true, force: true });
    const p = await example("java", "java", { env: { PULUMI_HOME: pluginHome } });
    const settings = join(p.dir, ".mvn", "settings.xml");
    mkdirSync(dirname(settings), { recursive: true });
    writeFileSync(
      settings,
      [
        "<settings><profiles><profile><id>rehearsal</id><repositories><repository>",
        `<id>rehearsal</id><url>${server.url}/maven</url><snapshots><enabled>false</enabled></snapshots>`,
        "</repository></repositories></profile></profiles>",
        "<activeProfiles><activeProfile>rehearsal</activeProfile></activeProfiles></settings>",
      ].join(""),
    );
    const config = join(p.dir, ".mvn", "maven.config");
    writeFileSync(config, `-s\n${settings}\n-Dmaven.repo.local=${repo}\n`);
    await run("mvn", ["-B", "-q", "compile"], { cwd: p.dir, ...big });
    writeFileSync(config, `-o\n-s\n${settings}\n-Dmaven.repo.local=${repo}\n`);
    return p;
  }

  it("prints no secret the stacks hold", () => {
    const all = projects.flatMap((p) => p.printed).join("\n");
    expect(all.length).toBeGreaterThan(0);
    for (const s of [emu.connection.apiKey, emu.managementConnection.secret]) expect(all).not.toContain(s);
  });
});

/** Read-only folders of the Go module cache made writable, so they can be removed. */
function chmodAll(dir: string): void {
  chmodSync(dir, 0o755);
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) chmodAll(p);
    else chmodSync(p, 0o644);
  }
}

/** A virtualenv with `pulumi` at the engine's version (from the usual index, once), kept under .pulumi-state. */
async function pythonWithPulumi(): Promise<string> {
  const version = (
    JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as {
      devDependencies: Record<string, string>;
    }
  ).devDependencies["@pulumi/pulumi"];
  const venv = join(repoRoot, ".pulumi-state", "release-python");
  const python = join(venv, "bin", "python");
  const wanted = [`pulumi==${version}`, "parver", "semver"];
  const ready = join(venv, "ready");
  if (!existsSync(ready) || readFileSync(ready, "utf8") !== wanted.join(" ")) {
    mkdirSync(venv, { recursive: true });
    if (!existsSync(python)) await run("python3", ["-m", "venv", venv]);
    await run(python, ["-m", "pip", "install", "--quiet", ...wanted], big);
    writeFileSync(ready, wanted.join(" "));
  }
  return python;
}
