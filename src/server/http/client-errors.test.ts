import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedTestApp } from '../test-support/shared-test-app.js';

// What Node's HTTP parser refuses, before any route, answered in the product's
// shape and language — over a real socket, since no HTTP client sends such bytes (raw bytes,
// so raw URLs: no endpoint call can write them).
let port = 0;
const t = sharedTestApp();
beforeAll(async () => {
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(base).port);
});

/** Writes `bytes` on a new connection; answers everything the server wrote until it closed. */
function raw(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.write(bytes);
  });
}

function parse(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe("Node's parser refusals in the product's shape", () => {
  const malformed: [string, string][] = [
    [
      'both Content-Length and Transfer-Encoding',
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ],
    [
      'two different Content-Lengths',
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!',
    ],
    ['garbage instead of a request line', '\x16\x03\x01\x02\x00garbage\r\n\r\n'],
    ['a space inside a header name', 'GET / HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n'],
  ];

  it.each(malformed)('%s: 400 in Arabic, JSON, the connection closed', async (_, bytes) => {
    const { status, headers, body } = parse(await raw(bytes));
    expect(status).toBe(400);
    expect(headers['content-type']).toBe('application/json; charset=utf-8');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers.connection).toBe('close');
    expect(JSON.parse(body)).toEqual({
      message: 'البيانات المرسلة غير صالحة',
      code: 'BAD_REQUEST',
    });
    expect(Number(headers['content-length'])).toBe(Buffer.byteLength(body));
  });

  it('headers over the limit: 431 in Arabic', async () => {
    const { status, body } = parse(
      await raw(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
    );
    expect(status).toBe(431);
    expect(JSON.parse(body)).toEqual({
      message: 'ترويسات الطلب أكبر من المسموح',
      code: 'HEADERS_TOO_LARGE',
    });
  });

  it('the server goes on serving well-formed requests', async () => {
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });
});
