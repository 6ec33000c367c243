import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { BusinessType, User } from '@contracts/users';
import { apiJson } from '@/lib/api-client';
import { fetchPage, type Page } from '@/lib/paged-list';

/**
 * A customer account as GET /api/customers answers it: the composed user, role customer, and the
 * bakery's own fields (issue 18: the drop position on the run sheet; absent from older answers).
 */
export type Customer = User & { dropPosition?: number | null };

/** Everything read from /api/customers: the pages of the directory, its count, one customer. */
export const CUSTOMERS_KEY = ['/api/customers'] as const;
export const customerKey = (id: string) => ['/api/customers', id] as const;
const LISTS_KEY = [...CUSTOMERS_KEY, 'list'] as const;
const COUNT_KEY = [...CUSTOMERS_KEY, 'count'] as const;

/** Customers per page of Manage Customers (2, 3 or 4 cards a row fill it). */
export const CUSTOMER_PAGE_SIZE = 24;

/** What a page of the directory asks the server for: the search (business name, name or email). */
export interface CustomerListParams {
  q?: string;
  limit?: number;
}

/** The path of the first page of the directory, newest first. */
export function customerListPath(params: CustomerListParams): string {
  const query = new URLSearchParams();
  const q = params.q?.trim();
  if (q) query.set('q', q);
  query.set('limit', String(params.limit ?? CUSTOMER_PAGE_SIZE));
  return `/api/customers?${query.toString()}`;
}

/**
 * Spec section 7: the customer directory, page by page (`fetchNextPage` for more), searched on the
 * server; not retried on failure; read again when the screen opens (sign-ups are not pushed). The
 * customers on screen stay while a changed search's answer comes.
 */
export function useCustomerList(params: Omit<CustomerListParams, 'limit'>) {
  return useInfiniteQuery({
    queryKey: [...LISTS_KEY, params],
    queryFn: ({ pageParam, signal }) => fetchPage<Customer>(pageParam ?? customerListPath(params), signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page<Customer>) => last.next,
    placeholderData: keepPreviousData,
    retry: false,
    refetchOnMount: 'always',
  });
}

/** Every customer of every loaded page, in order. */
export function customersOf(data: InfiniteData<Page<Customer>> | undefined): Customer[] {
  return data?.pages.flatMap((page) => page.items) ?? [];
}

/** How many customers there are (the admin dashboard): the server's count, with a one-customer page. */
export function useCustomerCount() {
  return useQuery<number | null>({
    queryKey: COUNT_KEY,
    queryFn: async ({ signal }) => (await fetchPage<Customer>(customerListPath({ limit: 1 }), signal)).total,
    retry: false,
    refetchOnMount: 'always',
  });
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
} & { businessType?: BusinessType | null; dropPosition?: number | null };

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
      // the pages show the change at once, then are read again (it may change what a search finds)
      const changed = (c: Customer) => (c.id === customer.id ? customer : c);
      queryClient.setQueriesData<InfiniteData<Page<Customer>>>({ queryKey: LISTS_KEY }, (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(changed) })) } : data,
      );
      return queryClient.invalidateQueries({ queryKey: LISTS_KEY });
    },
  });
}
