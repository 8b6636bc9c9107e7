// README "Moving a stack between them": a stack made by a TypeScript program of dynamic resources moves to a
// Pulumi YAML program on the `chat` plugin, keeping every object. The YAML resources alias the dynamic types:
// the engine plans nothing but sames, and the service's objects are the very same (createdAt unchanged).
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Emulated, emulatorConfig, startEmulated } from "../support/emulator";
import { type CliProject, cliProject } from "./support/cli-project";
import { repoRoot } from "./support/stack";

// Inside the repository, so that the program and its dynamic providers load `pulumi-chat` by name.
const UNDER = join(repoRoot, ".pulumi-state", "programs");

const TYPESCRIPT = `import * as chat from "pulumi-chat";
const support = new chat.Role("support", { role: "support", name: "Support" });
const alice = new chat.User("alice", { uid: "alice", name: "Alice", role: support.role });
new chat.User("bob", { uid: "bob", name: "Bob" });
new chat.Group("general", { guid: "general", name: "General", owner: alice.uid });
export const ci = new chat.ApiKey("ci", { name: "ci" }).apiKey;
`;

const alias = (kind: string) =>
  `    options:\n      aliases:\n        - type: pulumi-nodejs:dynamic/chat:${kind}\n`;
const YAML = `resources:
  support:
    type: chat:index:Role
    properties: { role: support, name: Support }
${alias("Role")}  alice:
    type: chat:index:User
    properties: { uid: alice, name: Alice, role: "\${support.role}" }
${alias("User")}  bob:
    type: chat:index:User
    properties: { uid: bob, name: Bob }
${alias("User")}  general:
    type: chat:index:Group
    properties: { guid: general, name: General, owner: "\${alice.uid}" }
${alias("Group")}  ci:
    type: chat:index:ApiKey
    properties: { name: ci }
${alias("ApiKey")}outputs:
  ci: \${ci.apiKey}
`;

describe("moving a stack from the TypeScript dynamic resources to the plugin", () => {
  let emu: Emulated;
  let p: CliProject;
  beforeAll(async () => {
    emu = await startEmulated();
    p = await cliProject("move", "nodejs", emulatorConfig(emu), { under: UNDER });
  });
  afterAll(async () => {
    await p?.dispose();
    await emu?.close();
  });
  /** The app's objects as the service holds them (with when each was made). */
  const objects = () => {
    const app = (emu.admin.dump() as { apps: Record<string, Record<string, unknown>> }).apps[emu.appId] ?? {};
    return { users: app.users, groups: app.groups, roles: app.roles, apiKeys: app.apiKeys };
  };

  it("keeps every object: aliases of the dynamic types plan only sames, and nothing is made again", async () => {
    writeFileSync(join(p.dir, "index.ts"), TYPESCRIPT);
    p.write("main: index.ts\n");
    expect(await p.pulumi(["up", "--yes"])).toMatch(/\+ 6 created/);
    const before = objects();

    // The same stack, now a YAML program.
    rmSync(join(p.dir, "index.ts"));
    p.write(YAML, "yaml");
    const plan = JSON.parse(await p.pulumi(["preview", "--json"])) as {
      steps?: { op: string; urn: string }[];
    };
    const ops = (plan.steps ?? []).filter((s) => s.op !== "same").map((s) => `${s.op} ${s.urn}`);
    expect(ops).toEqual([]);
    expect(await p.pulumi(["up", "--yes"])).toMatch(/6 unchanged/);
    // refresh writes the outputs as the plugin reads them; nothing to change after it either.
    await p.pulumi(["refresh", "--yes"]);
    await p.pulumi(["preview", "--expect-no-changes"]);
    expect(objects()).toEqual(before);
    const state = await p.pulumi(["stack", "export"]);
    expect(state).not.toContain("pulumi-nodejs:dynamic/chat:");
  });
});
