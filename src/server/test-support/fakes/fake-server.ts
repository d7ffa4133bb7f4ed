/**
 * A plain HTTP server on 127.0.0.1 for the providers' fakes: each fake turns a request into a
 * reply, and the helper sends it, leaves it hanging or cuts the connection.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type FakeRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  text: string;
};

export type FakeReply =
  | { status: number; json?: unknown; text?: string; headers?: Record<string, string> }
  /** Never answer: the request stays open until the server closes. */
  | 'hang'
  /** Destroy the connection without an answer. */
  | 'close';

/** Failures every fake imitates, for one number (`failFor`) or every request (`down`). */
export type CommonFailure = 'server500' | 'malformed' | 'hang' | 'close';

export type FakeServer = { url: string; close(): Promise<void> };

export function commonFailureReply(failure: CommonFailure): FakeReply {
  switch (failure) {
    case 'server500':
      return {
        status: 500,
        text: 'Internal Server Error',
        headers: { 'content-type': 'text/plain' },
      };
    case 'malformed':
      return {
        status: 200,
        text: '{"success": tru',
        headers: { 'content-type': 'application/json' },
      };
    case 'hang':
    case 'close':
      return failure;
  }
}

export async function startFakeServer(
  handle: (request: FakeRequest) => FakeReply | Promise<FakeReply>,
  /** 0: any free port (tests); a fixed one for the browser journeys' server to be told. */
  port = 0,
): Promise<FakeServer> {
  const sockets = new Set<Socket>();
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const reply = await handle({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      text: Buffer.concat(chunks).toString('utf8'),
    });
    if (reply === 'hang') return;
    if (reply === 'close') {
      req.socket.destroy();
      return;
    }
    const body = reply.json === undefined ? (reply.text ?? '') : JSON.stringify(reply.json);
    res.writeHead(reply.status, {
      ...(reply.json === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }),
      ...reply.headers,
    });
    res.end(body);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const listening = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${listening}`,
    close: () =>
      new Promise<void>((resolve) => {
        // Hanging requests and kept-alive connections would otherwise keep the server open.
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** What every provider's fake is: its server, and a failure every request meets while set. */
export type FakeProvider = FakeServer & {
  /** Applies to every request when set. */
  down: CommonFailure | null;
};

/**
 * A provider's fake: its server answering with `handle`, up (`down` null), and the fake's own
 * `state`. `handle` reads the fake this resolves with, once requests come.
 */
export async function startFakeProvider<F extends FakeProvider>(
  handle: (request: FakeRequest) => FakeReply | Promise<FakeReply>,
  state: Omit<F, keyof FakeProvider>,
  port = 0,
): Promise<F> {
  const server = await startFakeServer(handle, port);
  return { ...server, down: null, ...state } as F;
}

/** `Bearer <token>` → the token; null when absent or another scheme. */
export function bearerToken(headers: IncomingHttpHeaders): string | null {
  const match = /^Bearer (.+)$/.exec(headers.authorization ?? '');
  return match?.[1] ?? null;
}

/** Parses a JSON request body; undefined when it is not JSON. */
export function jsonBody(request: FakeRequest): unknown {
  try {
    return JSON.parse(request.text);
  } catch {
    return undefined;
  }
}
