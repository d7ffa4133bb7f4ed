import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isDiskFull, isStatementTimeout } from './errors.js';

// Which failures are "try again in a moment" (503) and which a full
// disk (507), however deep the driver or Drizzle wrapped them.
const wrapped = (cause: unknown) => new Error('Failed query: insert …', { cause });
const pgError = (code: string, message = 'error') => Object.assign(new Error(message), { code });

describe('database errors', () => {
  it.each([
    [
      'a statement cancelled by its timeout',
      pgError('57014', 'canceling statement due to statement timeout'),
    ],
    ['a statement past the client deadline', new Error('Query read timeout')],
    ['a connection closed by that deadline', new Error('Client was closed and is not queryable')],
    [
      'a wait for a connection past its deadline',
      new Error('timeout exceeded when trying to connect'),
    ],
  ])('%s is the database being unavailable', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
    expect(isDiskFull(error)).toBe(false);
  });

  it.each([
    ["PostgreSQL's disk_full", pgError('53100', 'could not extend file "base/16384/2619"')],
    ['the file store out of space', Object.assign(new Error('write failed'), { code: 'ENOSPC' })],
    ['a message that says so', new Error('could not write: No space left on device')],
  ])('%s is a full disk', (_, error) => {
    expect(isDiskFull(error)).toBe(true);
    expect(isDiskFull(wrapped(wrapped(error)))).toBe(true);
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('a statement out of time is told apart from a database that is away (it is reported)', () => {
    expect(isStatementTimeout(wrapped(pgError('57014')))).toBe(true);
    expect(isStatementTimeout(new Error('Query read timeout'))).toBe(true);
    expect(isStatementTimeout(pgError('ECONNREFUSED'))).toBe(false);
    expect(isStatementTimeout(new Error('Connection terminated unexpectedly'))).toBe(false);
  });

  it('a unique violation or a syntax error is neither', () => {
    for (const error of [pgError('23505'), pgError('42601')]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
      expect(isDiskFull(error)).toBe(false);
    }
  });
});
