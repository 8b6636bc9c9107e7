// The CI recipe (docs/ci/github-actions.yml, docs/ci.md; issue 47): actionlint finds nothing in it, and it keeps
// what makes a team's CI safe: one run of a stack at a time, queued not cancelled; chat-recover before every run
// that takes the lock; a scheduled refresh that fails on drift.
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = join(__dirname, "..", "..");
const WORKFLOW = join(root, "docs", "ci", "github-actions.yml");
/** The workflow's expression for the job's stack (GitHub's syntax, not a template of ours). */
const STACK = ["$", "{{ matrix.stack }}"].join("");
const ACTIONLINT = join(root, "scripts", "actionlint.sh");

beforeAll(() => {
  // Built once per machine from its Go module (scripts/actionlint.sh); a cold build takes under a minute.
  execFileSync("bash", [ACTIONLINT, "-version"], { stdio: "ignore" });
}, 300_000);

const lint = (file: string) =>
  new Promise<{ code: number; out: string }>((resolve) =>
    // shellcheck and pyflakes only where installed: off, so the result is the same on every machine.
    execFile("bash", [ACTIONLINT, "-shellcheck=", "-pyflakes=", "-no-color", file], (err, stdout, stderr) =>
      resolve({ code: err ? 1 : 0, out: `${stdout}${stderr}` }),
    ),
  );

describe("the GitHub Actions recipe", () => {
  it("passes actionlint", async () => {
    expect(await lint(WORKFLOW)).toEqual({ code: 0, out: "" });
  });

  it("actionlint does find a mistake in it (the check can fail)", async () => {
    const broken = join(mkdtempSync(join(tmpdir(), "workflow-")), "broken.yml");
    writeFileSync(
      broken,
      readFileSync(WORKFLOW, "utf8").replace("cancel-in-progress: false", "cancel-in-progress: maybe"),
    );
    const r = await lint(broken);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/cancel-in-progress/);
  });

  it("queues the runs of one stack, recovers before each, and refreshes on a schedule expecting no change", () => {
    const text = readFileSync(WORKFLOW, "utf8");
    const jobs = text
      .slice(text.indexOf("\njobs:\n"))
      .split(/\n {2}(?=[a-z]+:\n)/)
      .slice(1);
    expect(jobs.length).toBe(2);
    for (const job of jobs) {
      expect(job).toMatch(
        /concurrency:\n\s+group: pulumi-\$\{\{ matrix\.stack \}\}\n\s+cancel-in-progress: false/,
      );
      const recover = job.indexOf(`npx chat-recover --stack "${STACK}" --unlock`);
      const pulumi = job.search(/run: pulumi (up|refresh) /);
      expect(recover).toBeGreaterThan(0);
      expect(pulumi).toBeGreaterThan(recover);
    }
    expect(text).toMatch(/schedule:\n\s+- cron: /);
    expect(text).toContain(`pulumi refresh --yes --expect-no-changes --non-interactive --stack "${STACK}"`);
  });
});
