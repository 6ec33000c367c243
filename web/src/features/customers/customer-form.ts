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
  };
}
