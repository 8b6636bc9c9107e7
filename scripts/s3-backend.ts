// An S3-compatible state backend on loopback for the e2e tests and benchmarks (issue 47): s3rver, an S3 server
// written for tests (a dev dependency), in a temporary folder, with one bucket. It checks every request's
// Signature Version 4 with its one account (S3RVER / S3RVER), as S3 does.
import { mkdtempSync, rmSync } from "node:fs";
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
  const { port } = await server.run();
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
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
