// AgentKnowledgeFile at the kind level (decision 0132): what check computes from a file or content (name,
// type, digest) and refuses, naming the field; what state keeps of content (its digest only); and the
// presigned upload: no header of ours goes to storage, only https or loopback, and no error shows the URL's
// signature.
import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { putPresigned } from "../../../provider/client";
import { CheckRefusal } from "../../../provider/engine/kind";
import { agentKnowledgeFile as kind } from "../../../provider/kinds/agent-knowledge-file";

const dir = mkdtempSync(join(tmpdir(), "kb-unit-"));
const sha = (s: string) => createHash("sha256").update(s).digest("hex");
const fill = (a: Record<string, unknown>) =>
  (kind.fill as (x: Record<string, unknown>) => Record<string, unknown>)(a);
const refusal = (a: Record<string, unknown>) => {
  try {
    fill(a);
  } catch (e) {
    if (e instanceof CheckRefusal) return `${e.property}: ${e.message}`;
    throw e;
  }
  return undefined;
};

describe("AgentKnowledgeFile: check", () => {
  it("computes the name, the type and the digest from a path", () => {
    const path = join(dir, "guide.pdf");
    writeFileSync(path, "%PDF-1.4 tiny");
    expect(fill({ path })).toEqual({
      path,
      fileName: "guide.pdf",
      mimeType: "application/pdf",
      contentHash: sha("%PDF-1.4 tiny"),
    });
  });

  it("keeps a given name and type, and digests content as UTF-8", () => {
    expect(fill({ content: "é", fileName: "x.data", mimeType: "text/plain" })).toMatchObject({
      fileName: "x.data",
      mimeType: "text/plain",
      contentHash: sha("é"),
    });
  });

  it("refuses an unreadable file, an empty one and an unknown extension, naming the field", () => {
    expect(refusal({ path: join(dir, "none.txt") })).toMatch(/^path: path: cannot read the file/);
    writeFileSync(join(dir, "empty.txt"), "");
    expect(refusal({ path: join(dir, "empty.txt") })).toMatch(/^path: .*empty/);
    expect(refusal({ content: "x", fileName: "run.exe" })).toMatch(/^mimeType: .*run\.exe/);
  });

  it("leaves both-or-neither to the schema's rule, which names it", () => {
    expect(fill({ fileName: "a.txt" })).toEqual({ fileName: "a.txt" });
    const parsed = kind.args.safeParse({ fileName: "a.txt", content: "x", path: "a.txt" });
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toMatch(/either path \(a local file\) or content/);
  });

  it("diff compares the content by its digest, and the kept form is stable", () => {
    const kept = kind.kept?.({
      fileName: "n.txt",
      content: "private words",
      contentHash: sha("private words"),
    });
    expect(kept).toEqual({ fileName: "n.txt", contentHash: sha("private words") });
    expect(kind.kept?.(kept as never)).toEqual(kept);
    // computed when check could not (an unknown input at preview)
    expect(kind.kept?.({ fileName: "n.txt", content: "abc" })).toEqual({
      fileName: "n.txt",
      contentHash: sha("abc"),
    });
  });
});

describe("putPresigned", () => {
  let seen: { headers: IncomingHttpHeaders; body: string } | undefined;
  let status = 200;
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      seen = { headers: req.headers, body };
      res.statusCode = status;
      res.end();
    });
  });
  let base = "";
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("PUTs the bytes with their type and no header of ours", async () => {
    await putPresigned(`${base}/bucket/key?X-Amz-Signature=s3cr3t`, Buffer.from("hello"), "text/plain", "f");
    expect(seen?.body).toBe("hello");
    expect(seen?.headers["content-type"]).toBe("text/plain");
    expect(
      Object.keys(seen?.headers ?? {}).filter((h) => /apikey|key|secret|authorization/i.test(h)),
    ).toEqual([]);
  });

  it("a refusal names the status, not the signature", async () => {
    status = 403;
    const err = await putPresigned(
      `${base}/bucket/key?X-Amz-Signature=s3cr3t`,
      Buffer.from("x"),
      "text/plain",
      "f",
    ).catch((e: Error) => e);
    status = 200;
    expect(String(err)).toMatch(/HTTP 403/);
    expect(String(err)).not.toContain("s3cr3t");
  });

  it("refuses plain http to anything but loopback", async () => {
    await expect(
      putPresigned("http://storage.example.com/k?sig=s3cr3t", Buffer.from("x"), "text/plain", "f"),
    ).rejects.toThrow(/not https/);
  });
});
