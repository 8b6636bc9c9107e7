// PushCertificate at check, with no service (decision 0136): the file is read and checked before any call, a
// refusal names the field and never holds the secret, the digest is computed, and the secrets (content,
// password) are the kind's secrets, dropped from or marked in what state keeps.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { CheckRefusal } from "../../../provider/engine/kind";
import { pushCertificate } from "../../../provider/kinds/push-certificate";
import { certificateFile } from "../../support/kinds/push-certificate";

const bytes = (n: string) => readFileSync(certificateFile(n));
/** The kind's schema, then its fill (what check runs, with no call): each problem with its field. */
async function failures(args: Record<string, unknown>): Promise<{ property: string; reason: string }[]> {
  const parsed = pushCertificate.args.safeParse({ appId: "app1", ...args });
  if (!parsed.success)
    return parsed.error.issues.map((i) => ({ property: String(i.path[0] ?? ""), reason: i.message }));
  try {
    pushCertificate.fill?.(parsed.data);
    return [];
  } catch (e) {
    if (e instanceof CheckRefusal) return [{ property: e.property, reason: e.message }];
    throw e;
  }
}

describe("PushCertificate at check", () => {
  it("takes a p12 with its password and a p8, and records the file's SHA-256", async () => {
    const filled = pushCertificate.fill?.({
      appId: "app1",
      type: "p12",
      path: certificateFile("apns-a.p12"),
      password: "p12PassAlpha7731",
    });
    expect(filled?.contentHash).toBe(createHash("sha256").update(bytes("apns-a.p12")).digest("hex"));
    expect(await failures({ type: "p8", content: bytes("apns-a.p8").toString("base64") })).toEqual([]);
  });

  it.each([
    [
      { type: "p12", path: certificateFile("apns-a.p12") },
      "password",
      /protected by a password: give password/,
    ],
    [{ type: "p12", path: certificateFile("apns-a.p12"), password: "pw-7731" }, "password", /does not open/],
    [{ type: "p12", path: certificateFile("apns-a.p8") }, "path", /not a p12/],
    [{ type: "p8", path: certificateFile("rsa.p8") }, "path", /P-256/],
    [{ type: "p8", content: Buffer.from("hello").toString("base64") }, "content", /not a p8 key/],
    [{ type: "p12", content: "not base64 at all 8812!" }, "content", /in base64/],
    [{ type: "p8", path: certificateFile("apns-a.p8"), password: "pw-on-p8" }, "password", /only for a p12/],
    [
      { type: "p8", path: certificateFile("apns-a.p8"), content: "QUJD" },
      "path",
      /either path .* or content .*not both/,
    ],
    [{ type: "p13", path: certificateFile("apns-a.p8") }, "type", /expected one of "p12"\|"p8"/],
  ])("refuses %j naming %s", async (args, property, rule) => {
    const found = await failures(args);
    expect(found.map((f) => f.property)).toContain(property);
    expect(found.map((f) => f.reason).join("\n")).toMatch(rule);
    // No refusal echoes a secret value.
    const text = JSON.stringify(found);
    for (const secret of ["pw-7731", "pw-on-p8", "8812"]) expect(text).not.toContain(secret);
  });

  it("content and password are secrets; diff compares the digest, not the content", () => {
    expect([...(pushCertificate.secrets ?? [])].sort()).toEqual(["content", "password"]);
    const content = bytes("apns-b.p8").toString("base64");
    const kept = pushCertificate.kept?.({ type: "p8", content });
    expect(kept).toEqual({
      type: "p8",
      contentHash: createHash("sha256").update(bytes("apns-b.p8")).digest("hex"),
    });
    expect(JSON.stringify(kept)).not.toContain(content.slice(0, 20));
  });
});
