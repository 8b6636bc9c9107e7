// Proof that the engine works end to end: the CLI built from Go modules, the Node language host running a
// local program folder, the dynamic-provider process, and the random plugin.
import { join } from "node:path";
import { engineVersion, localStack, repoRoot, type TestStack } from "./support/stack";

const pinned = require(join(repoRoot, "node_modules", "@pulumi", "pulumi", "package.json")).version as string;

describe("the Pulumi engine", () => {
  it("reports the version @pulumi/pulumi is pinned to", () => {
    expect(engineVersion()).toBe(`v${pinned}`);
  });

  describe("a local program with a dynamic resource and a random.RandomString", () => {
    let t: TestStack;
    beforeAll(async () => {
      t = await localStack(join(__dirname, "programs", "tiny"), "engine");
    });
    afterAll(async () => t?.dispose());

    it("comes up, previews with no changes, and is destroyed", async () => {
      const up = await t.stack.up();
      expect(up.summary.result).toBe("succeeded");
      const suffix = up.outputs.suffixResult?.value as string;
      expect(suffix).toMatch(/^[a-z0-9]{8}$/);
      expect(up.outputs.echoed?.value).toBe(suffix);
      expect(up.outputs.echoLength?.value).toBe(8);
      expect(up.summary.resourceChanges).toEqual({ create: 3 });

      const preview = await t.stack.preview();
      expect(preview.changeSummary).toEqual({ same: 3 });

      const destroy = await t.stack.destroy();
      expect(destroy.summary.result).toBe("succeeded");
      expect(destroy.summary.resourceChanges).toEqual({ delete: 3 });
    });
  });
});
