// What each resource records as `__provider` (provider/hosts/dynamic/provider-text.ts), which the engine's dynamic-provider host
// evaluates with require-from-string and calls `handler()` on: a few lines that load the provider runtime by
// package name, capturing nothing (no schema, client or credential), small because it is stored twice per
// resource and rewritten after every step. Checked on the compiled package, as Pulumi programs load it.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { kinds } from "../../provider/kinds";

const dist = join(__dirname, "..", "..", "dist");
const KINDS = Object.keys(kinds);
const METHODS = ["configure", "check", "diff", "create", "read", "update", "delete"];

describe("the recorded provider", () => {
  beforeAll(() => {
    if (!existsSync(join(dist, "provider", "hosts", "dynamic", "provider-text.js")))
      throw new Error("dist/ is missing: run `npm run build` first");
  });

  it.each(KINDS)("%s: a by-name load of the runtime, and nothing else", (kind) => {
    process.env.CHAT_API_KEY = "env-secret-key-1234";
    const { providerText } = require(join(dist, "provider", "hosts", "dynamic", "provider-text.js"));
    const text: string = providerText(kind);
    const requires = [...text.matchAll(/require\(([^)]*)\)/g)].map((m) => m[1]);
    expect(requires).toEqual(['"node:module"']);
    expect(text).toContain(`("pulumi-chat/provider").dynamicProvider("${kind}")`);
    for (const leak of ["env-secret-key-1234", "zod", "got", "apikey"]) expect(text).not.toContain(leak);
    expect(text.length).toBeLessThan(200);
  });

  it.each(KINDS)("%s: evaluated as the host does, it gives the kind's provider", (kind) => {
    const { providerText } = require(join(dist, "provider", "hosts", "dynamic", "provider-text.js"));
    // require-from-string: the text as a CommonJS module, `process.cwd()` the program's directory.
    const module = { exports: {} as { handler?: () => Record<string, unknown> } };
    new Function("exports", "require", "module", providerText(kind))(module.exports, require, module);
    const provider = module.exports.handler?.() ?? {};
    for (const m of METHODS) expect(typeof provider[m]).toBe("function");
  });

  it("a provider recorded by 0.1.0 (a serialized closure) still works with this runtime", async () => {
    // Stacks keep the provider text of the version that created each resource (a diff that only sees a new
    // provider reports no change): the runtime must keep serving what older versions recorded.
    const text = readFileSync(join(__dirname, "fixtures", "provider-0.1.0-user.js"), "utf8");
    const module = {
      exports: {} as { handler?: () => Record<string, (...a: unknown[]) => Promise<unknown>> },
    };
    new Function("exports", "require", "module", text)(module.exports, require, module);
    const provider = module.exports.handler?.();
    await provider?.configure?.({ config: { get: () => undefined } });
    const checked = (await provider?.check?.({}, { uid: "Alice", name: "Alice" })) as {
      inputs: { uid: string };
    };
    expect(checked.inputs.uid).toBe("alice");
  });
});
