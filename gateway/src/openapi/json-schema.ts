/**
 * JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) as plain objects, and the few builders
 * the documented answers are written with.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a schema is any JSON value by keyword
export type JsonSchema = { [keyword: string]: any };

export const SCHEMA_REF = '#/components/schemas/';

export const ref = (name: string): JsonSchema => ({ $ref: `${SCHEMA_REF}${name}` });

export const string = (extra: JsonSchema = {}): JsonSchema => ({ type: 'string', ...extra });
export const integer = (extra: JsonSchema = {}): JsonSchema => ({ type: 'integer', ...extra });
export const boolean = (extra: JsonSchema = {}): JsonSchema => ({ type: 'boolean', ...extra });
export const arrayOf = (items: JsonSchema, extra: JsonSchema = {}): JsonSchema => ({ type: 'array', items, ...extra });
export const oneOfValues = (values: readonly (string | number | boolean)[], extra: JsonSchema = {}): JsonSchema => ({ enum: [...values], ...extra });

export const uuid = (extra: JsonSchema = {}): JsonSchema => string({ format: 'uuid', ...extra });
export const date = (extra: JsonSchema = {}): JsonSchema => string({ format: 'date', ...extra });
export const dateTime = (extra: JsonSchema = {}): JsonSchema => string({ format: 'date-time', ...extra });
/** Money on the wire: an exact decimal string with two places ("4.50"; credit notes negative). */
export const money = (extra: JsonSchema = {}): JsonSchema => string({ pattern: '^-?\\d+\\.\\d{2}$', examples: ['4.50'], ...extra });

/** The schema, or null. */
export function nullable(schema: JsonSchema): JsonSchema {
  if (typeof schema.type === 'string' && !schema.$ref) return { ...schema, type: [schema.type, 'null'] };
  if (Array.isArray(schema.enum)) return { ...schema, enum: [...schema.enum, null] };
  return { anyOf: [schema, { type: 'null' }] };
}

/**
 * An object schema whose properties name every field of `T` (the compiler refuses one missing or
 * one too many), so an answer's interface in @bakery/contracts and its documented schema change
 * together. Every field is required unless named in `optional`.
 */
export function objectOf<T>(
  properties: { [K in keyof T]-?: JsonSchema },
  options: { optional?: (keyof T & string)[]; description?: string } = {},
): JsonSchema {
  const optional = new Set<string>(options.optional ?? []);
  const required = Object.keys(properties).filter((name) => !optional.has(name));
  return {
    type: 'object',
    ...(options.description ? { description: options.description } : {}),
    properties,
    ...(required.length > 0 ? { required } : {}),
  };
}
