/**
 * Customer terms (issue 19), for admins: price lists (GET/POST /api/admin/price-lists, GET/PUT/
 * DELETE /api/admin/price-lists/:id, the customers on one), the bakery's pricing settings (GET/PUT
 * /api/config/pricing: delivery fee, tax rate, minimum order, free-delivery threshold) and each
 * customer's own terms with their audit (GET/PUT /api/customers/:id/terms, .../terms/audit).
 * Public to the other features: Manage Customers shows a customer's terms.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { CustomerTerms } from '@contracts/customer-terms';
import type { PricingAnswer, PricingSettings } from '@contracts/ordering';
import type { CustomerTermsAuditEntry, PriceList, PriceListCustomer } from '@contracts/price-lists';
import { apiJson } from '@/lib/api-client';
import { fetchPage, type Page } from '@/lib/paged-list';
import { PRICING_KEY, PRODUCTS_KEY } from '@/lib/query-keys';

export type { CustomerTerms, CustomerTermsAuditEntry, PriceList, PriceListCustomer, PricingAnswer, PricingSettings };

/** Everything read from /api/admin/price-lists: the pages, one list, the customers on one. */
export const PRICE_LISTS_KEY = ['/api/admin/price-lists'] as const;
const LISTS_KEY = [...PRICE_LISTS_KEY, 'list'] as const;
export const priceListKey = (id: string) => [...PRICE_LISTS_KEY, id] as const;
const customersKey = (id: string) => [...PRICE_LISTS_KEY, id, 'customers'] as const;
/** A customer's terms and their audit (GET /api/customers/:id/terms[/audit]). */
export const customerTermsKey = (customerId: string) => ['/api/customers', customerId, 'terms'] as const;
const auditKey = (customerId: string) => [...customerTermsKey(customerId), 'audit'] as const;

/** The server's largest page of price lists (PRICE_LISTS_PAGE_MAX: each carries its fixed prices). */
export const PRICE_LIST_PAGE_SIZE = 50;
export const TERMS_PAGE_SIZE = 20;

/** The price lists page by page, newest first (`fetchNextPage` for more); read again whenever a screen showing them opens. */
export function usePriceLists({ enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    enabled,
    queryKey: LISTS_KEY,
    queryFn: ({ pageParam, signal }) => fetchPage<PriceList>(pageParam ?? `/api/admin/price-lists?limit=${PRICE_LIST_PAGE_SIZE}`, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page<PriceList>) => last.next,
    refetchOnMount: 'always',
  });
}

/** Every list of every loaded page, in order. */
export function priceListsOf(data: InfiniteData<Page<PriceList>> | undefined): PriceList[] {
  return data?.pages.flatMap((page) => page.items) ?? [];
}

/** One list (a customer's, whether or not its page is loaded); 404 once deleted. */
export function usePriceList(id: string | null | undefined) {
  return useQuery<PriceList>({ queryKey: priceListKey(id ?? ''), enabled: Boolean(id) });
}

/** The customers on a list, page by page, read whenever they are shown. */
export function usePriceListCustomers(id: string | undefined) {
  return useInfiniteQuery({
    enabled: Boolean(id),
    queryKey: customersKey(id ?? ''),
    queryFn: ({ pageParam, signal }) => fetchPage<PriceListCustomer>(pageParam ?? `/api/admin/price-lists/${id}/customers?limit=${TERMS_PAGE_SIZE}`, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page<PriceListCustomer>) => last.next,
    refetchOnMount: 'always',
  });
}

/** POST /api/admin/price-lists and PUT /api/admin/price-lists/:id (the whole list). */
export interface PriceListInput {
  name: string;
  percentage: string;
  fixedPrices: { productId: string; price: string }[];
}

/** A list changed: the lists, that list, and the catalogue (an admin sees the default prices, but the cart of a customer on this device does not). */
function useListsChanged() {
  const queryClient = useQueryClient();
  return (saved?: PriceList) => {
    if (saved) queryClient.setQueryData(priceListKey(saved.id), saved);
    return Promise.all([queryClient.invalidateQueries({ queryKey: PRICE_LISTS_KEY }), queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY })]);
  };
}

/** Creates a list (no `id`) or replaces one. */
export function useSavePriceList() {
  const changed = useListsChanged();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: PriceListInput }) =>
      id ? apiJson<PriceList>('PUT', `/api/admin/price-lists/${id}`, body) : apiJson<PriceList>('POST', '/api/admin/price-lists', body),
    onSuccess: (saved) => changed(saved),
  });
}

/** Deletes an unused list (409 while a customer is on it). */
export function useDeletePriceList() {
  const queryClient = useQueryClient();
  const changed = useListsChanged();
  return useMutation({
    mutationFn: (id: string) => apiJson<void>('DELETE', `/api/admin/price-lists/${id}`),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: priceListKey(id) });
      return changed();
    },
  });
}

/** The bakery's pricing settings; for a customer also their own terms (`own`). Shared with the cart. */
export function usePricingSettings() {
  return useQuery<PricingAnswer>({ queryKey: PRICING_KEY, refetchOnMount: 'always' });
}

/** PUT /api/config/pricing: delivery fee and tax rate; minimum order and free-delivery threshold, null for none. */
export function useSavePricingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PricingSettings) => apiJson<PricingSettings>('PUT', '/api/config/pricing', body),
    onSuccess: (saved) => queryClient.setQueryData(PRICING_KEY, saved),
  });
}

/** A customer's terms: their list, overrides (null: the bakery's) and hold; read whenever shown. */
export function useCustomerTerms(customerId: string | undefined) {
  return useQuery<CustomerTerms>({ queryKey: customerTermsKey(customerId ?? ''), enabled: Boolean(customerId), refetchOnMount: 'always' });
}

/** PUT /api/customers/:id/terms: the fields given are set, null for the bakery's default. */
export type CustomerTermsInput = Partial<CustomerTerms>;

/** Sets a customer's terms: the terms, their audit and the lists' customer counts are read again. */
export function useSetCustomerTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ customerId, changes }: { customerId: string; changes: CustomerTermsInput }) =>
      apiJson<CustomerTerms>('PUT', `/api/customers/${customerId}/terms`, changes),
    onSuccess: (saved, { customerId }) => {
      queryClient.setQueryData(customerTermsKey(customerId), saved);
      return Promise.all([queryClient.invalidateQueries({ queryKey: auditKey(customerId) }), queryClient.invalidateQueries({ queryKey: PRICE_LISTS_KEY })]);
    },
  });
}

/** The changes to a customer's terms, newest first, page by page. */
export function useTermsAudit(customerId: string | undefined) {
  return useInfiniteQuery({
    enabled: Boolean(customerId),
    queryKey: auditKey(customerId ?? ''),
    queryFn: ({ pageParam, signal }) => fetchPage<CustomerTermsAuditEntry>(pageParam ?? `/api/customers/${customerId}/terms/audit?limit=${TERMS_PAGE_SIZE}`, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page<CustomerTermsAuditEntry>) => last.next,
    refetchOnMount: 'always',
  });
}
