// RandomUuid, RandomUuid4, RandomUuid7: id = result. RandomUuid is hashicorp/go-uuid's GenerateUUID, i.e.
// 128 random bits in UUID layout with no version or variant bits set (so not always RFC 9562 valid);
// RandomUuid4 and RandomUuid7 are proper version 4 and 7 UUIDs.
import { randomUUID } from "node:crypto";
import { Checks } from "../checks";
import { type Entropy, secureEntropy } from "../entropy";
import { importError, type ResourceKind } from "../kind";

const LAYOUT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function format(bytes: Buffer): string {
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function uuidRandomBits(e: Entropy): string {
  return format(e.bytes(16));
}

/** Version 7: 48-bit Unix time in ms, then random bits, with version and variant set. */
export function uuidV7(e: Entropy, now = Date.now()): string {
  const bytes = e.bytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x70;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  return format(bytes);
}

// Import takes any UUID in the 8-4-4-4-12 layout, as go-uuid's ParseUUID and google/uuid's Parse do.
function uuidKind(token: string, generate: () => string): ResourceKind {
  return {
    token,
    inputs: ["keepers"],
    secretOutputs: [],
    withDefaults: (p) => ({ ...p }),
    validate(p) {
      const c = new Checks(p);
      c.keepers();
      return c.failures;
    },
    async generate() {
      const result = generate();
      return { id: result, outs: { result } };
    },
    async importState(id) {
      if (!LAYOUT.test(id)) throw importError(token, id, "expected a UUID");
      const result = id.toLowerCase();
      return { id: result, state: { result } };
    },
  };
}

export const randomUuid = uuidKind("random:index/randomUuid:RandomUuid", () => uuidRandomBits(secureEntropy));
export const randomUuid4 = uuidKind("random:index/randomUuid4:RandomUuid4", () => randomUUID());
export const randomUuid7 = uuidKind("random:index/randomUuid7:RandomUuid7", () => uuidV7(secureEntropy));
