// PushCertificate against the emulator, through the generic provider as the engine drives it (decision 0136):
// a bad file, a missing or wrong password and a password on a p8 refused at check naming the field, before any
// call and without echoing the secret; a p12 uploaded from a path, read without drift, its file changed
// (uploaded again), a p8 from base64 content, both listed and adopted, and destroy leaving them.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { resetBudgets } from "../../../provider/client";
import { contextFor } from "../../../provider/engine/generic";
import { type Emulated, FAST, useEmulated } from "../../support/emulator";
import { certificateFile } from "../../support/kinds/push-certificate";
import { providerOf } from "../../support/provider";

type Props = Record<string, unknown>;
const provider = providerOf("PushCertificate");
const bytes = (name: string) => readFileSync(certificateFile(name));
const base64 = (name: string) => bytes(name).toString("base64");
const sha256 = (name: string) => createHash("sha256").update(bytes(name)).digest("hex");

describe("PushCertificate", () => {
  let emu: Emulated;
  let appId: string;
  let managementConnection: Props;
  const emulated = useEmulated({ clientOptions: FAST });
  beforeAll(() => {
    emu = emulated();
    ({ appId, managementConnection } = emu);
  });
  afterEach(() => {
    emu.admin.clearFaults();
    resetBudgets();
  });

  const held = async () =>
    (await emu.mgmt.call("queryPushCertificates", { params: { appId } })).data.body as Props;
  const checked = async (args: Props) => {
    const r = await provider.check({}, { appId, managementConnection, ...args });
    expect(r.failures).toEqual([]);
    return r.inputs;
  };
  const reasons = async (args: Props) =>
    (await provider.check({}, { appId, managementConnection, ...args })).failures;

  it("check names the field and the rule before any call, and never the secret", async () => {
    emu.admin.clearRequests();
    const p12 = { type: "p12", path: certificateFile("apns-a.p12") };
    expect(await reasons(p12)).toEqual([
      expect.objectContaining({ reason: "password: the p12 file is protected by a password: give password" }),
    ]);
    const wrong = await reasons({ ...p12, password: "not-the-password-9e1" });
    expect(wrong).toEqual([
      expect.objectContaining({ reason: expect.stringMatching(/does not open the p12 file/) }),
    ]);
    expect(JSON.stringify(wrong)).not.toContain("not-the-password-9e1");
    expect(await reasons({ type: "p8", path: certificateFile("rsa.p8") })).toEqual([
      expect.objectContaining({
        reason: "path: the p8 key is not an APNs signing key (an EC key on the P-256 curve)",
      }),
    ]);
    expect(await reasons({ type: "p8", path: certificateFile("apns-a.p12") })).toEqual([
      expect.objectContaining({ reason: expect.stringMatching(/path: .*not a p8 key/) }),
    ]);
    const onP8 = await reasons({ type: "p8", path: certificateFile("apns-a.p8"), password: "pw-on-a-p8" });
    expect(onP8.map((f) => f.reason).join("\n")).toMatch(/password is taken only for a p12 certificate/);
    const both = await reasons({
      type: "p8",
      path: certificateFile("apns-a.p8"),
      content: base64("apns-a.p8"),
    });
    expect(both.map((f) => f.reason).join("\n")).toMatch(/either path .* or content/);
    const notBase64 = await reasons({ type: "p12", content: "secret-not-base64!" });
    expect(notBase64.map((f) => f.reason)).toEqual([
      "content: must be the certificate file's bytes in base64",
    ]);
    expect(JSON.stringify(notBase64)).not.toContain("secret-not-base64");
    expect((await reasons({ type: "p12", path: "/nonexistent/cert.p12" })).map((f) => f.reason)).toEqual([
      "path: cannot read the file /nonexistent/cert.p12",
    ]);
    expect(emu.admin.requests()).toEqual([]);
  });

  it("a p12 from a path: uploaded, read without drift, its file changed (uploaded again), destroy leaves it", async () => {
    expect(await held()).toMatchObject({ certificate_p12: false });
    const inputs = await checked({
      type: "p12",
      path: certificateFile("apns-a.p12"),
      password: "p12PassAlpha7731",
    });
    expect(inputs.contentHash).toBe(sha256("apns-a.p12"));
    const { id, outs } = await provider.create(inputs);
    expect(id).toBe(`${appId}/p12`);
    expect(await held()).toMatchObject({ certificate_p12: true });
    const read = await provider.read(id, outs);
    expect(read.inputs).toMatchObject({ type: "p12", contentHash: sha256("apns-a.p12") });

    // The same bytes from base64 content: the same digest (the source is only stored, not applied).
    const same = await checked({ type: "p12", content: base64("apns-a.p12"), password: "p12PassAlpha7731" });
    expect(same.contentHash).toBe(inputs.contentHash);

    const changed = await checked({
      type: "p12",
      content: base64("apns-b.p12"),
      password: "p12PassBravo7731",
    });
    const diff = await provider.diff(id, outs, changed);
    expect(diff.changes).toBe(true);
    expect(diff.replaces ?? []).toEqual([]);
    emu.admin.clearRequests();
    const updated = await provider.update(id, outs, changed);
    expect(emu.admin.requests().map((r) => `${r.method} ${r.path}`)).toContain(
      `POST /apps/${appId}/extensions/push-notification/v1/upload-certificate-p12`,
    );
    // Outputs hold the content as given (a secret output, as in the inputs: an output missing would be
    // unknown at every preview, decision 0140) and its digest, which is what diff compares.
    expect(updated.outs.content).toBe(base64("apns-b.p12"));
    expect(updated.outs.contentHash).toBe(sha256("apns-b.p12"));

    await provider.delete(id, updated.outs);
    expect(await held()).toMatchObject({ certificate_p12: true });
  });

  it("a p8 from content: uploaded, listed with the p12, adopted by its type", async () => {
    const inputs = await checked({ type: "p8", content: base64("apns-b.p8") });
    const { id } = await provider.create(inputs);
    expect(id).toBe(`${appId}/p8`);
    expect(await held()).toMatchObject({ certificate_p8: true });
    const listed = await provider.kind.list?.(contextFor({ appId, managementConnection }), { appId });
    expect(listed?.map((l) => l.id)).toEqual(expect.arrayContaining([`${appId}/p8`]));
  });

  it("the emulator refuses a file the service could not sign with, and its error holds no secret", async () => {
    const err = await emu.mgmt
      .call("uploadPushCertificateP12", {
        params: { appId },
        body: {
          certificate: { filename: "a.p12", content: base64("apns-a.p12"), type: "application/x-pkcs12" },
          password: "wrong-pass-4c2",
        },
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(String((err as Error).message)).toMatch(/does not open the p12 file/);
    expect(JSON.stringify(err)).not.toContain("wrong-pass-4c2");
    expect(String((err as Error).message)).not.toContain("wrong-pass-4c2");
  });
});
