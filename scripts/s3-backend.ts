// An S3-compatible state backend on loopback for the e2e tests and benchmarks (issue 47): s3rver, an S3 server
// written for tests (a dev dependency), in a temporary folder, with one bucket. It checks every request's
// Signature Version 4 with its one account (S3RVER / S3RVER), as S3 does. In front of it, a relay that passes a
// request on only once its whole body has come: S3 stores an object whole or not at all, while s3rver streams
// it to disk, so a client killed mid-upload left it a cut checkpoint that S3 itself never holds.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

interface S3rverOptions {
  port: number;
  address: string;
  directory: string;
  silent: boolean;
  configureBuckets: Array<{ name: string }>;
}
interface S3rverServer {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (opts: S3rverOptions) => S3rverServer;

export interface S3Backend {
  /** The backend URL as `pulumi login` takes it. */
  url: string;
  /** What the CLI (and chat-recover) need beside it: the URL and the account's keys. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** A relay on loopback to `target`'s port that sends on only requests whose body came whole. */
export async function wholeBodies(target: number): Promise<Server> {
  const relay = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    // "end" comes only for a body that came whole; a client gone half-way is "aborted", and nothing is sent.
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      // The body is here whole: nothing is left to wait for a "100 Continue" for.
      const { expect: _continue, ...headers } = req.headers;
      const out = request(
        { host: "127.0.0.1", port: target, method: req.method, path: req.url, headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      out.on("error", () => res.destroy());
      out.end(body);
    });
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  return relay;
}

export async function startS3Backend(bucket = "state"): Promise<S3Backend> {
  const S3rver = require("s3rver") as S3rverClass;
  const directory = mkdtempSync(join(tmpdir(), "pulumi-chat-s3-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port: s3rverPort } = await server.run();
  const relay = await wholeBodies(s3rverPort);
  const { port } = relay.address() as AddressInfo;
  const url = `s3://${bucket}?endpoint=127.0.0.1:${port}&disableSSL=true&s3ForcePathStyle=true&region=us-east-1`;
  return {
    url,
    env: {
      PULUMI_BACKEND_URL: url,
      AWS_ACCESS_KEY_ID: "S3RVER",
      AWS_SECRET_ACCESS_KEY: "S3RVER",
      AWS_REGION: "us-east-1",
      // The CLI's S3 client warns on stderr of every answer without a checksum (s3rver sends none).
      AWS_RESPONSE_CHECKSUM_VALIDATION: "when_required",
    },
    async close() {
      await new Promise((resolve) => relay.close(resolve));
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
