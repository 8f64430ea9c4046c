import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

type Answer = { status?: number; data?: unknown; raw?: Buffer };

/** A scripted stand-in for the server's judge protocol: records calls, answers from handlers. */
export interface FakeServer {
  url: string;
  calls: { path: string; body: unknown }[];
  handlers: Record<
    string,
    // biome-ignore lint/suspicious/noExplicitAny: handlers read JSON bodies field by field
    (body: any) => Answer | Promise<Answer>
  >;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const s = Buffer.concat(chunks).toString();
  return s ? JSON.parse(s) : null;
}

/** Starts the fake server on 127.0.0.1 (port 0 = any free port). */
export async function startFakeServer(port = 0): Promise<FakeServer> {
  const fake: FakeServer = {
    url: '',
    calls: [],
    handlers: {
      register: (b) => ({ data: { judgehostId: b.judgehostId } }),
      heartbeat: () => ({ data: { ok: true } }),
      lease: () => ({ data: { task: null } }),
      progress: () => ({ data: { accepted: true } }),
      result: () => ({ data: { accepted: true } }),
      release: (b) => ({ data: { released: b.jobIds.length } }),
    },
    close: async () => {},
  };
  const server: Server = createServer(async (req, res) => {
    const path = (req.url ?? '').replace(/^\/api\/judge\//, '');
    const body = await readBody(req);
    fake.calls.push({ path, body });
    if (req.headers['x-judge-token'] !== 'tok') {
      res
        .writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify({ status: 401, msg: 'bad token' }));
      return;
    }
    const key = path.startsWith('blob/') ? 'blob' : path;
    const h = fake.handlers[key];
    const out = h ? await h(key === 'blob' ? path.slice(5) : body) : { status: 404, data: null };
    if (out.raw) {
      res.writeHead(out.status ?? 200, { 'content-type': 'application/octet-stream' }).end(out.raw);
      return;
    }
    const status = out.status ?? 200;
    res
      .writeHead(status, { 'content-type': 'application/json' })
      .end(JSON.stringify({ status, msg: status === 200 ? 'success' : 'error', data: out.data ?? null }));
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return fake;
}
