// The support desk every language's example declares (examples/<lang>): what the emulator holds after up and
// after destroy, and the up, no-change preview, destroy round of a CLI project. Shared by the SDK tests
// (test/e2e/sdks.test.ts) and the registry rehearsal (test/e2e/release-rehearsal.test.ts).
import type { Emulated } from "../../support/emulator";
import type { CliProject } from "./cli-project";
import { secretsIn } from "./leaks";

interface AppDump {
  users: Record<string, { name: string; role: string }>;
  groups: Record<string, { name: string; type: string; members: Record<string, { scope: string }> }>;
  roles: Record<string, { name: string }>;
  apiKeys: Record<string, { name: string; scope: string }>;
}

/** The emulator's bootstrap app as it holds it now. */
export const deskApp = (emu: Emulated): AppDump =>
  (emu.admin.dump() as { apps: Record<string, AppDump> }).apps[emu.appId] as AppDump;

/** What every language's program declares, as the emulator holds it after up. */
export function expectDesk(emu: Emulated): void {
  const a = deskApp(emu);
  expect(a.roles.agents?.name).toBe("Support agents");
  expect(a.users.ada).toMatchObject({ name: "Ada", role: "agents" });
  expect(a.users.grace?.name).toBe("Grace");
  expect(a.groups.desk).toMatchObject({ name: "Help desk", type: "private" });
  expect(a.groups.desk?.members).toMatchObject({
    ada: { scope: "admin" },
    grace: { scope: "participant" },
  });
  const keys = Object.values(a.apiKeys).filter((k) => k.name === "backend");
  expect(keys.map((k) => k.scope)).toEqual(["authOnly"]);
}

/** After destroy: none of it is left. */
export function expectGone(emu: Emulated): void {
  const a = deskApp(emu);
  expect([a.users.ada, a.users.grace, a.groups.desk, a.roles.agents]).toEqual([
    undefined,
    undefined,
    undefined,
    undefined,
  ]);
  expect(Object.values(a.apiKeys).filter((k) => k.name === "backend")).toEqual([]);
}

/**
 * up (as `--json`: every engine event, debug ones too), the outputs, a no-change preview and destroy, each
 * checked against the emulator; no event of the up holds a secret the stack's state holds.
 */

export async function upPreviewDestroy(
  emu: Emulated,
  p: CliProject,
  env: Record<string, string> = {},
): Promise<void> {
  const events = await p.pulumi(["up", "--yes", "--json"], { env });
  expect(events).toMatch(/"resourceChanges":\{"create":7\}/);
  expectDesk(emu);
  const state = JSON.parse(await p.pulumi(["stack", "export", "--show-secrets"], { env })) as object;
  p.printed.splice(-2); // secrets asked for by name: not output of the commands whose output is checked
  const secrets = secretsIn(state);
  expect(secrets.length).toBeGreaterThan(1); // the backend key, the connection's key
  const leaks = secrets.filter((s) => events.includes(s)).map((s) => `a secret of ${s.length} characters`);
  expect(leaks).toEqual([]);
  const outputs = JSON.parse(await p.pulumi(["stack", "output", "--json"], { env })) as object;
  expect(outputs).toEqual({ groupId: "desk", backendKey: "[secret]" });
  await p.pulumi(["preview", "--expect-no-changes"], { env });
  expect(await p.pulumi(["destroy", "--yes", "--skip-preview"], { env })).toMatch(/- 7 deleted/);
  expectGone(emu);
}
