// The release workflow (.github/workflows/release.yml, decision 0126): actionlint finds nothing in it (and does
// find a mistake planted in a copy), and it holds together: one tag, checked against package.json's version;
// the tests before anything is built for publishing; each registry published by its own job after the dry run,
// with OIDC where the registry takes it; the plugin archives named as `npm run release` and Pulumi name them.
// actionlint is built once per machine by scripts/actionlint.sh (Go), hence the e2e layer.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { parse } from "yaml";
import { repoRoot } from "./support/stack";

const run = promisify(execFile);
/** A GitHub Actions expression, as the workflow writes it. */
const expr = (e: string) => `$\{{ ${e} }}`;
const VERSION = expr("needs.version.outputs.version");
const FILE = join(repoRoot, ".github", "workflows", "release.yml");

interface Step {
  run?: string;
  uses?: string;
  with?: Record<string, string>;
}
interface Job {
  needs?: string | string[];
  permissions?: Record<string, string>;
  steps: Step[];
  env?: Record<string, string>;
}
const workflow = parse(readFileSync(FILE, "utf8")) as {
  on: { push: { tags: string[] } };
  permissions: Record<string, string>;
  jobs: Record<string, Job>;
};
const needs = (job: string): string[] => {
  const n = workflow.jobs[job]?.needs ?? [];
  return typeof n === "string" ? [n] : n;
};
/** Every job `job` waits for, directly or not. */
const upstream = (job: string): Set<string> => {
  const all = new Set<string>();
  for (const n of needs(job)) for (const m of [n, ...upstream(n)]) all.add(m);
  return all;
};

describe("the release workflow", () => {
  it("passes actionlint", async () => {
    await run("bash", [join(repoRoot, "scripts", "actionlint.sh"), FILE], { cwd: repoRoot });
  });

  it("actionlint fails a copy with a job output read without `needs`", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pulumi-chat-actionlint-"));
    try {
      mkdirSync(join(dir, ".github", "workflows"), { recursive: true });
      const broken = readFileSync(FILE, "utf8").replace(
        "needs: [version, artifacts, plugin]",
        "needs: [artifacts]",
      );
      writeFileSync(join(dir, ".github", "workflows", "release.yml"), broken);
      expect(broken).not.toBe(readFileSync(FILE, "utf8"));
      const copy = join(dir, ".github", "workflows", "release.yml");
      const out = await run("bash", [join(repoRoot, "scripts", "actionlint.sh"), copy]).then(
        () => "passed",
        (e: { stdout?: string }) => e.stdout ?? "",
      );
      expect(out).toMatch(/property "version" is not defined/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("runs on a version tag, checked against package.json's version, with read-only rights by default", () => {
    expect(workflow.on.push.tags).toEqual(["v*"]);
    expect(workflow.permissions).toEqual({ contents: "read" });
    const check = workflow.jobs.version?.steps.map((s) => s.run ?? "").join("\n");
    expect(check).toContain("require('./package.json').version");
    expect(check).toContain('"$GITHUB_REF_NAME" != "v$version"');
  });

  it("publishes every registry after the tests and the dry run, with OIDC where the registry takes it", () => {
    const publishers = ["npm", "pypi", "go", "maven", "github-release"];
    for (const job of publishers)
      expect([...upstream(job)]).toEqual(expect.arrayContaining(["test", "artifacts"]));
    const dryRun = workflow.jobs.artifacts?.steps.map((s) => s.run).filter(Boolean);
    expect(dryRun).toContain("npm run release -- --dry-run");
    expect(workflow.jobs.test?.steps.map((s) => s.run)).toContain("npm test");
    // Trusted publishing: no token stored for npm or PyPI.
    expect(workflow.jobs.npm?.permissions?.["id-token"]).toBe("write");
    expect(workflow.jobs.npm?.steps.map((s) => s.run).join("\n")).toMatch(/npm publish --provenance/);
    expect(workflow.jobs.pypi?.permissions?.["id-token"]).toBe("write");
    expect(
      workflow.jobs.pypi?.steps.find((s) => s.uses?.startsWith("pypa/gh-action-pypi-publish@"))?.with,
    ).toEqual({
      "packages-dir": "release/pypi/files/",
    });
    expect(JSON.stringify(workflow.jobs.npm) + JSON.stringify(workflow.jobs.pypi)).not.toMatch(/secrets\./);
    expect(JSON.stringify(workflow.jobs.go)).toContain(`sdk/go/chat/v${VERSION}`);
  });

  it("names the plugin archives as npm run release and Pulumi's plugin install do", () => {
    const archive = workflow.jobs.plugin?.env?.ARCHIVE;
    expect(archive).toBe(
      `pulumi-resource-chat-v${VERSION}-${expr("matrix.os")}-${expr("matrix.arch")}.tar.gz`,
    );
  });
});
