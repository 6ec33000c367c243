/** The Add New Customer and Edit forms: what is sent. */
import type { BusinessType } from '@contracts/users';
import type { CreateCustomerInput, Customer, UpdateCustomerInput } from './api/customers';

export interface CustomerFormValues {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  businessName?: string;
  businessType?: BusinessType;
  phone?: string;
  address?: string;
  /** the stop's place in its slot on the run sheet (Edit only); empty: none */
  dropPosition?: number | null;
}

/** The server's limit (DROP_POSITION_MAX of libs/contracts/src/users.ts, a decorated module the app imports no values from). */
export const DROP_POSITION_MAX = 9999;
export const DROP_POSITION_MESSAGE = `Drop position must be a whole number from 1 to ${DROP_POSITION_MAX}`;

/** Empty, or a whole number from 1 to 9999. */
export function validateDropPosition(value: number | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  return Number.isInteger(value) && value >= 1 && value <= DROP_POSITION_MAX ? undefined : DROP_POSITION_MESSAGE;
}

const PROFILE_FIELDS = ['firstName', 'lastName', 'businessName', 'phone', 'address'] as const;

const trimmed = (value: string | null | undefined): string => value?.trim() ?? '';

/** POST /api/customers: email and password, and every optional field that was filled in (spec section 5). */
export function toCreateCustomerInput(values: CustomerFormValues): CreateCustomerInput {
  const input: CreateCustomerInput = { email: trimmed(values.email), password: values.password ?? '' };
  for (const field of PROFILE_FIELDS) {
    const value = trimmed(values[field]);
    if (value) input[field] = value;
  }
  if (values.businessType) input.businessType = values.businessType;
  return input;
}

/** PATCH /api/customers/:id: only what changed; a field emptied is null (cleared). */
export function toUpdateCustomerInput(customer: Customer, values: CustomerFormValues): UpdateCustomerInput {
  const changes: UpdateCustomerInput = {};
  for (const field of PROFILE_FIELDS) {
    const next = trimmed(values[field]) || null;
    if (next !== (customer[field] ?? null)) changes[field] = next;
  }
  const type = values.businessType ?? null;
  if (type !== (customer.businessType ?? null)) changes.businessType = type;
  // only when the form has the field (Edit): an answer without it is left alone
  if (values.dropPosition !== undefined) {
    const position = typeof values.dropPosition === 'number' ? values.dropPosition : null;
    if (position !== (customer.dropPosition ?? null)) changes.dropPosition = position;
  }
  return changes;
}

/** The Edit form's starting values. */
export function customerFormValues(customer: Customer): CustomerFormValues {
  return {
    firstName: customer.firstName ?? '',
    lastName: customer.lastName ?? '',
    businessName: customer.businessName ?? '',
    businessType: customer.businessType ?? undefined,
    phone: customer.phone ?? '',
    address: customer.address ?? '',
    dropPosition: customer.dropPosition ?? null,
  };
}
