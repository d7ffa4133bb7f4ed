import { type AnySchema, build as buildSerializer } from 'fast-json-stringify';
import type { FastifyBaseLogger } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serializer = (data: unknown) => string;
/** What Fastify hands a serializer compiler: a route's response schema and where it serves. */
type RouteSchema = Parameters<typeof zodSerializerCompiler>[0];

/**
 * Why a schema cannot be serialised by a compiled serializer byte for byte as zod + JSON.stringify
 * would: the first zod feature met that JSON Schema does not carry, or that changes the value
 * (a transform, a default, a trim) rather than only checking it. Null when it can.
 */
export function notCompilable(schema: z.ZodType): string | null {
  // Checks that rewrite the value (`.trim()`, `.toLowerCase()`, `.overwrite()`) run when zod
  // serialises; refinements and bounds only check, which the test suite does with zod.
  const checks = schema._zod.def.checks ?? [];
  if (checks.some((check) => check._zod.def.check === 'overwrite'))
    return 'a value-rewriting check';
  if (schema instanceof z.ZodString || schema instanceof z.ZodNumber) return null;
  if (schema instanceof z.ZodBoolean || schema instanceof z.ZodNull) return null;
  if (schema instanceof z.ZodEnum || schema instanceof z.ZodLiteral) {
    // Mixed kinds give no single JSON type to write them as.
    const values = schema instanceof z.ZodEnum ? schema.options : [...schema.values];
    const kinds = new Set(values.map((value) => typeof value));
    return kinds.size === 1 && ['string', 'number', 'boolean'].includes([...kinds][0] ?? '')
      ? null
      : 'an enum or literal of mixed or non-JSON values';
  }
  if (schema instanceof z.ZodNullable || schema instanceof z.ZodOptional) {
    return notCompilable(schema.unwrap() as z.ZodType);
  }
  if (schema instanceof z.ZodArray) return notCompilable(schema.element as z.ZodType);
  if (schema instanceof z.ZodObject) {
    // Only zod's default (strip unknown keys), which `additionalProperties: false` matches.
    if (schema._zod.def.catchall !== undefined) return 'an object with a catchall';
    for (const field of Object.values(schema.shape)) {
      // Any JSON as a field's value (the audit log's before and after) is written by
      // JSON.stringify in both serializers; both refuse it absent (zod 4 makes it required).
      if (field instanceof z.ZodUnknown || field instanceof z.ZodAny) continue;
      const reason = notCompilable(field as z.ZodType);
      if (reason) return reason;
    }
    return null;
  }
  return `a ${schema._zod.def.type} schema`;
}

/**
 * The compiled serializer of a response schema: fast-json-stringify from the schema's JSON
 * Schema. The OpenAPI 3.0 form is asked for because it writes `.nullable()` as the `nullable`
 * keyword, which fast-json-stringify reads as a plain null check; the draft-2020-12 form's
 * `anyOf` would make it validate every value with Ajv to pick a branch. Call only on a schema
 * `notCompilable` accepts: for it, the output is that of JSON.stringify of zod's own output
 * (keys in the schema's order, unknown keys dropped, absent optional keys left out) for every
 * answer zod accepts.
 */
export function compileSerializer(schema: z.ZodType): Serializer {
  const jsonSchema = z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io: 'output',
    unrepresentable: 'throw',
    cycles: 'throw',
    // fast-json-stringify writes an object's required keys before its optional ones; zod keeps
    // the schema's order. Where an optional key comes before a required one, the keys are all
    // left optional so the order stays (a missing one is then left out rather than refused,
    // which only zod's check in the tests would catch).
    override: ({ jsonSchema }) => {
      const { properties, required } = jsonSchema;
      if (!properties || !required) return;
      const keys = Object.keys(properties);
      const firstOptional = keys.findIndex((key) => !required.includes(key));
      if (firstOptional !== -1 && keys.slice(firstOptional).some((key) => required.includes(key))) {
        delete jsonSchema.required;
      }
    },
  });
  // The same JSON Schema, typed by zod's declarations and read by fast-json-stringify's.
  return buildSerializer(jsonSchema as AnySchema);
}

/** Which routes serialise their answers with zod in production, and why. */
export type SerializerReport = { compiled: number; zod: { route: string; reason: string }[] };

/**
 * Fastify's serializer compiler for response schemas. `checkWithZod` (tests, development):
 * every answer is checked against its zod schema before it is sent, so the whole suite enforces
 * the contract. Otherwise (production) answers are written by a compiled serializer built from
 * the same schema on the route's first answer (not at start-up, which stays fast), and the
 * schemas it cannot serve byte for byte keep zod's serializer, listed in the report.
 */
export function responseSerializers(options: { checkWithZod: boolean }): {
  compiler: typeof zodSerializerCompiler;
  report: SerializerReport;
} {
  const report: SerializerReport = { compiled: 0, zod: [] };
  const compiler: typeof zodSerializerCompiler = (route: RouteSchema) => {
    const zodSerializer = zodSerializerCompiler(route);
    if (options.checkWithZod || !(route.schema instanceof z.ZodType)) return zodSerializer;
    // Fastify adds a HEAD route beside every GET, with the same schema: counted once.
    const counted = route.method !== 'HEAD';
    const reason = notCompilable(route.schema);
    if (reason) {
      if (counted) report.zod.push({ route: `${route.method} ${route.url}`, reason });
      return zodSerializer;
    }
    if (counted) report.compiled++;
    const schema = route.schema;
    let compiled: Serializer | null = null;
    return (data) => {
      compiled ??= compileSerializer(schema);
      return compiled(data);
    };
  };
  return { compiler, report };
}

/** One line at start-up naming the routes whose answers zod still serialises in production. */
export function logSerializerReport(log: FastifyBaseLogger, report: SerializerReport): void {
  if (report.compiled === 0 && report.zod.length === 0) return;
  log.info(
    { compiled: report.compiled, zod: report.zod.length, zodRoutes: report.zod },
    'response serializers',
  );
}
