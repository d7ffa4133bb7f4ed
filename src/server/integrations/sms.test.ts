import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConsoleSmsSender } from './sms.js';

/** A logger writing JSON lines to memory, as the server's own does to stdout. */
function memoryLogger() {
  const stream = new PassThrough();
  const lines: string[] = [];
  stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  const app = Fastify({ logger: { level: 'info', stream } });
  return { log: app.log, lines, flush: () => new Promise((resolve) => setImmediate(resolve)) };
}

const tenantLink = {
  to: '0551234567',
  body: 'أكمل بياناتك عبر الرابط: https://example.sa/s/Secret123Code',
  purpose: 'tenant_link' as const,
  messageId: '5c2f3f5e-8a3a-4d4e-9a55-3b2f1b0e7c11',
};

describe('SMS texts never reach a production log', () => {
  it('outside development the log says who, why and which message, never the text', async () => {
    const { log, lines, flush } = memoryLogger();
    const sender = new ConsoleSmsSender(log, false);
    await sender.send(tenantLink);
    await sender.send({ to: '0551234567', body: 'رمز التحقق: 4821', purpose: 'otp' });
    await flush();
    expect(lines).toHaveLength(2);
    const joined = lines.join('\n');
    expect(joined).not.toContain('Secret123Code');
    expect(joined).not.toContain('4821');
    expect(joined).not.toContain('أكمل بياناتك');
    const first = JSON.parse(lines[0] ?? '{}');
    expect(first).toMatchObject({
      to: '0551234567',
      purpose: 'tenant_link',
      messageId: tenantLink.messageId,
    });
  });

  it('in development on loopback the text is logged, so a developer can follow the link', async () => {
    const { log, lines, flush } = memoryLogger();
    await new ConsoleSmsSender(log, true).send(tenantLink);
    await flush();
    expect(lines.join('\n')).toContain('Secret123Code');
  });
});

describe('the console sender', () => {
  it('passes its connection test, saying where messages go', async () => {
    const { log } = memoryLogger();
    const sender = new ConsoleSmsSender(log, false);
    await expect(sender.testConnection()).resolves.toEqual({
      detail: 'وحدة التطوير: الرسائل تُكتب في سجل الخادم ولا تُرسل',
    });
    expect('lookup' in sender).toBe(false);
  });
});
