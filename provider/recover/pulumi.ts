// The Pulumi CLI, as recovery uses it: the same `pulumi` the user runs `up` with, in the project's folder.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";

export interface PulumiOptions {
  cwd: string;
  stack: string | undefined;
  env?: NodeJS.ProcessEnv;
}

/** Runs `pulumi <args>` and returns its stdout; a failure carries its stderr (never its stdout: it may hold secrets). */
export function pulumi(args: string[], opts: PulumiOptions, input?: string): Promise<string> {
  const full = [...args, ...(opts.stack ? ["--stack", opts.stack] : []), "--non-interactive"];
  return new Promise((resolve, reject) => {
    const child = execFile(
      "pulumi",
      full,
      {
        cwd: opts.cwd,
        env: { PULUMI_SKIP_UPDATE_CHECK: "true", ...(opts.env ?? process.env) },
        maxBuffer: 2 ** 30,
      },
      (err, stdout, stderr) => {
        if (err)
          reject(new Error(`pulumi ${args.join(" ")} failed: ${stderr.trim() || (err as Error).message}`));
        else resolve(stdout);
      },
    );
    if (input !== undefined) child.stdin?.end(input);
  });
}

/** The backend URL and the stack's fully qualified parts, as the CLI resolves them in `cwd`. */
export async function whereIs(opts: PulumiOptions): Promise<{ url: string; project: string; stack: string }> {
  const who = JSON.parse(await pulumi(["whoami", "--json"], { ...opts, stack: undefined })) as {
    url?: string;
  };
  const name = opts.stack ?? (await selectedStack(opts));
  const parts = name.split("/");
  const project = parts.length === 3 ? (parts[1] ?? "") : projectName(opts.cwd);
  return { url: who.url ?? "", project, stack: parts[parts.length - 1] ?? name };
}

/** The selected stack. Listing stacks loads every checkpoint, which a kill may have left unreadable. */
async function selectedStack(opts: PulumiOptions): Promise<string> {
  let info: Array<{ name: string; current?: boolean }>;
  try {
    info = JSON.parse(await pulumi(["stack", "ls", "--json"], { ...opts, stack: undefined }));
  } catch (e) {
    throw new Error(`${(e as Error).message.trim()}; pass --stack <name>, which needs no listing`);
  }
  const name = info.find((s) => s.current)?.name;
  if (!name) throw new Error("no stack selected: pass --stack <name>");
  return name;
}

function projectName(cwd: string): string {
  const m = /^name:\s*(\S+)/m.exec(readFileSync(join(cwd, "Pulumi.yaml"), "utf8"));
  if (!m?.[1]) throw new Error(`no project name in ${join(cwd, "Pulumi.yaml")}`);
  return m[1].replace(/^["']|["']$/g, "");
}
