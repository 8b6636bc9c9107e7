// scripts/engine.sh without a matching Pulumi CLI and without Go: it must stop with a clear message that
// names Pulumi's install page, and leave nothing half-made behind.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const script = join(__dirname, "..", "..", "scripts", "engine.sh");

it("explains what to install when there is neither a pulumi CLI nor go", () => {
  const cache = mkdtempSync(join(tmpdir(), "engine-cache-"));
  const r = spawnSync("bash", [script], {
    encoding: "utf8",
    // Only the system folders: node is there, go (in /usr/local/go) and any pulumi are not.
    env: { PATH: "/usr/bin:/bin", HOME: process.env.HOME ?? "/root", PULUMI_CHAT_CACHE: cache },
  });
  expect(r.status).toBe(1);
  expect(r.stderr).toMatch(/Neither pulumi v3\.\d+\.\d+ nor Go is available/);
  expect(r.stderr).toContain("https://www.pulumi.com/docs/install/");
  const built = join(cache, "engine", readdirSync(join(cache, "engine"))[0] ?? "", "bin");
  expect(readdirSync(built)).toEqual([]);
});
