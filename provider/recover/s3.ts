// The few S3 calls chat-recover needs on an `s3://` state backend (decision 0125): list, read and delete the
// stack's lock objects, signed with AWS Signature Version 4 (node:crypto; no SDK in the package). The bucket URL
// is read as the Pulumi CLI reads it (gocloud.dev's s3blob): `s3://bucket[/prefix]?region=…&endpoint=…` with
// `s3ForcePathStyle`/`use_path_style` and `disableSSL`/`disable_https`. Credentials: the AWS_* variables the CLI
// reads, else the static keys of the profile (`profile=` or AWS_PROFILE) in ~/.aws/credentials. Other sources
// (SSO, instance roles) are not read here: `objectStore` then answers undefined and recovery falls back to
// `pulumi cancel` (locks.ts).
import { createHash, createHmac } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

export interface S3Location {
  bucket: string;
  /** Key prefix inside the bucket (the URL's path), '' or ending in '/'. */
  prefix: string;
  region: string;
  /** Scheme, host and port of the service, and whether the bucket goes in the path (else in the host). */
  origin: string;
  pathStyle: boolean;
}

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string | undefined;
}

export interface ObjectStore {
  list(prefix: string): Promise<string[]>;
  read(key: string): Promise<string>;
  remove(key: string): Promise<void>;
}

const truthy = (v: string | null) => v !== null && /^(true|1)$/i.test(v);

export function s3Location(url: string, env: NodeJS.ProcessEnv): S3Location {
  const u = new URL(url);
  if (u.protocol !== "s3:") throw new Error(`${url} is not an s3:// URL`);
  const q = u.searchParams;
  const region =
    q.get("region") ?? q.get("awsregion") ?? env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? "us-east-1";
  const pathStyle = truthy(q.get("s3ForcePathStyle")) || truthy(q.get("use_path_style"));
  const plain = truthy(q.get("disableSSL")) || truthy(q.get("disable_https"));
  const endpoint = q.get("endpoint");
  let origin: string;
  if (endpoint)
    origin = /^https?:\/\//.test(endpoint) ? endpoint : `${plain ? "http" : "https"}://${endpoint}`;
  else origin = `${plain ? "http" : "https"}://s3.${region}.amazonaws.com`;
  const prefix = decodeURIComponent(u.pathname.replace(/^\/+/, ""));
  return {
    bucket: u.hostname,
    prefix: prefix && !prefix.endsWith("/") ? `${prefix}/` : prefix,
    region,
    origin: origin.replace(/\/+$/, ""),
    pathStyle,
  };
}

/** The credentials the CLI would use from the environment or a profile's static keys; undefined when neither. */
export function s3Credentials(url: string, env: NodeJS.ProcessEnv): S3Credentials | undefined {
  const id = env.AWS_ACCESS_KEY_ID;
  const secret = env.AWS_SECRET_ACCESS_KEY;
  if (id && secret) return { accessKeyId: id, secretAccessKey: secret, sessionToken: env.AWS_SESSION_TOKEN };
  const profile = new URL(url).searchParams.get("profile") ?? env.AWS_PROFILE ?? "default";
  const file = env.AWS_SHARED_CREDENTIALS_FILE ?? join(homedir(), ".aws", "credentials");
  if (!existsSync(file)) return undefined;
  let section = "";
  const keys: Record<string, string> = {};
  for (const raw of readFileSync(file, "utf8").split(/\r?\n/)) {
    const line = raw.trim();
    const head = /^\[(.+)\]$/.exec(line);
    if (head) section = (head[1] ?? "").trim();
    else if (section === profile) {
      const kv = /^([\w]+)\s*=\s*(.*)$/.exec(line);
      if (kv?.[1]) keys[kv[1]] = kv[2] ?? "";
    }
  }
  const a = keys.aws_access_key_id;
  const s = keys.aws_secret_access_key;
  return a && s ? { accessKeyId: a, secretAccessKey: s, sessionToken: keys.aws_session_token } : undefined;
}

/** RFC 3986 encoding as SigV4 wants it (every byte but A-Z a-z 0-9 - _ . ~). */
const enc = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const hmac = (key: string | Buffer, s: string) => createHmac("sha256", key).update(s).digest();

/** Signs a request with AWS Signature Version 4 (unsigned-body-free: the payload here is always empty). */
export function signV4(
  req: { method: string; url: URL; headers?: Record<string, string> },
  creds: S3Credentials,
  region: string,
  now: Date,
): Record<string, string> {
  const amzDate = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
  const day = amzDate.slice(0, 8);
  const payload = sha256("");
  const headers: Record<string, string> = {
    ...(req.headers ?? {}),
    host: req.url.host,
    "x-amz-content-sha256": payload,
    "x-amz-date": amzDate,
    ...(creds.sessionToken ? { "x-amz-security-token": creds.sessionToken } : {}),
  };
  const names = Object.keys(headers)
    .map((h) => h.toLowerCase())
    .sort();
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v.trim()]));
  const query = [...req.url.searchParams.entries()]
    .map(([k, v]) => [enc(k), enc(v)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const path = req.url.pathname
    .split("/")
    .map((seg) => enc(decodeURIComponent(seg)))
    .join("/");
  const canonical = [
    req.method,
    path,
    query,
    ...names.map((n) => `${n}:${lower[n]}`),
    "",
    names.join(";"),
    payload,
  ].join("\n");
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonical)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${creds.secretAccessKey}`, day), region), "s3"), "aws4_request");
  const signature = createHmac("sha256", key).update(toSign).digest("hex");
  const { host: _host, ...sent } = headers;
  return {
    ...sent,
    authorization: `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope}, SignedHeaders=${names.join(";")}, Signature=${signature}`,
  };
}

const unxml = (s: string) =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

export function s3Store(
  loc: S3Location,
  creds: S3Credentials,
  now: () => Date = () => new Date(),
): ObjectStore {
  const urlOf = (key: string) => {
    const path = key
      .split("/")
      .map((seg) => enc(seg))
      .join("/");
    if (loc.pathStyle) return new URL(`${loc.origin}/${enc(loc.bucket)}/${path}`);
    const o = new URL(loc.origin);
    return new URL(`${o.protocol}//${loc.bucket}.${o.host}/${path}`);
  };
  async function call(method: string, url: URL): Promise<Response> {
    const headers = signV4({ method, url }, creds, loc.region, now());
    const res = await fetch(url, { method, headers });
    if (!res.ok && !(method === "DELETE" && res.status === 404)) {
      const body = await res.text();
      const code = /<Code>([^<]*)<\/Code>/.exec(body)?.[1] ?? "";
      throw new Error(`S3 ${method} ${url.pathname}: ${res.status} ${code}`.trim());
    }
    return res;
  }
  return {
    async list(prefix) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const url = urlOf("");
        url.searchParams.set("list-type", "2");
        url.searchParams.set("prefix", loc.prefix + prefix);
        if (token) url.searchParams.set("continuation-token", token);
        const xml = await (await call("GET", url)).text();
        for (const m of xml.matchAll(/<Key>([^<]*)<\/Key>/g))
          keys.push(unxml(m[1] ?? "").slice(loc.prefix.length));
        token = /<IsTruncated>true<\/IsTruncated>/.test(xml)
          ? unxml(/<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1] ?? "")
          : undefined;
      } while (token);
      return keys;
    },
    async read(key) {
      return (await call("GET", urlOf(loc.prefix + key))).text();
    },
    async remove(key) {
      await call("DELETE", urlOf(loc.prefix + key));
    },
  };
}
