import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { notificationEndpoints } from '#contract/notifications';
import { referralEndpoints } from '#contract/referrals';
import { activeBroker, cleanUp, freePort, startServer } from './test-support/server-process.js';

// The real server process starts and stops like a service.
afterAll(cleanUp);

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'shareek-lifecycle-'));

/** Runs a source entry (src/server/main.ts or migrate.ts) to its end; its exit code and output. */
function run(
  entry: string,
  env: Record<string, string>,
  onOutput?: (output: string, child: ChildProcess) => void,
): Promise<{ code: number | null; output: string }> {
  const { NODE_ENV: _vitestSetsThis, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', entry], {
    env: { ...inherited, NODE_ENV: 'development', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    onOutput?.(output, child);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

/** Reads a live stream to its end; what it carried. */
async function readToEnd(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no stream');
  const decoder = new TextDecoder();
  let text = '';
  while (true) {
    const { value, done } = await reader.read();
    if (done) return text;
    text += decoder.decode(value);
  }
}

/** The JSON lines of a process's output (every line it wrote must be one). */
const jsonLines = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as { level: number; msg: string });

describe('start and stop like a service', () => {
  it('on SIGTERM: not ready at once, still serving through the drain, live streams told to come back, gone well inside 10 s', async () => {
    const server = await startServer({ DATA_DIR: dataDir(), SHUTDOWN_DRAIN_SECONDS: '2' });
    const broker = await activeBroker(server.base);
    const stream = await broker.call(notificationEndpoints.stream);
    expect(stream.status).toBe(200);
    const streamed = readToEnd(stream);

    const exited = new Promise<number>((resolve) =>
      server.child.once('exit', () => resolve(Date.now())),
    );
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));

    const ready = await fetch(`${server.base}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'draining' });
    // Everything else is still answered while the load balancer catches up.
    expect((await broker.call(referralEndpoints.metrics)).status).toBe(200);

    // The stream ends with a short retry hint, not at the supervisor's SIGKILL.
    const text = await streamed;
    expect(text.endsWith('retry: 2000\n\n')).toBe(true);
    const stoppedAfter = (await exited) - signalled;
    expect(stoppedAfter).toBeGreaterThanOrEqual(2000);
    expect(stoppedAfter).toBeLessThan(10_000);
  });

  it('on SIGTERM a request in flight finishes: a referral whose body is still arriving is created', async () => {
    const server = await startServer({ DATA_DIR: dataDir(), SHUTDOWN_DRAIN_SECONDS: '0' });
    const broker = await activeBroker(server.base);
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve));
    const body = JSON.stringify({ tenantPhone: '0551112233', rent: 60000 });
    const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(
        `${server.base}/api/referrals`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
            cookie: broker.cookieHeader,
          },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => {
            text += chunk.toString();
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        },
      );
      request.on('error', reject);
      // Half the body, the stop, then the rest a second later: the request is under way.
      request.write(body.slice(0, 10));
      setTimeout(() => server.child.kill('SIGTERM'), 200);
      setTimeout(() => request.end(body.slice(10)), 1200);
    });
    const { status, text } = await answered;
    expect(status, text).toBe(201);
    expect(await exited).toBe(0);
  });

  it('while it waits for the database it is alive and not ready, and gives up in JSON after DATABASE_WAIT_SECONDS', async () => {
    // A database that accepts connections and never answers.
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port: dbPort } = silent.address() as net.AddressInfo;
    const port = await freePort();

    let probed: Promise<[number, number]> | null = null;
    const result = await run(
      'src/server/main.ts',
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `postgres://shareek@127.0.0.1:${dbPort}/shareek`,
        DATABASE_WAIT_SECONDS: '4',
      },
      (output) => {
        if (probed || !output.includes('waiting for the database')) return;
        probed = Promise.all([
          fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.status),
          fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.status),
        ]);
      },
    );
    silent.close();
    expect(await probed).toEqual([200, 503]);
    expect(result.code).toBe(1);
    const lines = jsonLines(result.output);
    expect(lines.at(-1)?.level).toBe(60);
    expect(lines.at(-1)?.msg).toContain('DATABASE_WAIT_SECONDS');
  });

  it.each([
    ['the server', 'src/server/main.ts', 0, 'stopped before serving'],
    ['npm run migrate', 'src/server/migrate.ts', 1, 'migration stopped by a signal'],
  ])(
    '%s stops on SIGTERM while it waits for the database (as PID 1 an unhandled signal is ignored)',
    async (_, entry, exitCode, said) => {
      const silent = net.createServer(() => {});
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const { port: dbPort } = silent.address() as net.AddressInfo;
      let signalledAt = 0;
      const result = await run(
        entry,
        {
          PORT: String(await freePort()),
          HOST: '127.0.0.1',
          DATABASE_URL: `postgres://shareek@127.0.0.1:${dbPort}/shareek`,
          DATABASE_WAIT_SECONDS: '60',
        },
        (output, child) => {
          if (signalledAt || !output.includes('waiting for the database')) return;
          signalledAt = Date.now();
          child.kill('SIGTERM');
        },
      );
      silent.close();
      expect(Date.now() - signalledAt).toBeLessThan(3_000);
      expect(result.code).toBe(exitCode);
      expect(jsonLines(result.output).at(-1)?.msg).toBe(said);
    },
  );

  it('with MIGRATE_ON_START=false it refuses a database behind the release, and starts once `npm run migrate` has run', async () => {
    const folder = dataDir();
    const env = { DATA_DIR: folder, MIGRATE_ON_START: 'false', PORT: '0' };
    const refused = await run('src/server/main.ts', env);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('npm run migrate');
    expect(refused.output).toContain('0000_init');

    const migrated = await run('src/server/migrate.ts', { DATA_DIR: folder });
    expect(migrated.code).toBe(0);
    const applied = jsonLines(migrated.output).find((line) => line.msg === 'migrations applied');
    expect(applied).toMatchObject({ applied: expect.arrayContaining(['0000_init']) });

    const server = await startServer({ DATA_DIR: folder, MIGRATE_ON_START: 'false' });
    expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
  });
});
