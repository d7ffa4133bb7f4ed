/**
 * What must leave the process before it exits on purpose (the end of a shutdown, a crash): the
 * error reports and the spans still on their way. A process-wide list, since tracing starts
 * before the application exists (src/server/main.ts).
 */
const flushes: ((timeoutMs: number) => Promise<unknown>)[] = [];

export function flushBeforeExit(flush: (timeoutMs: number) => Promise<unknown>): void {
  flushes.push(flush);
}

/** Runs every flush at once, each bounded by `timeoutMs`. */
export async function flushAll(timeoutMs: number): Promise<void> {
  await Promise.allSettled(flushes.map((flush) => flush(timeoutMs)));
}
