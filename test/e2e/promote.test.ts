// chat-export --compare --write round trip on the real engine (decision 0130): a production stack (a Pulumi
// YAML project over its own app's export, adopted) and a staging app holding two objects more; after the
// promotion the production stack's preview shows exactly those two creates and nothing else.
import { execFile } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { type Emulated, emulatorConfig, emulatorEnv, startEmulated } from "../support/emulator";
import { type CliProject, cliProject } from "./support/cli-project";
import { repoRoot } from "./support/stack";

const DESK_PASSWORD = "DeskPass123";
const CLI = join(repoRoot, "dist/provider/environment/export/cli.js");

/** Runs the compiled command against `emu`'s app. */
const chatExport = (emu: Emulated, args: string[]) =>
  promisify(execFile)(process.execPath, [CLI, "--no-webhooks", "-q", ...args], {
    env: { ...process.env, ...emulatorEnv(emu) },
  });

describe("promotion round trip (chat-export --compare --write, then the stack's preview)", () => {
  let staging: Emulated;
  let production: Emulated;
  let p: CliProject;

  beforeAll(async () => {
    [staging, production] = await Promise.all([startEmulated(), startEmulated()]);
    for (const emu of [staging, production])
      await emu.chat.call("createUser", { body: { uid: "carol", name: "Carol" } });
    await staging.chat.call("createUser", { body: { uid: "zed", name: "Zed" } });
    await staging.chat.call("createGroup", {
      body: { guid: "desk", name: "Desk", type: "password", password: DESK_PASSWORD },
    });
    p = await cliProject("promote", "yaml", emulatorConfig(production));
    p.write(
      "resources:\n  environment:\n    type: chat:index:Environment\n    properties:\n      file: chat-environment.yaml\n",
    );
    // Production declares its own app as it is, adopted: the stack starts with nothing to change.
    const { stdout } = await chatExport(production, []);
    writeFileSync(join(p.dir, "chat-environment.yaml"), stdout);
    await p.pulumi(["up", "--yes"]);
  });

  afterAll(async () => {
    try {
      // Adopted objects are protected: the stack is dropped, the emulators thrown away.
      await p?.pulumi(["stack", "rm", "--yes", "--force"], { allowFailure: true });
    } finally {
      await Promise.all([staging?.close(), production?.close()]);
    }
  });

  it("the preview after the promotion creates exactly the promoted entries, and no secret is printed", async () => {
    const { stdout, stderr } = await chatExport(staging, ["--compare", "dev", "--project", p.dir, "--write"]);
    expect(stdout).toContain(`-> stack dev (${join(p.dir, "chat-environment.yaml")})`);
    expect(stdout).toMatch(/\n2 added to the file, 0 held differently .*, 0 only in the stack\.\n$/);
    expect(stderr).toContain("pulumi config set --secret groupPassword-desk");
    expect(readFileSync(join(p.dir, "chat-environment.yaml"), "utf8")).not.toContain(DESK_PASSWORD);
    await p.pulumi(["config", "set", "--secret", "groupPassword-desk", DESK_PASSWORD]);
    production.admin.clearRequests();
    const preview = JSON.parse(await p.pulumi(["preview", "--json"])) as {
      steps: { op: string; urn: string }[];
    };
    const changed = preview.steps.filter((s) => s.op !== "same");
    expect(changed.map((s) => `${s.op} ${s.urn.split("::").pop()}`).sort()).toEqual([
      "create environment:group:desk",
      "create environment:user:zed",
    ]);
    expect(production.admin.requests().filter((r) => r.method !== "GET")).toEqual([]);
    expect(p.printed.join("\n")).not.toContain(DESK_PASSWORD);
  });
});
