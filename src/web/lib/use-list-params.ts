import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
// Zod configured as the web validates with it, before a field is read through its schema.
import './validation';

/** What a list may change at once: some of its query's fields; undefined or '' clears one. */
export type ListChange<S extends z.ZodObject> = {
  [K in keyof z.input<S>]?: z.input<S>[K] | null | undefined;
};

type Field = { safeParse: (value: unknown) => { success: boolean; data?: unknown } };

const fieldsOf = (schema: z.ZodObject) => Object.entries(schema.shape as Record<string, Field>);
const nameOf = (key: string, prefix?: string) => (prefix ? `${prefix}.${key}` : key);

/** A field's value from the URL's text; a value its schema refuses falls back to its default. */
function fieldValue(field: Field, raw: string | null): unknown {
  const parsed = field.safeParse(raw ?? undefined);
  if (parsed.success) return parsed.data;
  const fallback = field.safeParse(undefined);
  return fallback.success ? fallback.data : undefined;
}

/** A list's fields as the URL holds them, each read through its schema (or its default). */
export function readListParams<S extends z.ZodObject>(
  schema: S,
  params: URLSearchParams,
  prefix?: string,
): z.output<S> {
  return Object.fromEntries(
    fieldsOf(schema).map(([key, field]) => [
      key,
      fieldValue(field, params.get(nameOf(key, prefix))),
    ]),
  ) as z.output<S>;
}

/**
 * The URL's params after a change to a list: a value at its default, undefined or '' leaves the
 * URL; any change other than the page goes back to the first page. Other params stay.
 */
export function writeListParams<S extends z.ZodObject>(
  schema: S,
  current: URLSearchParams,
  change: ListChange<S>,
  prefix?: string,
): URLSearchParams {
  const fields = Object.fromEntries(fieldsOf(schema));
  const next = new URLSearchParams(current);
  const changes: Record<string, unknown> = { ...change };
  if ('page' in fields && !('page' in changes)) changes.page = undefined;
  for (const [key, value] of Object.entries(changes)) {
    const field = fields[key];
    if (!field) continue;
    const text = value === undefined || value === null ? '' : String(value);
    const fallback = fieldValue(field, null);
    if (text === '' || (fallback !== undefined && text === String(fallback))) {
      next.delete(nameOf(key, prefix));
    } else {
      next.set(nameOf(key, prefix), text);
    }
  }
  return next;
}

/**
 * A list's filter, search, order and page kept in the URL's search params, so a reload, a link
 * and the Back button keep them. Each field is read through its schema (the contract's query
 * schema of the list's endpoint): a hand-edited value the schema refuses falls back to that
 * field's default, so the page never breaks. Values at their default stay out of the URL, so a
 * list at its defaults keeps its plain address. `prefix` names the list's params (`prefix.key`)
 * where two lists share a page.
 *
 * `set` changes some fields; any change other than the page goes back to the first page. It
 * adds a history entry (a filter, an order, a page: Back undoes it) unless `replace` is asked
 * (text typed in a box). The schema is a module constant: it is not meant to change.
 */
export function useListParams<S extends z.ZodObject>(schema: S, prefix?: string) {
  const [params, setParams] = useSearchParams();
  const values = readListParams(schema, params, prefix);
  const set = useCallback(
    (change: ListChange<S>, options: { replace?: boolean } = {}) => {
      setParams((current) => writeListParams(schema, current, change, prefix), {
        replace: options.replace ?? false,
        preventScrollReset: true,
      });
    },
    [setParams, schema, prefix],
  );
  /** A field's text as the URL holds it ('' when absent), for a box that shows what was typed. */
  const raw = (key: keyof z.input<S> & string) => params.get(nameOf(key, prefix)) ?? '';
  return { values, set, raw };
}

/**
 * The text of a search box whose settled value lives elsewhere (the URL): what is typed shows
 * at once, `onSettled` gets the trimmed text once typing pauses for `ms` (at once with 0), and
 * a value changed from outside (Back, a link) replaces what the box shows.
 */
export function useSettledText(value: string, onSettled: (text: string) => void, ms = 300) {
  const [text, setText] = useState(value);
  const [settled, setSettled] = useState(value);
  // The value last seen from outside or last reported: what needs no report.
  const known = useRef(value);
  useEffect(() => {
    if (value === known.current) return;
    known.current = value;
    setText(value);
    setSettled(value);
  }, [value]);
  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === settled) return;
    const timer = setTimeout(() => setSettled(trimmed), ms);
    return () => clearTimeout(timer);
  }, [text, settled, ms]);
  const report = useRef(onSettled);
  report.current = onSettled;
  useEffect(() => {
    if (settled === known.current) return;
    known.current = settled;
    report.current(settled);
  }, [settled]);
  return [text, setText] as const;
}
