// A folder served read-only over HTTP on loopback, standing in for a registry (PyPI's simple index, a Go
// module proxy, a Maven repository, a GitHub release): a folder's index.html answers for it, anything else
// missing is a 404. It records every path asked for, so that a test can show a client came through it.
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join, normalize } from "node:path";

export interface StaticServer {
  url: string;
  /** Every path requested so far (with query strings dropped), in order. */
  readonly requested: string[];
  close(): Promise<void>;
}

export async function serveFolder(root: string): Promise<StaticServer> {
  const requested: string[] = [];
  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? "/").split("?")[0] ?? "/");
    requested.push(path);
    let file = join(root, normalize(path));
    if (!file.startsWith(root) || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, "index.html");
    if (!existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    const type = file.endsWith(".html")
      ? "text/html"
      : file.endsWith(".json") || file.endsWith(".info")
        ? "application/json"
        : "application/octet-stream";
    res.writeHead(200, { "content-type": type, "content-length": statSync(file).size });
    if (req.method === "HEAD") res.end();
    else createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requested,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
