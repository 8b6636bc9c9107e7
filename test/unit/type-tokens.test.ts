// The type tokens stand once (provider/hosts/tokens.ts): every reader of a state, a policy's resource or a
// program derives from there, so a token written out elsewhere in code is a second statement of it.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { ENVIRONMENT_TYPE } from "../../provider/environment/component";
import { token } from "../../provider/hosts/plugin/schema";
import { DYNAMIC_TYPE_PREFIX, PLUGIN_TYPE_PREFIX } from "../../provider/hosts/tokens";
import { chatKind, PLUGIN_PROVIDER_TYPE } from "../../provider/policy/resources";
import { kindOf } from "../../provider/recover/pending";

const root = join(__dirname, "..", "..");
const SOURCE = "provider/hosts/tokens.ts";

function files(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return name === "generated" ? [] : files(path);
    return path.endsWith(".ts") ? [path] : [];
  });
}

/** The code of a file: its comment lines left out (they may name a token in words). */
const codeOf = (text: string) =>
  text
    .split("\n")
    .filter((l) => !/^\s*(\/\/|\*|\/\*)/.test(l))
    .join("\n");

describe("type tokens", () => {
  it("are written out in no code but provider/hosts/tokens.ts", () => {
    const written: string[] = [];
    for (const file of [...files("provider"), ...files("scripts")]) {
      if (relative(root, join(root, file)) === SOURCE) continue;
      const code = codeOf(readFileSync(join(root, file), "utf8"));
      for (const literal of ["pulumi-nodejs:dynamic/chat", "chat:index:", "pulumi:providers:chat"])
        if (code.includes(literal)) written.push(`${file}: ${literal}`);
    }
    expect(written).toEqual([]);
  });

  it("name the same kind under either host, for every reader", () => {
    for (const type of [`${DYNAMIC_TYPE_PREFIX}Webhook`, `${PLUGIN_TYPE_PREFIX}Webhook`, token("Webhook")]) {
      expect(chatKind(type)).toBe("Webhook");
      expect(kindOf(type)).toBe("Webhook");
    }
    expect(chatKind("aws:s3/bucket:Bucket")).toBeUndefined();
    expect(ENVIRONMENT_TYPE).toBe(token("Environment"));
    expect(PLUGIN_PROVIDER_TYPE).toBe("pulumi:providers:chat");
  });
});
