import type { FastifyInstance } from 'fastify';
import { hasControlCharacters, INVALID_CHARACTERS_MESSAGE } from '#domain';
import { AppError } from '../errors.js';

/**
 * True when a string anywhere in the value (object keys included) holds a control character.
 * `multiline` lets string values keep tab and line breaks; keys never may. Walked with an
 * explicit stack: a 64 kB body of nested arrays is thousands of levels deep.
 */
function holdsControlCharacters(value: unknown, multiline: boolean): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'string') {
      if (hasControlCharacters(current, { multiline })) return true;
    } else if (Array.isArray(current)) {
      for (const item of current) pending.push(item);
    } else if (isPlainObject(current)) {
      for (const [key, item] of Object.entries(current)) {
        if (hasControlCharacters(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/**
 * Parsed JSON, query and path-parameter objects only; buffers and streams are not text to
 * inspect. The query and path parsers build their objects from a constructor whose prototype
 * has no prototype itself (a faster Object.create(null)), hence the last case.
 */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return (
    prototype === Object.prototype ||
    prototype === null ||
    Object.getPrototypeOf(prototype) === null
  );
}

/**
 * Refuses, on every route, a path parameter, query value or JSON body string holding a NUL or
 * another control character: PostgreSQL answers NUL in text with an error (a 500), and the
 * others have no place in anything a person types. Must be registered after the session hook,
 * so a caller without the right still gets 401/403 first. Multipart bodies are not parsed yet
 * at this point; the upload route checks its own fields.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (
      holdsControlCharacters(request.params, false) ||
      holdsControlCharacters(request.query, false) ||
      holdsControlCharacters(request.body, true)
    ) {
      done(new AppError(400, 'INVALID_CHARACTERS', INVALID_CHARACTERS_MESSAGE));
      return;
    }
    done();
  });
}
