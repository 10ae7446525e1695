/** A scripted loopback HTTP server for the API client's fault handling (5xx, hangs) the real server does not produce on demand. */
import { createServer, type IncomingMessage, type Server } from "node:http";

export interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

export type Responder = (req: Seen) => { status: number; body?: unknown; headers?: Record<string, string> } | "hang";

export async function startTestServer(respond: Responder): Promise<{ base: string; seen: Seen[]; close: () => Promise<void>; server: Server }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const s = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body };
      seen.push(s);
      const out = respond(s);
      if (out === "hang") return;
      res.writeHead(out.status, { "content-type": "application/json", ...out.headers });
      res.end(out.body === undefined ? "" : JSON.stringify(out.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  return {
    base: `http://127.0.0.1:${port}/api`,
    seen,
    server,
    close: () => new Promise((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}
