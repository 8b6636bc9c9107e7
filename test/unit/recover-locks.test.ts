// The stack's lock on every backend (provider/recover/locks.ts, s3.ts; decision 0125): S3 requests signed as AWS
// documents (its published Signature Version 4 examples), bucket URLs read as the CLI reads them, several locks
// judged together, and the backends whose locks cannot be read (Pulumi Cloud, Azure, Google) reached only through
// `pulumi cancel`, run by a stand-in CLI that records what it was asked.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { judge, lockBackend } from "../../provider/recover/locks";
import { s3Credentials, s3Location, signV4 } from "../../provider/recover/s3";

const EXAMPLE = {
  accessKeyId: "AKIAIOSFODNN7EXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
};
const signatureOf = (h: Record<string, string>) => /Signature=([0-9a-f]+)/.exec(h.authorization ?? "")?.[1];

describe("S3 requests are signed with Signature Version 4", () => {
  // The examples of AWS's "Signature Calculations for the Authorization Header" page (S3 API reference).
  it("GET Object, with a signed Range header", () => {
    const h = signV4(
      {
        method: "GET",
        url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"),
        headers: { range: "bytes=0-9" },
      },
      EXAMPLE,
      "us-east-1",
      new Date("2013-05-24T00:00:00Z"),
    );
    expect(signatureOf(h)).toBe("f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41");
    expect(h.authorization).toContain("SignedHeaders=host;range;x-amz-content-sha256;x-amz-date");
  });

  it("GET Bucket (list objects), with its query sorted", () => {
    const h = signV4(
      { method: "GET", url: new URL("https://examplebucket.s3.amazonaws.com/?max-keys=2&prefix=J") },
      EXAMPLE,
      "us-east-1",
      new Date("2013-05-24T00:00:00Z"),
    );
    expect(signatureOf(h)).toBe("34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7");
  });
});

describe("bucket URLs as the Pulumi CLI reads them", () => {
  it("a local S3-compatible server, path style, plain HTTP", () => {
    expect(
      s3Location(
        "s3://state?endpoint=127.0.0.1:9000&disableSSL=true&s3ForcePathStyle=true&region=eu-west-1",
        {},
      ),
    ).toEqual({
      bucket: "state",
      prefix: "",
      region: "eu-west-1",
      origin: "http://127.0.0.1:9000",
      pathStyle: true,
    });
  });
  it("AWS itself, a prefix in the bucket, the region from the environment", () => {
    expect(s3Location("s3://team-state/chat", { AWS_REGION: "us-west-2" })).toEqual({
      bucket: "team-state",
      prefix: "chat/",
      region: "us-west-2",
      origin: "https://s3.us-west-2.amazonaws.com",
      pathStyle: false,
    });
  });
  it("the newer spellings, an endpoint with its scheme", () => {
    expect(s3Location("s3://b?endpoint=http://minio:9000&use_path_style=true", {})).toMatchObject({
      origin: "http://minio:9000",
      pathStyle: true,
    });
  });
  it("credentials from the environment, else a profile's static keys, else none", () => {
    expect(s3Credentials("s3://b", { AWS_ACCESS_KEY_ID: "a", AWS_SECRET_ACCESS_KEY: "s" })).toEqual({
      accessKeyId: "a",
      secretAccessKey: "s",
      sessionToken: undefined,
    });
    const file = join(mkdtempSync(join(tmpdir(), "aws-")), "credentials");
    writeFileSync(
      file,
      "[default]\naws_access_key_id = d\naws_secret_access_key = ds\n[ci]\naws_access_key_id=c\naws_secret_access_key=cs\n",
    );
    expect(s3Credentials("s3://b?profile=ci", { AWS_SHARED_CREDENTIALS_FILE: file })?.accessKeyId).toBe("c");
    expect(s3Credentials("s3://b", { AWS_SHARED_CREDENTIALS_FILE: file })?.accessKeyId).toBe("d");
    expect(
      s3Credentials("s3://b", { AWS_SHARED_CREDENTIALS_FILE: join(tmpdir(), "none-here") }),
    ).toBeUndefined();
  });
});

describe("several locks of one stack", () => {
  it("a live one decides over another host's, which decides over a stale one; all are listed", () => {
    const stale = {
      key: "a.json",
      text: JSON.stringify({ pid: 0, hostname: hostname(), timestamp: "2026-11-28T10:00:00Z" }),
    };
    const other = {
      key: "b.json",
      text: JSON.stringify({ pid: 7, hostname: "runner-9", timestamp: "2026-11-28T09:00:00Z" }),
    };
    const s = judge([stale, other]);
    expect(s.kind).toBe("elsewhere");
    expect(s.kind === "elsewhere" && s.all.map((l) => l.file)).toEqual(["a.json", "b.json"]);
    expect(judge([stale]).kind).toBe("stale");
    expect(judge([]).kind).toBe("none");
  });
});

/** A stand-in `pulumi` that answers `stack history` with `history` and records every call. */
function fakeCli(history: object[]): { env: NodeJS.ProcessEnv; calls: () => string[] } {
  const dir = mkdtempSync(join(tmpdir(), "fake-pulumi-"));
  const log = join(dir, "calls");
  writeFileSync(log, "");
  writeFileSync(
    join(dir, "pulumi"),
    `#!/bin/sh\necho "$*" >> ${log}\ncase "$1 $2" in "stack history") echo '${JSON.stringify(history)}';; esac\n`,
    { mode: 0o755 },
  );
  return {
    env: { ...process.env, PATH: `${dir}:${process.env.PATH}` },
    calls: () => readFileSync(log, "utf8").trim().split("\n").filter(Boolean),
  };
}

describe("backends whose locks are not objects chat-recover reads", () => {
  it("Pulumi Cloud: an update in progress is another host's run; release is pulumi cancel", async () => {
    const cli = fakeCli([{ version: 12, result: "in-progress", startTime: "2026-11-28T10:00:00Z" }]);
    const b = lockBackend({
      url: "https://api.pulumi.com",
      project: "p",
      stack: "s",
      cli: { cwd: tmpdir(), stack: "s", env: cli.env },
    });
    const s = await b.state();
    expect(s).toMatchObject({
      kind: "elsewhere",
      lock: { file: "update 12", takenAt: Date.parse("2026-11-28T10:00:00Z") },
    });
    await b.release(s);
    expect(cli.calls().at(-1)).toMatch(/^cancel --yes --stack s --non-interactive$/);
  });

  it("Pulumi Cloud: a finished last update is no lock", async () => {
    const cli = fakeCli([{ version: 12, result: "succeeded" }]);
    const b = lockBackend({
      url: "https://api.pulumi.com",
      project: "p",
      stack: "s",
      cli: { cwd: tmpdir(), stack: "s", env: cli.env },
    });
    expect((await b.state()).kind).toBe("none");
  });

  it.each([
    ["azblob://state", "azblob"],
    ["gs://state", "gs"],
    ["s3://state?region=us-east-1", "AWS_ACCESS_KEY_ID"],
  ])("%s: not read, said why, released through pulumi cancel", async (url, why) => {
    const cli = fakeCli([]);
    const env = {
      ...cli.env,
      AWS_ACCESS_KEY_ID: "",
      AWS_SHARED_CREDENTIALS_FILE: join(tmpdir(), "none-here"),
    };
    const b = lockBackend({ url, project: "p", stack: "s", cli: { cwd: tmpdir(), stack: "s", env } });
    const s = await b.state();
    expect(s.kind).toBe("unreadable");
    expect(s.kind === "unreadable" && s.why).toContain(why);
    await b.release(s);
    expect(cli.calls()).toEqual(["cancel --yes --stack s --non-interactive"]);
  });
});
