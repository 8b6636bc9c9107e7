// The e2e tests' S3 backend stores an object whole or not at all, as S3 does (scripts/s3-backend.ts): its
// relay sends a request on only when the body came whole, so a client killed mid-upload leaves nothing.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { wholeBodies } from "../../scripts/s3-backend";

interface Seen {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
  body: string;
}

describe("the S3 backend's relay", () => {
  const seen: Seen[] = [];
  let target: Server;
  let relay: Server;
  let port = 0;
  beforeAll(async () => {
    target = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => {
        body += c.toString();
      });
      req.on("end", () => {
        seen.push({ method: req.method, url: req.url, headers: req.headers, body });
        res.writeHead(200, { etag: '"x"' }).end("stored");
      });
    });
    await new Promise<void>((r) => target.listen(0, "127.0.0.1", r));
    relay = await wholeBodies((target.address() as AddressInfo).port);
    port = (relay.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((r) => relay.close(r));
    await new Promise((r) => target.close(r));
  });

  /** Sends a PUT announcing `length` bytes, writes `sent` of them, then closes (a killed client) or waits. */
  const put = (length: number, sent: string, cut: boolean) =>
    new Promise<string>((resolve) => {
      const s = connect(port, "127.0.0.1", () => {
        s.write(`PUT /state/stack.json HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nx-amz-content-sha256: abc\r\n`);
        s.write(`Content-Length: ${length}\r\nConnection: close\r\n\r\n${sent}`);
        if (cut) s.destroy();
      });
      let answer = "";
      s.on("data", (c: Buffer) => {
        answer += c.toString();
      });
      s.on("close", () => resolve(answer));
    });

  it("sends nothing on for a body cut short, and the whole body with its headers for one that came", async () => {
    await put(20, "0123456789", true);
    const answer = await put(20, "01234567890123456789", false);
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain("stored");
    expect(
      seen.map((s) => [s.method, s.url, s.body, s.headers["x-amz-content-sha256"], s.headers.host]),
    ).toEqual([["PUT", "/state/stack.json", "01234567890123456789", "abc", `127.0.0.1:${port}`]]);
  });
});
