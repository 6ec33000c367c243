/**
 * Invoices and credit notes (issue 18): GET /api/invoices (a customer's own; an admin's all, with
 * filters), the PDF of one, issuing an order's invoice (admins), marking one paid, and the bakery's
 * details every invoice carries (GET/PUT /api/admin/bakery-details). Public to the other features:
 * the order details show and issue an order's invoice.
 */
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { BakeryDetails, Invoice } from '@contracts/invoices';
import type { User } from '@contracts/users';
import { apiJson, getJson } from '@/lib/api-client';
import { fetchPage, type Page } from '@/lib/paged-list';

export type { BakeryDetails, Invoice };

/** Everything read from /api/invoices: the lists, one order's. */
export const INVOICES_KEY = ['/api/invoices'] as const;
export const BAKERY_DETAILS_KEY = ['/api/admin/bakery-details'] as const;
const LISTS_KEY = [...INVOICES_KEY, 'list'] as const;

export const INVOICE_PAGE_SIZE = 20;

/** What a list asks the server for. */
export interface InvoiceListParams {
  /** admins only */
  customerId?: string;
  orderId?: string;
  paid?: boolean;
  /** YYYY-MM-DD, the bakery's days */
  issuedFrom?: string;
  issuedTo?: string;
  limit?: number;
}

/** The path of the first page of a list, newest first. */
export function invoiceListPath(params: InvoiceListParams): string {
  const query = new URLSearchParams();
  if (params.customerId) query.set('customerId', params.customerId);
  if (params.orderId) query.set('orderId', params.orderId);
  if (params.paid !== undefined) query.set('paid', String(params.paid));
  if (params.issuedFrom) query.set('issuedFrom', params.issuedFrom);
  if (params.issuedTo) query.set('issuedTo', params.issuedTo);
  query.set('limit', String(params.limit ?? INVOICE_PAGE_SIZE));
  return `/api/invoices?${query.toString()}`;
}

/** The PDF of an invoice or credit note (same origin: the session cookie goes along). */
export function invoicePdfPath(id: string, paper?: 'a4' | 'letter'): string {
  return `/api/invoices/${encodeURIComponent(id)}/pdf${paper ? `?paper=${paper}` : ''}`;
}

/** "invoice-INV-2026-000123.pdf", "credit-note-CN-2026-000001.pdf". */
export function invoiceFileName(invoice: Pick<Invoice, 'kind' | 'number'>): string {
  return `${invoice.kind}-${invoice.number}.pdf`;
}

/**
 * A list of invoices page by page (`fetchNextPage` for more), read again whenever the screen opens
 * (an invoice is issued by the server when an order is delivered). The invoices on screen stay
 * while a changed filter's answer comes.
 */
export function useInvoiceList(params: Omit<InvoiceListParams, 'limit'>, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    enabled,
    queryKey: [...LISTS_KEY, params],
    queryFn: ({ pageParam, signal }) => fetchPage<Invoice>(pageParam ?? invoiceListPath(params), signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page<Invoice>) => last.next,
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

/** Every invoice of every loaded page, in order. */
export function invoicesOf(data: InfiniteData<Page<Invoice>> | undefined): Invoice[] {
  return data?.pages.flatMap((page) => page.items) ?? [];
}

/** An order's invoice and any credit note (GET /api/invoices?orderId=), read whenever its details open. */
export function useOrderInvoices(orderId: string | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<Invoice[]>({
    queryKey: [...INVOICES_KEY, 'order', orderId ?? ''],
    queryFn: async ({ signal }) => (await fetchPage<Invoice>(invoiceListPath({ orderId, limit: 10 }), signal)).items,
    enabled: enabled && Boolean(orderId),
    refetchOnMount: 'always',
  });
}

/** Admin: issue an order's invoice now (409 when it has one or is cancelled). */
export function useIssueInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => apiJson<Invoice>('POST', `/api/orders/${encodeURIComponent(orderId)}/invoice`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INVOICES_KEY }),
    // 409: issued meanwhile (delivered in another tab): show what there is
    onError: () => queryClient.invalidateQueries({ queryKey: INVOICES_KEY }),
  });
}

/** Admin: mark paid or unpaid; the lists show it at once, then are read again (it may change what a filter finds). */
export function useSetInvoicePaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, paid }: { id: string; paid: boolean }) => apiJson<Invoice>('PUT', `/api/invoices/${encodeURIComponent(id)}/paid`, { paid }),
    onSuccess: (invoice) => {
      const changed = (i: Invoice) => (i.id === invoice.id ? invoice : i);
      queryClient.setQueriesData<InfiniteData<Page<Invoice>>>({ queryKey: LISTS_KEY }, (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(changed) })) } : data,
      );
      return queryClient.invalidateQueries({ queryKey: INVOICES_KEY });
    },
  });
}

/** The bakery's name, address, tax id and payment instructions (admin), read whenever the form opens. */
export function useBakeryDetails() {
  return useQuery<BakeryDetails>({ queryKey: BAKERY_DETAILS_KEY, refetchOnMount: 'always' });
}

/** PUT: replaces the details; answers them as saved (invoices issued from now on carry them). */
export function useSaveBakeryDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: BakeryDetails) => apiJson<BakeryDetails>('PUT', '/api/admin/bakery-details', details),
    onSuccess: (saved) => queryClient.setQueryData(BAKERY_DETAILS_KEY, saved),
  });
}

/** A customer as the invoice filter offers them. */
export type CustomerChoice = Pick<User, 'id' | 'email' | 'businessName' | 'firstName' | 'lastName'>;

/** Admin: the customers matching what is typed (GET /api/customers?q=, the first 20), for the filter. */
export function useCustomerChoices(q: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<CustomerChoice[]>({
    queryKey: [...INVOICES_KEY, 'customer-choices', q],
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ limit: '20' });
      if (q.trim()) query.set('q', q.trim());
      return (await fetchPage<CustomerChoice>(`/api/customers?${query.toString()}`, signal)).items;
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Admin: one customer (the filter's chosen one, when it came in the URL). */
export function useCustomerChoice(id: string | undefined) {
  return useQuery<CustomerChoice | null>({
    queryKey: [...INVOICES_KEY, 'customer-choice', id ?? ''],
    queryFn: ({ signal }) => getJson<CustomerChoice>(`/api/customers/${encodeURIComponent(id!)}`, { signal }),
    enabled: Boolean(id),
  });
}
