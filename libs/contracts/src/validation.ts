import { Transform } from 'class-transformer';
import { buildMessage, IsString, MaxLength, ValidateBy, type ValidationOptions } from 'class-validator';
import { isCalendarDate } from './calendar';
import { UUID_PATTERN } from './constants';
import { normalizeEmail } from './email';

export { UUID_PATTERN, UUID_SOURCE } from './constants';

// Validation reports one message per field (stopAtFirstError), and class-validator checks a
// property's decorators from the bottom up: so DTOs list the type check last, limits above it.

/** Trims a string; an empty string becomes undefined, so optional fields left blank count as absent. */
export function TrimToUndefined(): PropertyDecorator {
  return Transform(({ value }) => {
    if (typeof value !== 'string') return value;
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  });
}

/** Trims a string, keeping it (even empty), for required text whose message says "is required". */
export function Trim(): PropertyDecorator {
  return Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
}

/**
 * Emails take their canonical form (`normalizeEmail`) before validation, in every DTO that takes
 * one, so registration and sign-in agree. An address it refuses becomes null, which the email
 * validators below it answer with the field's usual message.
 */
export function NormalizeEmail(): PropertyDecorator {
  return Transform(({ value }) => (typeof value === 'string' ? normalizeEmail(value) : value));
}

/** Ids are uuids (UUID_PATTERN, ./constants): anything else cannot name a row. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

/** An id field: a uuid (isUuid). `{ each: true }` for a list of ids. */
export function IsUuid(validationOptions?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isUuid',
      validator: {
        validate: (value) => isUuid(value),
        defaultMessage: buildMessage((each) => `${each}$property must be a uuid`, validationOptions),
      },
    },
    validationOptions,
  );
}

/** The client address the gateway saw (`req.ip`, or "unknown"): the key of a per-address limit. */
export function IsClientAddress(): PropertyDecorator {
  const text = IsString({ message: '$property must be a client address' });
  const length = MaxLength(100, { message: '$property must be a client address' });
  return (target, key) => {
    // registered type check first: validation reports one message per field, checked bottom-up
    text(target, key);
    length(target, key);
  };
}

/**
 * The payload of a message that carries nothing (`<service>.health`, `notifications.count`, ...):
 * it must still be an object, and one without fields (anything in it is an unknown field).
 */
export class EmptyRequest {}

/** A real calendar date written YYYY-MM-DD ("2026-02-30" is not one). */
export function IsCalendarDate(validationOptions?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isCalendarDate',
      validator: {
        validate: (value) => typeof value === 'string' && isCalendarDate(value),
        defaultMessage: buildMessage((each) => `${each}$property must be a date (YYYY-MM-DD)`, validationOptions),
      },
    },
    validationOptions,
  );
}
