/**
 * The admin's production documents for a delivery date (issue 18): the bake list (with its
 * drill-down and the changes since it was last printed), the week ahead, the packing slips and the
 * delivery run sheet, as ordering builds them (GET /api/admin/production/...). The same routes with
 * `format=pdf|csv` are the files; the screens link to them (same origin: the session cookie goes along).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BakeList,
  BakeListChange,
  BakeListCustomer,
  BakeListCustomersPage,
  BakeListProduct,
  Batches,
  PackingSlip,
  PackingSlips,
  ProductionPrint,
  ProductionWeek,
  RunSheet,
  RunSheetStop,
} from '@contracts/production';
import { apiJson, getJson } from '@/lib/api-client';

/** Everything read from /api/admin/production. */
export const PRODUCTION_KEY = ['/api/admin/production'] as const;

/** The paper the PDFs are laid out on. */
export type Paper = 'a4' | 'letter';

export type { BakeList, BakeListChange, BakeListCustomer, BakeListProduct, Batches, PackingSlip, PackingSlips, ProductionWeek, RunSheet, RunSheetStop };

export type ProductionDocument = 'bake-list' | 'packing-slips' | 'run-sheet';

/**
 * The path of a document for a date: its JSON, or with `format` the file (`paper` for a PDF).
 * The downloads are links to it.
 */
export function documentPath(document: ProductionDocument, date: string, format?: 'pdf' | 'csv', paper?: Paper): string {
  const query = new URLSearchParams({ date });
  if (format) query.set('format', format);
  if (format === 'pdf' && paper) query.set('paper', paper);
  return `/api/admin/production/${document}?${query.toString()}`;
}

/** The file name the server gives a document (Content-Disposition), for the link's `download`. */
export function documentFileName(document: ProductionDocument, date: string, format: 'pdf' | 'csv'): string {
  return `${document}-${date}.${format}`;
}

/** GET /api/admin/production/week: `days` dates from `from`, products as rows. */
export function weekPath(from: string, days: number): string {
  return `/api/admin/production/week?${new URLSearchParams({ from, days: String(days) }).toString()}`;
}

/** A document's JSON for a date, read whenever the screen opens (orders come in all day). */
function useDocument<T>(document: ProductionDocument, date: string | null) {
  return useQuery<T>({
    queryKey: [...PRODUCTION_KEY, document, date ?? ''],
    queryFn: async ({ signal }) => (await getJson<T>(documentPath(document, date!), { signal })) as T,
    enabled: date !== null,
    refetchOnMount: 'always',
  });
}

export const useBakeList = (date: string | null) => useDocument<BakeList>('bake-list', date);
export const usePackingSlips = (date: string | null) => useDocument<PackingSlips>('packing-slips', date);
export const useRunSheet = (date: string | null) => useDocument<RunSheet>('run-sheet', date);

/** Who takes a product on a date (the bake list's drill-down); `productId` null: nothing asked. */
export function useBakeListCustomers(date: string | null, productId: string | null) {
  return useQuery<BakeListCustomer[]>({
    queryKey: [...PRODUCTION_KEY, 'bake-list', date ?? '', 'customers', productId ?? ''],
    queryFn: async ({ signal }) => {
      const path = `/api/admin/production/bake-list/customers?${new URLSearchParams({ date: date!, productId: productId! }).toString()}`;
      const answer = await getJson<BakeListCustomer[] | BakeListCustomersPage>(path, { signal });
      // the customers themselves, or ordering's page of them
      return Array.isArray(answer) ? answer : (answer?.customers ?? []);
    },
    enabled: date !== null && productId !== null,
    refetchOnMount: 'always',
  });
}

/** Products as rows and `days` dates from `from` as columns. */
export function useProductionWeek(from: string | null, days: number) {
  return useQuery<ProductionWeek>({
    queryKey: [...PRODUCTION_KEY, 'week', from ?? '', days],
    queryFn: async ({ signal }) => (await getJson<ProductionWeek>(weekPath(from!, days), { signal })) as ProductionWeek,
    enabled: from !== null,
    refetchOnMount: 'always',
  });
}

/**
 * POST /api/admin/production/prints: what the bake list holds now becomes "printed" (the changes
 * count from it); the bake list is read again.
 */
export function useRecordPrint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (date: string) => apiJson<ProductionPrint>('POST', '/api/admin/production/prints', { date }),
    onSuccess: (_, date) => queryClient.invalidateQueries({ queryKey: [...PRODUCTION_KEY, 'bake-list', date] }),
  });
}

/** Every production document read again (the Refresh button: orders are not pushed to these screens). */
export function useRefreshProduction() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: PRODUCTION_KEY });
}
