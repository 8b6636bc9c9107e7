// Converge under faults (scripts/faults-campaign.ts): for each seed one `pulumi up` of about 225 resources of
// every kind succeeds while the service fails 15% of its answers, the app then holds exactly what is
// declared, a fault-free refresh and preview find nothing to change, and a destroy under the same faults
// leaves nothing. `npm run soak` runs more seeds and prints the table in docs/soak.md.
import { runSeed } from "../../scripts/faults-campaign";

const SEEDS = [1, 2, 3];

describe("one pulumi up converges under faults", () => {
  it.each(SEEDS)("seed %i", async (seed) => {
    const output: string[] = [];
    const r = await runSeed(seed, { onOutput: (l) => output.push(l) });
    if (r.problems.length) console.error(output.slice(-60).join(""));
    expect(r.problems).toEqual([]);
    expect(r.up.runs).toBe(1);
    expect(r.destroy?.runs).toBe(1);
    // The faults did fire: the campaign proves something.
    expect(r.up.faults).toBeGreaterThan(20);
    expect(r.destroy?.faults).toBeGreaterThan(10);
  });
});
