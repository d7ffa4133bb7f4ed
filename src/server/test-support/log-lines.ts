import { Writable } from 'node:stream';

/** Every log line an app writes, as parsed JSON, for the tests that read the logs. */
export class LogLines extends Writable {
  readonly lines: Record<string, unknown>[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim()) this.lines.push(JSON.parse(line));
    }
    done();
  }
  get text(): string {
    return this.lines.map((line) => JSON.stringify(line)).join('\n');
  }
}
