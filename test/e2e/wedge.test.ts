// No failure wedges a stack (bug class 9, docs/bug-classes.md): a create that fails part-way is recorded with what every
// later run needs (its __provider and options), so fixing the declaration and running up converges, and
// refresh and destroy after the failure work.
import { join } from "node:path";
import { type EmulatedStack, emulatedStack } from "./support/emulated";

const program = join(__dirname, "programs", "wedge");

/** The resources of the stack's checkpoint, by name. */
async function recorded(t: EmulatedStack): Promise<Record<string, { outputs?: Record<string, unknown> }>> {
  const state = await t.stack.exportStack();
  const resources = (state.deployment as { resources?: { urn: string; outputs?: Record<string, unknown> }[] })
    .resources;
  return Object.fromEntries((resources ?? []).map((r) => [r.urn.split("::").pop() ?? r.urn, r]));
}

describe("a membership add the service refuses", () => {
  let t: EmulatedStack;
  beforeAll(async () => {
    t = await emulatedStack(program, "refused", { "wedge:extraMember": { value: "ghost" } });
  });
  afterAll(() => t?.dispose());

  it("fails the up, naming the member, and records what is there", async () => {
    await expect(t.stack.up()).rejects.toThrow(/could not add ghost \(ERR_UID_NOT_FOUND/);
    const members = (await recorded(t))["team-members"];
    expect(members?.outputs?.__provider).toEqual(expect.any(String));
    expect(members?.outputs?.participants).toEqual(["bob"]);
  });

  it("refreshes and previews after the failure", async () => {
    await t.stack.refresh();
    const p = await t.stack.preview();
    expect(p.changeSummary.update).toBe(1); // ghost is still declared and missing
  });

  it("converges once the declaration is fixed", async () => {
    await t.stack.removeConfig("wedge:extraMember");
    const up = await t.stack.up();
    expect(up.summary.result).toBe("succeeded");
    const members = await t.emu.chat.listAll("listMembers", { params: { guid: "team" } });
    expect(Object.fromEntries(members.map((m) => [m.uid, m.scope]))).toEqual({
      alice: "admin",
      bob: "participant",
    });
    expect((await t.stack.preview()).changeSummary).toEqual({ same: 6 });
  });
});

describe("a create that fails midway", () => {
  let t: EmulatedStack;
  beforeAll(async () => {
    t = await emulatedStack(program, "midway");
  });
  afterAll(() => t?.dispose());

  it("records the role the service made when restricting its features keeps failing", async () => {
    t.emu.admin.setFaults([
      { kind: "error", status: 503, method: "POST", path: "/v3/roles/mods/restrictedfeatures" },
    ]);
    try {
      await expect(t.stack.up()).rejects.toThrow(
        /created mods but could not finish: .*HTTP 503.*the service was still failing after 9 attempts/,
      );
    } finally {
      t.emu.admin.clearFaults();
    }
    const mods = (await recorded(t)).mods;
    expect(mods?.outputs?.__provider).toEqual(expect.any(String));
    expect(mods?.outputs?.role).toBe("mods");
  });

  it("then refresh works", async () => {
    const r = await t.stack.refresh();
    expect(r.summary.result).toBe("succeeded");
  });

  it("and destroy removes everything", async () => {
    await t.stack.destroy();
    const chat = t.emu.chat;
    await expect(chat.call("getRole", { params: { role: "mods" } })).rejects.toThrow(/ERR_ROLE_NOT_FOUND/);
    await expect(chat.call("getGroup", { params: { guid: "team" } })).rejects.toThrow(/ERR_GUID_NOT_FOUND/);
  });

  it("and the next up converges", async () => {
    const up = await t.stack.up();
    expect(up.summary.result).toBe("succeeded");
    const features = await t.emu.chat.listAll("listRestrictedFeatures", { params: { role: "mods" } });
    expect(features.map((f) => f.key)).toEqual(["u.deleteGroup"]);
    expect((await t.stack.preview()).changeSummary).toEqual({ same: 6 });
  });
});
