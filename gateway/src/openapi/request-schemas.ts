import {
  OBJECT_PATH_PATTERN,
  PERCENTAGE_PATTERN,
  PRICE_PATTERN,
  TERMS_AMOUNT_PATTERN,
} from '@bakery/contracts';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { getMetadataStorage, ValidationTypes } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { targetConstructorToSchema } from 'class-validator-jsonschema';
import type { JsonSchema } from './json-schema';

/**
 * Request schemas are derived from the same class-validator decorators the gateway validates
 * bodies and queries with (libs/contracts), by class-validator-jsonschema: the contracts stay
 * free of any OpenAPI dependency (the web app imports them) and the document cannot drift from
 * the validation. What the decorators cannot say (a custom check's rule) is said by the
 * converters below, and every validator's own message becomes the field's description.
 */

const SCHEMA_PREFIX = '#/components/schemas/';
/** Marks a property whose @IsOptional lets null through as well as absence (class-validator skips both). */
const NULLABLE = 'x-bakery-nullable';

/** The contracts' own checks (ValidateBy names), as JSON Schema. */
const CUSTOM: Record<string, JsonSchema> = {
  isUuid: { type: 'string', format: 'uuid' },
  isCalendarDate: { type: 'string', format: 'date' },
  // a JSON number is accepted too and read as its shortest decimal text
  isPrice: { type: ['string', 'number'], pattern: PRICE_PATTERN.source },
  isProductName: { type: 'string', minLength: 1, maxLength: 200 },
  isCount: { type: 'integer', minimum: 0 },
  isObjectPath: { type: 'string', pattern: OBJECT_PATH_PATTERN.source },
  isPaper: { type: 'string', enum: ['a4', 'letter'] },
  isPercentage: { type: 'string', pattern: PERCENTAGE_PATTERN.source },
  isPriceString: { type: 'string', pattern: PRICE_PATTERN.source },
  isTermsAmount: { type: ['string', 'null'], pattern: TERMS_AMOUNT_PATTERN.source },
  oneEventOrAll: { type: 'string', format: 'uuid' },
};

const OPTIONS: Parameters<typeof targetConstructorToSchema>[1] = {
  refPointerPrefix: SCHEMA_PREFIX,
  classTransformerMetadataStorage: defaultMetadataStorage,
  additionalConverters: {
    ...CUSTOM,
    // the library's Min/Max say "number", which would hide an @IsInt's "integer" once merged
    min: (meta: ValidationMetadata) => ({ minimum: meta.constraints[0] }),
    max: (meta: ValidationMetadata) => ({ maximum: meta.constraints[0] }),
    // a date written YYYY-MM-DD is a date, whichever check says so
    matches: (meta: ValidationMetadata) => {
      const pattern = (meta.constraints[0] as RegExp).source;
      return { type: 'string', pattern, ...(pattern === '^\\d{4}-\\d{2}-\\d{2}$' ? { format: 'date' } : {}) };
    },
    // required-ness is the `required` list; @IsOptional also lets null through
    [ValidationTypes.IS_DEFINED]: {},
    [ValidationTypes.CONDITIONAL_VALIDATION]: (meta: ValidationMetadata) => (meta.name === 'isOptional' ? { [NULLABLE]: true } : {}),
  },
};

/**
 * The JSON Schema of `target` and of every class it nests, by class name. Unknown fields are
 * refused by the gateway's validation pipe, hence `additionalProperties: false`.
 */
export function requestSchemas(targets: Function[]): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  const pending = [...targets];
  while (pending.length > 0) {
    const target = pending.pop()!;
    if (out[target.name]) continue;
    const schema = targetConstructorToSchema(target, OPTIONS) as JsonSchema;
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const metadatas = getMetadataStorage().getTargetValidationMetadatas(target, '', true, false);
    for (const [name, property] of Object.entries(properties)) {
      const own = metadatas.filter((m) => m.propertyName === name);
      properties[name] = describe(nullable(property), name, own);
      for (const child of nestedClasses(target, name, own)) pending.push(child);
    }
    // a check of the contracts' own may accept absence (a terms amount: absent leaves it as it is)
    const required = ((schema.required ?? []) as string[]).filter((name) => !acceptsAbsence(metadatas.filter((m) => m.propertyName === name)));
    const { required: _required, ...rest } = schema;
    out[target.name] = { ...rest, properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false };
  }
  return out;
}

interface Constraint {
  validate(value: unknown, args: unknown): unknown;
  defaultMessage?(args: unknown): string;
}

function constraintOf(meta: ValidationMetadata): Constraint | null {
  return typeof meta.constraintCls === 'function' ? (new (meta.constraintCls as new () => Constraint)() as Constraint) : null;
}

function argsOf(meta: ValidationMetadata, value: unknown) {
  return { value, constraints: meta.constraints ?? [], targetName: meta.target instanceof Function ? meta.target.name : '', object: {}, property: meta.propertyName };
}

/** Whether every check of a property lets an absent value through (then it is not required). */
function acceptsAbsence(metadatas: ValidationMetadata[]): boolean {
  const checks = metadatas.filter((m) => m.type !== ValidationTypes.WHITELIST);
  return (
    checks.length > 0 &&
    checks.every((meta) => {
      const constraint = constraintOf(meta);
      return constraint !== null && constraint.validate(undefined, argsOf(meta, undefined)) === true;
    })
  );
}

/** Values the contracts' own checks are asked about, for the messages they refuse them with. */
const PROBES: unknown[] = [undefined, 'x', -1, 0, '0', 1e12, '1000000000000'];

/**
 * A property's validation messages, in the order the checks run: they state the rule in words.
 * A check of the contracts' own (CUSTOM) that names no message is asked what it answers wrong values.
 */
function describe(schema: JsonSchema, property: string, metadatas: ValidationMetadata[]): JsonSchema {
  const messages: string[] = [];
  for (const meta of metadatas) {
    if (meta.type === ValidationTypes.NESTED_VALIDATION) continue;
    if (typeof meta.message === 'string') messages.push(meta.message);
    else if (meta.message === undefined && meta.name && meta.name in CUSTOM) messages.push(...probedMessages(meta));
  }
  const text = [...new Set(messages.map((m) => m.replace(/\$property/g, property)).filter((m) => m.length > 0 && !m.includes('$')))];
  return text.length > 0 ? { ...schema, description: text.join('. ') } : schema;
}

function probedMessages(meta: ValidationMetadata): string[] {
  const constraint = constraintOf(meta);
  if (!constraint?.defaultMessage) return [];
  const out: string[] = [];
  for (const value of PROBES) {
    try {
      if (constraint.validate(value, argsOf(meta, value)) === true) continue;
      out.push(constraint.defaultMessage(argsOf(meta, value)));
    } catch {
      // a check that cannot judge this probe says nothing about it
    }
  }
  return out;
}

function nullable(schema: JsonSchema): JsonSchema {
  if (!schema[NULLABLE]) return schema;
  const { [NULLABLE]: _marker, ...rest } = schema;
  if (typeof rest.type === 'string') return { ...rest, type: [rest.type, 'null'] };
  if (Array.isArray(rest.type)) return rest.type.includes('null') ? rest : { ...rest, type: [...rest.type, 'null'] };
  return { anyOf: [rest, { type: 'null' }] };
}

/** Classes a property validates nested (@ValidateNested with class-transformer's @Type). */
function nestedClasses(target: Function, property: string, metadatas: ValidationMetadata[]): Function[] {
  if (!metadatas.some((m) => m.type === ValidationTypes.NESTED_VALIDATION)) return [];
  const type = defaultMetadataStorage.findTypeMetadata(target, property);
  const child = type?.typeFunction() as Function | undefined;
  return typeof child === 'function' && ![String, Number, Boolean, Object].includes(child as never) ? [child] : [];
}

/**
 * The query parameters a @Query() class describes: one per property, `in: query`. Arrays are
 * comma lists or the parameter repeated (both are read); null never arrives in a query.
 */
export function queryParameters(target: Function): JsonSchema[] {
  const schema = requestSchemas([target])[target.name];
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(schema.properties as Record<string, JsonSchema>).map(([name, property]) => {
    const { description, ...rest } = withoutNull(property);
    return {
      name,
      in: 'query',
      required: required.has(name),
      ...(description ? { description } : {}),
      schema: rest,
      ...(rest.type === 'array' ? { style: 'form', explode: false } : {}),
    };
  });
}

function withoutNull(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((t) => t !== 'null');
    return { ...schema, type: types.length === 1 ? types[0] : types };
  }
  if (Array.isArray(schema.anyOf) && schema.anyOf.length === 2) {
    const [first, second] = schema.anyOf as JsonSchema[];
    if (second.type === 'null') return { ...first, ...(schema.description ? { description: schema.description } : {}) };
  }
  return schema;
}
