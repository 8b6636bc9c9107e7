// `npm run demo` (after scripts/env.sh has installed and built everything): provisions the root project's
// declared environment on a local stack against the emulator, prints what was created (secrets masked),
// proves with a preview that nothing is left to change, and stops the emulator. Idempotent: the emulator
// keeps its state in a file and listens on a fixed port, so a second run finds everything in place.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { LocalWorkspace, type OutputMap, type Stack } from "@pulumi/pulumi/automation";
import { type RunningEmulator, startEmulator } from "../provider/emulator";
import { DYNAMIC_TYPE_PREFIX, PACKAGE } from "../provider/hosts/tokens";
import { DEMO_SECRETS } from "./demo-secrets";
import { typedUp } from "./local-stack";

const root = join(__dirname, "..", "..");
const stateDir = process.env.CHAT_DEMO_STATE_DIR ?? join(root, ".pulumi-state");
const port = Number(process.env.CHAT_DEMO_PORT ?? 7701);
const stackName = process.env.CHAT_DEMO_STACK ?? "demo";

const step = (s: string) => console.log(`\n==> ${s}`);

function mask(value: unknown, secret: boolean): string {
  if (secret) return "[secret]";
  return typeof value === "string" ? value : JSON.stringify(value);
}

async function summary(stack: Stack, outputs: OutputMap): Promise<void> {
  const state = await stack.exportStack();
  const resources = (state.deployment.resources ?? []) as { type: string; urn: string }[];
  const byType = new Map<string, string[]>();
  for (const r of resources) {
    if (r.type.startsWith("pulumi:")) continue;
    const type = r.type.replace(DYNAMIC_TYPE_PREFIX, `${PACKAGE}:`).replace(/^random:index\/\w+:/, "random:");
    byType.set(type, [...(byType.get(type) ?? []), r.urn.split("::").pop() ?? r.urn]);
  }
  step("what the stack holds");
  for (const [type, names] of [...byType].sort())
    console.log(`  ${type.padEnd(28)} ${names.length}  ${names.join(", ")}`);
  step("outputs (secrets masked)");
  for (const [k, v] of Object.entries(outputs)) console.log(`  ${k.padEnd(28)} ${mask(v.value, v.secret)}`);
}

async function main(): Promise<void> {
  mkdirSync(stateDir, { recursive: true });
  step(`starting the chat emulator on 127.0.0.1:${port}`);
  let emu: RunningEmulator;
  try {
    emu = await startEmulator({ port, stateFile: join(stateDir, "demo-emulator.json") });
  } catch (e) {
    throw new Error(
      `cannot start the emulator on port ${port} (set CHAT_DEMO_PORT to another port): ${(e as Error).message}`,
    );
  }
  try {
    const stack = await LocalWorkspace.createOrSelectStack({ stackName, workDir: root });
    await stack.setAllConfig({
      "chat:managementKey": { value: emu.credentials.managementKey },
      "chat:managementSecret": { value: emu.credentials.managementSecret, secret: true },
      "chat:managementEndpoint": { value: emu.managementUrl },
      "chat:endpoint": { value: emu.chatEndpoint },
      ...DEMO_SECRETS,
    });
    // As a person types it: the CLI's up, with its preview first (values not known yet are seen there).
    step(`pulumi up (stack ${stackName})`);
    const up = await typedUp(stack, (s) => process.stdout.write(s));
    await summary(stack, up.outputs);

    step("pulumi preview: nothing may be left to change");
    const preview = await stack.preview();
    const changes = Object.entries(preview.changeSummary).filter(([op, n]) => op !== "same" && n > 0);
    if (changes.length > 0)
      throw new Error(`the preview still shows changes: ${JSON.stringify(preview.changeSummary)}`);
    console.log(`  no changes: ${preview.changeSummary.same ?? 0} resources match the declaration`);
  } finally {
    step("stopping the emulator (its state is kept for the next run)");
    await emu.close();
  }
}

main().catch((e: unknown) => {
  console.error(`\ndemo failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
