// The SDK's debug messages that print the engine's answer (which holds secret outputs) lose the answer; the
// SDK's own sources are read so that a new message of that sort, or a new wording, fails here.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { quietAnswers, withoutAnswer } from "../../provider/hosts/dynamic/quiet-answers";

const SDK_RUNTIME = join(__dirname, "..", "..", "node_modules", "@pulumi", "pulumi", "runtime");

/** Every template literal of the SDK's runtime that logs at debug level and prints an RPC answer. */
function answerTemplates(): string[] {
  const found: string[] = [];
  for (const file of ["resource.js", "invoke.js"]) {
    const text = readFileSync(join(SDK_RUNTIME, file), "utf8");
    for (const m of text.matchAll(/log\.debug\(`([^`]*resp: \$\{[^`]*)`/g)) found.push(m[1] ?? "");
  }
  return found;
}

describe("the SDK's debug log without the engine's answers", () => {
  it("cuts the answer from every SDK message that prints one", () => {
    const templates = answerTemplates();
    expect(templates.length).toBeGreaterThanOrEqual(5); // RegisterResource ×2, ReadResource, getResource, Invoke, Call
    for (const t of templates) {
      const message = t.replace(/\$\{[^}]*\}/g, "x").replace(/resp: x$/, "resp: s3cr3t-value,[1,2]");
      expect({ t, out: withoutAnswer(message) }).toEqual({
        t,
        out: expect.stringMatching(/resp: \(not shown: it may hold secrets\)$/),
      });
      expect(withoutAnswer(message)).not.toContain("s3cr3t");
    }
  });

  it("keeps an answer spread over lines out too, and leaves other messages as they are", () => {
    expect(withoutAnswer("RegisterResource RPC finished: u; err: null, resp: a,\nb-secret\n,c")).toBe(
      "RegisterResource RPC finished: u; err: null, resp: (not shown: it may hold secrets)",
    );
    expect(withoutAnswer('Invoke RPC prepared: tok=random:index/x, obj={"key":"s3cr3t"}')).toBe(
      "Invoke RPC prepared: tok=random:index/x, obj=(not shown: it may hold secrets)",
    );
    expect(withoutAnswer("Registering resource: t=chat:User, name=ann")).toBe(
      "Registering resource: t=chat:User, name=ann",
    );
  });

  it("replaces the log's debug once, and passes its other arguments through", async () => {
    const seen: unknown[][] = [];
    const log = { debug: async (...a: unknown[]) => void seen.push(a) };
    quietAnswers(log as never);
    quietAnswers(log as never);
    await log.debug("Invoke RPC finished: tok=x; err: null, resp: key-123", "res", 7, true);
    expect(seen).toEqual([
      ["Invoke RPC finished: tok=x; err: null, resp: (not shown: it may hold secrets)", "res", 7, true],
    ]);
  });
});
