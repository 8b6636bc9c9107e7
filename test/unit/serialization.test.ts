// The serialized provider (`__provider`, stored in state and re-evaluated by the engine) must capture
// nothing but the kind's name and a by-name load of the package's runtime entry: no schemas, no clients,
// no credentials. Checked on the compiled package, as Pulumi programs load it (ts-jest would change it).
import { existsSync } from "node:fs";
import { join } from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { kinds } from "../../provider/resources";

const dist = join(__dirname, "..", "..", "dist");
const KINDS = Object.keys(kinds);

describe("serialized providers", () => {
  beforeAll(() => {
    if (!existsSync(join(dist, "sdk", "provider.js")))
      throw new Error("dist/ is missing: run `npm run build` first");
  });

  it.each(KINDS)("%s captures only its kind and the runtime entry", async (kind) => {
    process.env.CHAT_API_KEY = "env-secret-key-1234";
    const { providerOf } = require(join(dist, "sdk", "provider.js"));
    const provider = providerOf(kind);
    const { text } = await pulumi.runtime.serializeFunction(() => provider, { isFactoryFunction: true });

    const requires = [...text.matchAll(/require\(([^)]*)\)/g)].map((m) => m[1]);
    expect(new Set(requires)).toEqual(new Set(['"node:module"']));
    expect(text).toContain('"pulumi-chat/provider"');
    // The provider holds its kind and the seven methods, nothing else.
    expect(text).toMatch(
      new RegExp(
        `^var __provider = \\{kind: "${kind}", configure: __\\w+, check: __\\w+, diff: __\\w+, create: __\\w+, read: __\\w+, update: __\\w+, delete: __\\w+\\};$`,
        "m",
      ),
    );
    for (const leak of ["env-secret-key-1234", "zod", "got", "apikey", "ZodObject"])
      expect(text).not.toContain(leak);
    // Stored twice per resource and rewritten after every step of an up: kept small.
    expect(text.length).toBeLessThan(3_000);
  });

  it("shares one provider instance per kind (Pulumi caches serialization by identity)", () => {
    const { providerOf } = require(join(dist, "sdk", "provider.js"));
    expect(providerOf("User")).toBe(providerOf("User"));
    expect(providerOf("User")).not.toBe(providerOf("Group"));
  });
});
