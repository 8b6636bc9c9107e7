// The corpus of mistakes (issue 43, test/support/mutations.ts): every single mutation of the repository's
// chat-environment.yaml is refused by the check the Environment component runs at preview (`previewedEnvironment`:
// the file, then its secret config values), with one problem in the one-line format at the mutation's place.
// Nothing reaches the service: the check runs before any resource is declared (test/e2e/environment-mistakes.test.ts
// runs a sample through the engine's preview, with the emulator recording no write).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";
import { EnvironmentFileError, previewedEnvironment } from "../../provider/environment/load";
import { DEMO_SECRETS } from "../../scripts/demo-secrets";
import { CLASSES, lineOf, type Mutation, mutations } from "../support/mutations";

const root = join(__dirname, "..", "..");
const VALID = readFileSync(join(root, "chat-environment.yaml"), "utf8");
const PROJECT = "chat-environment";
const SECRETS: Record<string, string> = Object.fromEntries(
  Object.entries(DEMO_SECRETS).map(([k, v]) => [k.slice(PROJECT.length + 1), v.value]),
);
const CORPUS = mutations(VALID);
/** `file:line:column: path (config …): rule`. */
const LINE = /^chat-environment\.yaml:(\d+):(\d+): (\S+?)(?: \(config [^)]+\))?: \S.*$/;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "env-mistakes-"));
  cpSync(join(root, "seed"), join(dir, "seed"), { recursive: true });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The lines the preview's check refuses `text` with (none when it takes it). */
function refusal(text: string, config: Record<string, string | undefined> = {}): string[] {
  const file = join(dir, "chat-environment.yaml");
  writeFileSync(file, text);
  const values: Record<string, string | undefined> = { ...SECRETS, ...config };
  try {
    previewedEnvironment({ file }, (key) => values[key], PROJECT);
    return [];
  } catch (e) {
    if (!(e instanceof EnvironmentFileError)) throw e;
    return [...e.lines];
  }
}

const formatPath = (path: (string | number)[]) =>
  path.reduce<string>((s, p) => (typeof p === "number" ? `${s}[${p}]` : s ? `${s}.${p}` : String(p)), "");

/** Why a mutation's refusal is not what it must be; undefined when it is. */
function wrong(m: Mutation): string | undefined {
  const lines = refusal(m.text, m.config);
  if (lines.length === 0) return "taken";
  if (lines.length > 1) return `${lines.length} problems (one mistake is one problem): ${lines.join(" | ")}`;
  const [line] = lines as [string];
  const parts = LINE.exec(line);
  if (!parts) return `not in the one-line format: ${line}`;
  const [, at, , path] = parts;
  const want = formatPath(m.path);
  // A field left out is said at its own path, or at the object that lacks it.
  const parent = formatPath(m.path.slice(0, -1));
  if (path !== want && !(m.class === "missing field" && path === parent))
    return `said at ${path}, not ${want}: ${line}`;
  const expected = lineOf(m.text, m.path);
  if (Number(at) !== expected) return `said at line ${at}, not ${expected}: ${line}`;
  if (m.says && !line.includes(m.says)) return `does not say ${m.says}: ${line}`;
  return undefined;
}

describe("the corpus of mistakes", () => {
  it("starts from a file the check takes, with its secret values", () => {
    expect(refusal(VALID)).toEqual([]);
  });

  it(`holds at least 200 mutations over every section, each class represented`, () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(200);
    for (const c of CLASSES) expect(CORPUS.filter((m) => m.class === c).length).toBeGreaterThan(0);
    const sections = Object.keys(parse(VALID) as object);
    for (const s of sections) expect([s, CORPUS.some((m) => m.path[0] === s)]).toEqual([s, true]);
  });

  describe.each(CLASSES)("%s", (c) => {
    const of = CORPUS.filter((m) => m.class === c);
    it(`${c}: ${of.length} mutations, each refused with one problem in the one-line format, at its place`, () => {
      const failures = of.flatMap((m) => {
        const why = wrong(m);
        return why === undefined ? [] : [`${m.what}: ${why}`];
      });
      expect(failures).toEqual([]);
    });
  });
});
