// chat-doctor passes the underlying reason through (issue 43): Pulumi's own words when a stack's config
// cannot be read, and no word of a resource when no app is configured (a command has none).
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CONFIG_KEYS } from "../../provider/client/config";
import { runDoctor } from "../../provider/doctor/checks";
import { stackLookup } from "../../provider/doctor/stack-config";

describe("chat-doctor's reasons", () => {
  let dir: string;
  const path = process.env.PATH;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "doctor-reasons-"));
    // A pulumi that answers as the CLI does for a stack that does not exist.
    writeFileSync(
      join(dir, "pulumi"),
      "#!/bin/sh\necho \"error: no stack named 'nosuch' found\" >&2\nexit 6\n",
    );
    chmodSync(join(dir, "pulumi"), 0o755);
  });
  afterAll(() => {
    process.env.PATH = path;
    rmSync(dir, { recursive: true, force: true });
  });

  it("says Pulumi's reason when a stack's config cannot be read", () => {
    process.env.PATH = `${dir}:${path}`;
    expect(() => stackLookup("nosuch")).toThrow(
      "cannot read the config of stack nosuch through the Pulumi CLI: error: no stack named 'nosuch' found",
    );
    process.env.PATH = join(dir, "nothing-here");
    expect(() => stackLookup("nosuch")).toThrow(
      "cannot read the config of stack nosuch through the Pulumi CLI: the pulumi command is not on PATH",
    );
    process.env.PATH = path;
  });

  it("names the settings missing, and no resource, when no app is configured", async () => {
    const saved = CONFIG_KEYS.map((k) => [k.env, process.env[k.env]] as const);
    for (const [env] of saved) delete process.env[env];
    try {
      const r = await runDoctor({ lookup: () => undefined, source: "test" });
      expect(r.checks[0]).toEqual({
        name: "chat settings",
        status: "fail",
        detail: "chat API credentials: no chat:appId (or CHAT_APP_ID), chat:apiKey (or CHAT_API_KEY) is set",
      });
      expect(JSON.stringify(r)).not.toContain("resource");
    } finally {
      for (const [env, value] of saved) if (value !== undefined) process.env[env] = value;
    }
  });
});
