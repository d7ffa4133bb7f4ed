import type { Socket } from 'node:net';

/** The refusals Node's HTTP parser makes before any route sees the request. */
const REFUSALS = {
  timeout: {
    status: '408 Request Timeout',
    code: 'REQUEST_TIMEOUT',
    message: 'انتهت مهلة الطلب، يرجى المحاولة مرة أخرى',
  },
  headers: {
    status: '431 Request Header Fields Too Large',
    code: 'HEADERS_TOO_LARGE',
    message: 'ترويسات الطلب أكبر من المسموح',
  },
  malformed: {
    status: '400 Bad Request',
    code: 'BAD_REQUEST',
    message: 'البيانات المرسلة غير صالحة',
  },
} as const;

/**
 * Fastify's `clientErrorHandler`: a request Node's parser refuses (conflicting length headers,
 * garbage bytes, headers over the limit, a client too slow to send them) has no request or
 * reply object, so the answer is written to the socket itself, as Node's documentation of the
 * server's 'clientError' event says (https://nodejs.org/api/http.html#event-clienterror) — in
 * the product's error shape and language instead of Node's or Fastify's English, with the
 * headers every JSON answer carries, and the connection closed: after a framing error nothing
 * more on it can be trusted.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  // A client that went away, or a socket already answered: nothing to write to.
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const refusal =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? REFUSALS.timeout
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? REFUSALS.headers
        : REFUSALS.malformed;
  const body = JSON.stringify({ message: refusal.message, code: refusal.code });
  socket.end(
    [
      `HTTP/1.1 ${refusal.status}`,
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(body)}`,
      "content-security-policy: default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options: nosniff',
      'cache-control: no-store',
      'connection: close',
      '',
      body,
    ].join('\r\n'),
  );
}
