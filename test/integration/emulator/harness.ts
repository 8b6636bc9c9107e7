// Real HTTP against an emulator of the test fixture (test/support/emulator.ts). Requests are built from the
// route table (paths are not restated here); successes are parsed with the route's own response schema, so
// every success shape is checked against the schemas the client is built on.
import { request as httpRequest } from "node:http";
import {
  ErrorBody,
  fillPath,
  type ResponseOf,
  type RouteName,
  type RouteSpec,
  type Routes,
  routes,
  toFormData,
} from "../../../provider/contract";
import { type Emulated, type FixtureOptions, startEmulated } from "../../support/emulator";

export interface Res {
  status: number;
  headers: Headers;
  json: unknown;
  text: string;
}

export interface CallOptions {
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean>;
  /** A JSON value, sent as application/json (as form fields on a multipart route). */
  body?: unknown;
  /** A raw body, sent as is (with `contentType`, default application/json). */
  raw?: string;
  contentType?: string;
  onBehalfOf?: string;
  /** The `apikey` header (chat); default the bootstrap app's fullAccess key; null sends none. */
  key?: string | null;
  /** Another app (chat) than the bootstrap app. */
  app?: { appId: string; region: string };
  /** Management credentials; default the emulator's; null sends none. */
  mgmt?: { key?: string; secret?: string } | null;
  headers?: Record<string, string>;
}

export class Harness {
  constructor(readonly emu: Emulated) {}

  /** An emulator with seed 42 unless `opts` gives one. */
  static async start(opts: FixtureOptions = {}): Promise<Harness> {
    return new Harness(await startEmulated({ seed: 42, ...opts }));
  }

  get app() {
    return this.emu.app;
  }

  /** The URL of a route, in the path form. */
  url(name: RouteName, opts: CallOptions = {}): string {
    const spec = routes[name];
    const path = fillPath(spec.path, opts.params ?? {});
    const base =
      spec.api === "chat"
        ? this.emu.chatUrl(opts.app?.appId ?? this.app.appId, opts.app?.region ?? this.app.region)
        : this.emu.managementUrl;
    const q = opts.query
      ? `?${new URLSearchParams(Object.entries(opts.query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`
      : "";
    return `${base}${path}${q}`;
  }

  headers(name: RouteName, opts: CallOptions = {}): Record<string, string> {
    const h: Record<string, string> = {};
    if (routes[name].api === "chat") {
      const key = opts.key === undefined ? this.app.apiKey : opts.key;
      if (key !== null) h.apikey = key;
    } else if (opts.mgmt !== null) {
      h.key = opts.mgmt?.key ?? this.emu.managementConnection.key;
      h.secret = opts.mgmt?.secret ?? this.emu.managementConnection.secret;
    }
    if (opts.onBehalfOf !== undefined) h.onBehalfOf = opts.onBehalfOf;
    return { ...h, ...opts.headers };
  }

  async call(name: RouteName, opts: CallOptions = {}): Promise<Res> {
    const headers = this.headers(name, opts);
    const multipart = (routes[name] as RouteSpec).encoding === "multipart";
    if (multipart && opts.raw === undefined && opts.body !== undefined) {
      // fetch sets the multipart content type with its boundary.
      const form = toFormData(opts.body as Record<string, unknown>);
      return fetchRes(this.url(name, opts), { method: routes[name].method, headers, body: form });
    }
    let body: string | undefined;
    if (opts.raw !== undefined) body = opts.raw;
    else if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined) headers["content-type"] = opts.contentType ?? "application/json";
    return fetchRes(this.url(name, opts), { method: routes[name].method, headers, body });
  }

  /** Asserts 200 and parses the body with the route's response schema. */
  async ok<N extends RouteName>(name: N, opts: CallOptions = {}): Promise<ResponseOf<Routes[N]>> {
    const res = await this.call(name, opts);
    if (res.status !== 200) throw new Error(`${name}: expected 200, got ${res.status} ${res.text}`);
    return routes[name].response.parse(res.json) as ResponseOf<Routes[N]>;
  }

  /** Asserts the status and the error code, and returns the error object. */
  async fails(name: RouteName, opts: CallOptions, status: number, code: string) {
    return expectError(await this.call(name, opts), status, code);
  }

  async admin(method: string, path: string, body?: unknown, token?: string | null): Promise<Res> {
    const headers: Record<string, string> = {};
    const t = token === undefined ? this.emu.credentials.adminToken : token;
    if (t !== null) headers["x-emulator-admin-token"] = t;
    if (body !== undefined) headers["content-type"] = "application/json";
    return fetchRes(`${this.emu.url}/__admin${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  close(): Promise<void> {
    return this.emu.close();
  }
}

export async function fetchRes(url: string, init: RequestInit): Promise<Res> {
  const r = await fetch(url, init);
  const text = await r.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: r.status, headers: r.headers, json, text };
}

export function expectError(res: Res, status: number, code: string) {
  const parsed = ErrorBody.safeParse(res.json);
  if (res.status !== status || !parsed.success || parsed.data.error.code !== code) {
    throw new Error(`expected ${status} ${code}, got ${res.status} ${res.text}`);
  }
  expect(parsed.data.error.source).toBe("chat-api");
  expect(typeof parsed.data.error.message).toBe("string");
  return parsed.data.error;
}

/**
 * A request through node:http, which (unlike fetch) lets the test set the Host header (the real host form
 * `<appId>.api-<region>.<host>`) and send a body with any method.
 */
export function rawRequest(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Res> {
  return new Promise((resolve, reject) => {
    // Node sends a DELETE/GET body unframed unless its length is given.
    const length = opts.body === undefined ? {} : { "content-length": String(Buffer.byteLength(opts.body)) };
    const headers = { ...length, ...opts.headers };
    const req = httpRequest(url, { method: opts.method ?? "GET", headers }, (resp) => {
      let text = "";
      resp.setEncoding("utf8");
      resp.on("data", (c: string) => {
        text += c;
      });
      resp.on("end", () => {
        let json: unknown;
        try {
          json = text ? JSON.parse(text) : undefined;
        } catch {
          json = undefined;
        }
        const headers = new Headers();
        for (const [k, v] of Object.entries(resp.headers)) if (typeof v === "string") headers.set(k, v);
        resolve({ status: resp.statusCode ?? 0, headers, json, text });
      });
    });
    req.on("error", reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

export const viaHost = (
  url: string,
  host: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Res> => rawRequest(url, { ...opts, headers: { ...opts.headers, host } });

/** Reads a nested value of an untyped JSON body: `at(res.json, "data", "uid")`. */
export { at } from "../../support/json";
