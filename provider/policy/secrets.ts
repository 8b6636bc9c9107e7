// Which secret arguments a resource was given in plain text. @pulumi/policy (1.21.0, pinned) receives secret
// values marked as such from the engine but unwraps them before a validation sees them, so a validation cannot
// ask whether a value was secret. It deserializes every resource's properties through the exported
// `deserializeProperties` of its `deserialize` module, looked up on each call: the pack wraps that function
// to note, for each properties object it returns, the paths of the fields marked `x-secret` whose value came
// in plain, and a validation reads the note through the proxy's target (decision 0129). A change of those
// internals shows as the end-to-end test of the rule failing, not as a silent pass.
import { SECRET_FIELDS, SECRET_SCHEMES } from "../contract/generated/secrets";

/** The engine's marker of a secret value on the wire (@pulumi/pulumi runtime/rpc `specialSecretSig`). */
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";
/** The marker of a value not known yet (a preview): neither plain nor secret. */
const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
const SIG_KEY = "4dabf18193072939515e22adb298388d";
/** The property proxies of @pulumi/policy hand their target out under this key. */
const PROXY_TARGET = "__getSpecialProxyTarget";

/** x-secret fields, and the provider's own secret settings (its resource's inputs are its config keys). */
const secretNames: ReadonlySet<string> = new Set([...SECRET_FIELDS, ...SECRET_SCHEMES]);
const noted = new WeakMap<object, string[]>();

/** Paths (`password`, `credentials.p8Key`) of the `x-secret` fields of `raw` (wire form) that are plain. */
export function plainSecretPaths(raw: unknown, path: string[] = []): string[] {
  if (raw === UNKNOWN || raw === null || typeof raw !== "object") return [];
  const sig = (raw as Record<string, unknown>)[SIG_KEY];
  if (sig === SECRET_SIG) return [];
  if (sig !== undefined) return [];
  const found: string[] = [];
  const entries: [string, unknown][] = Array.isArray(raw)
    ? raw.map((v, i) => [String(i), v])
    : Object.entries(raw as Record<string, unknown>);
  for (const [k, v] of entries) {
    if (k === "__provider") continue;
    const at = [...path, k];
    if (secretNames.has(k) && v !== undefined && v !== null && v !== UNKNOWN && !isSecretWire(v)) {
      found.push(at.join("."));
      continue;
    }
    found.push(...plainSecretPaths(v, at));
  }
  return found;
}

function isSecretWire(v: unknown): boolean {
  return typeof v === "object" && v !== null && (v as Record<string, unknown>)[SIG_KEY] === SECRET_SIG;
}

interface DeserializeModule {
  deserializeProperties: (struct: { toJavaScript(): unknown }, proxySecrets: boolean) => object;
}

let installed = false;

/** Wraps @pulumi/policy's deserializer once, so that validations can call `plainSecretsOf`. */
export function notePlainSecrets(): void {
  if (installed) return;
  installed = true;
  const mod = require("@pulumi/policy/deserialize") as DeserializeModule;
  const original = mod.deserializeProperties;
  mod.deserializeProperties = (struct, proxySecrets) => {
    const props = original(struct, proxySecrets);
    noted.set(props, plainSecretPaths(struct.toJavaScript()));
    return props;
  };
}

/** The plain `x-secret` paths noted for a validation's `props` (a proxy of the deserialized object). */
export function plainSecretsOf(props: object): string[] | undefined {
  const target = (props as Record<string, unknown>)[PROXY_TARGET];
  return noted.get((target ?? props) as object);
}
