import { Transform } from 'class-transformer';
import { normalizeEmail } from './email';

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuids; anything else cannot name a row, so it is a 404 without a query. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
