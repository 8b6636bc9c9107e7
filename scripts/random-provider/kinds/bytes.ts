// RandomId and RandomBytes: random bytes in several encodings.
// RandomId's id is the unpadded base64url of the bytes, without the prefix (which b64Url etc. carry);
// RandomBytes' id is its base64 (the bridge's computeRandomBytesID), and both of its encodings are secrets.

import type { Props } from "../../../provider/hosts/plugin/wire";
import { Checks, intOf, optionalStringOf } from "../checks";
import { secureEntropy } from "../entropy";
import { importError, type ResourceKind } from "../kind";

function idEncodings(bytes: Buffer, prefix: string): Props {
  const dec = bytes.length === 0 ? "0" : BigInt(`0x${bytes.toString("hex")}`).toString(10);
  return {
    b64Url: prefix + bytes.toString("base64url"),
    b64Std: prefix + bytes.toString("base64"),
    hex: prefix + bytes.toString("hex"),
    dec: prefix + dec,
  };
}

/** Node's decoders skip bad characters; a strict decode is one that encodes back to the same text. */
function strictDecode(text: string, encoding: "base64" | "base64url"): Buffer | undefined {
  const bytes = Buffer.from(text, encoding);
  return bytes.toString(encoding) === text ? bytes : undefined;
}

const ID_TOKEN = "random:index/randomId:RandomId";
const BYTES_TOKEN = "random:index/randomBytes:RandomBytes";

export const randomId: ResourceKind = {
  token: ID_TOKEN,
  inputs: ["byteLength", "keepers", "prefix"],
  secretOutputs: [],
  withDefaults: (p) => ({ ...p }),
  validate(p) {
    const c = new Checks(p);
    c.keepers();
    c.integer("byteLength", { required: true, min: 1 });
    c.string("prefix");
    return c.failures;
  },
  async generate(p) {
    const bytes = secureEntropy.bytes(intOf(p, "byteLength"));
    return { id: bytes.toString("base64url"), outs: idEncodings(bytes, optionalStringOf(p, "prefix") ?? "") };
  },
  // "b64url" or "prefix,b64url" (the last comma separates).
  async importState(id) {
    const sep = id.lastIndexOf(",");
    const prefix = sep === -1 ? "" : id.slice(0, sep);
    const raw = id.slice(sep + 1);
    const bytes = strictDecode(raw, "base64url");
    if (bytes === undefined || bytes.length === 0) {
      throw importError(ID_TOKEN, id, "expected [prefix,]base64url");
    }
    const state: Props = { byteLength: bytes.length, ...idEncodings(bytes, prefix) };
    if (prefix !== "") state.prefix = prefix;
    return { id: raw, state };
  },
};

export const randomBytes: ResourceKind = {
  token: BYTES_TOKEN,
  inputs: ["keepers", "length"],
  secretOutputs: ["base64", "hex"],
  withDefaults: (p) => ({ ...p }),
  validate(p) {
    const c = new Checks(p);
    c.keepers();
    c.integer("length", { required: true, min: 1 });
    return c.failures;
  },
  async generate(p) {
    const bytes = secureEntropy.bytes(intOf(p, "length"));
    const base64 = bytes.toString("base64");
    return { id: base64, outs: { base64, hex: bytes.toString("hex") } };
  },
  async importState(id) {
    const bytes = strictDecode(id, "base64");
    if (bytes === undefined || bytes.length === 0)
      throw importError(BYTES_TOKEN, id, "expected standard base64");
    return { id, state: { length: bytes.length, base64: id, hex: bytes.toString("hex") } };
  },
};
