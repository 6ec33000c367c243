import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusinessType, User } from '@contracts/users';
import { apiJson } from '@/lib/api-client';

/** A customer account as GET /api/customers answers it: the composed user, role customer. */
export type Customer = User;

export const CUSTOMERS_KEY = ['/api/customers'] as const;
export const customerKey = (id: string) => ['/api/customers', id] as const;

/** Spec section 7: the customer directory, not retried on failure; read again when a screen opens (sign-ups are not pushed). */
export function useCustomers() {
  return useQuery<Customer[]>({ queryKey: CUSTOMERS_KEY, retry: false, refetchOnMount: 'always' });
}

export function useCustomer(id: string | undefined, placeholder?: Customer) {
  return useQuery<Customer>({ queryKey: customerKey(id ?? ''), enabled: Boolean(id), placeholderData: placeholder });
}

/** POST /api/customers: email and password required, the rest optional (left out when blank). */
export interface CreateCustomerInput {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  businessName?: string;
  businessType?: BusinessType;
  phone?: string;
  address?: string;
}

/** PATCH /api/customers/:id: a field left out keeps its value, null clears it. */
export type UpdateCustomerInput = {
  [K in 'firstName' | 'lastName' | 'businessName' | 'phone' | 'address']?: string | null;
} & { businessType?: BusinessType | null };

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateCustomerInput) => apiJson<Customer>('POST', '/api/customers', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CUSTOMERS_KEY }),
  });
}

export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateCustomerInput }) => apiJson<Customer>('PATCH', `/api/customers/${id}`, changes),
    onSuccess: (customer) => {
      queryClient.setQueryData(customerKey(customer.id), customer);
      return queryClient.invalidateQueries({ queryKey: CUSTOMERS_KEY, exact: true });
    },
  });
}
