// Live mode's environment program: the repository's root project (index.ts over
// chat-environment.yaml) through the Pulumi engine, once: up, a preview that must show no change, destroy.
// Its app is created by the program, named with the run prefix, so everything it makes lives inside an app
// the sweeper recognises.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parse, stringify } from "yaml";
import { DEMO_SECRETS } from "../../scripts/demo-secrets";
import { localStack } from "../../scripts/local-stack";

const root = join(__dirname, "..", "..");

/** The stack config keys of the management API and the addresses, as a user sets them. */
const PASSED = [
  "chat:managementKey",
  "chat:managementSecret",
  "chat:managementEndpoint",
  "chat:endpoint",
  "chat:host",
];
const SECRET = new Set(["chat:managementSecret"]);

export interface EnvironmentRun {
  lines: string[];
  problems: string[];
}

/**
 * Up, preview and destroy of the root project against `config` (chat:* keys); the secret keys the file names
 * get stand-ins (scripts/demo-secrets.ts), which the service accepts only where it does not check them.
 */
export async function runEnvironment(
  config: Readonly<Record<string, string | undefined>>,
  prefix: string,
  log: (line: string) => void = () => {},
): Promise<EnvironmentRun> {
  const lines: string[] = [];
  const problems: string[] = [];
  const say = (l: string) => {
    lines.push(l);
    log(l);
  };
  const dir = mkdtempSync(join(tmpdir(), "chat-live-env-"));
  const doc = parse(readFileSync(join(root, "chat-environment.yaml"), "utf8")) as {
    app: { create: { name: string } };
    seed?: Record<string, unknown>;
  };
  doc.app.create.name = `${prefix}${doc.app.create.name}`;
  // The copy is elsewhere: its seed files are named by their place in the repository.
  for (const [k, v] of Object.entries(doc.seed ?? {}))
    if (typeof v === "string" && doc.seed) doc.seed[k] = resolve(root, v);
  const file = join(dir, "chat-environment.yaml");
  writeFileSync(file, stringify(doc));
  const stack = await localStack(root, `live-${prefix.slice(0, -1)}`);
  try {
    await stack.stack.setAllConfig({
      ...Object.fromEntries(
        PASSED.flatMap((k) => {
          const v = config[k];
          return v ? [[k, { value: v, secret: SECRET.has(k) }]] : [];
        }),
      ),
      ...DEMO_SECRETS,
      "chat-environment:file": { value: file },
    });
    const up = await stack.up();
    say(
      `environment: up made ${up.summary.resourceChanges?.create ?? 0} resources in app ${doc.app.create.name}`,
    );
    const preview = await stack.stack.preview();
    const changes = Object.entries(preview.changeSummary).filter(([op, n]) => op !== "same" && n > 0);
    if (changes.length > 0)
      problems.push(`environment: the preview after up shows changes ${JSON.stringify(changes)}`);
    else say(`environment: preview clean (${preview.changeSummary.same ?? 0} unchanged)`);
  } catch (e) {
    problems.push(
      `environment: ${e instanceof Error ? e.message.split("\n").slice(0, 3).join(" ") : String(e)}`,
    );
  } finally {
    await stack.dispose().then(
      () => say("environment: destroyed"),
      (e: unknown) =>
        problems.push(`environment destroy: ${e instanceof Error ? e.message.split("\n")[0] : String(e)}`),
    );
    rmSync(dir, { recursive: true, force: true });
  }
  for (const p of problems) log(`FAIL ${p}`);
  return { lines, problems };
}
