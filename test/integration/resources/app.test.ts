// An App whose create answer is lost (decision 0021): the service lists apps without their keys, so the app
// found by listing cannot be used; it is deleted and made again, and that delete's own answer may be lost too.

import type { Ctx } from "../../../provider/engine/kind";
import { clientContext, kinds } from "../../../provider/kinds";
import { FAST, unique, useEmulated } from "../../support/emulator";

describe("an App whose create answer is lost", () => {
  const emulated = useEmulated({ clientOptions: FAST });
  const ctx = (): Ctx => clientContext({ management: () => emulated().managementClient() });

  it("is made again with its keys; the one made first is deleted, even when that delete's answer is lost", async () => {
    const name = unique("lost-app");
    emulated().admin.setFaults([
      { kind: "dropAfterApply", method: "POST", path: "/apps", times: 1 },
      { kind: "dropAfterApply", method: "DELETE", path: "/apps/*", times: 1 },
    ]);
    const made = await kinds.App.create(ctx(), { name, region: "us", version: "3", skipSampleData: false });
    expect(made.state.apiKey).toEqual(expect.any(String));
    const dump = emulated().admin.dump() as { apps: Record<string, { name: string; state: string }> };
    const named = Object.entries(dump.apps).filter(([, a]) => a.name === name);
    expect(named.map(([id, a]) => [id === made.id, a.state]).sort()).toEqual([
      [false, "archived"],
      [true, "active"],
    ]);
  });
});
