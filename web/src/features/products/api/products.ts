import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Category, Product } from '@contracts/catalog';
import { apiJson } from '@/lib/api-client';
import { LOW_STOCK_KEY, PRODUCTS_KEY } from '@/lib/query-keys';

export { LOW_STOCK_KEY, PRODUCTS_KEY };

/**
 * The catalogue (admins get every product, submissions included). `fresh`: read again whenever
 * the screen opens, for the admin screens: customers' submissions are not pushed to them.
 */
export function useProducts({ fresh = false }: { fresh?: boolean } = {}) {
  return useQuery({ ...productsQuery, ...(fresh ? { refetchOnMount: 'always' as const } : {}) });
}

export const productsQuery = queryOptions<Product[]>({ queryKey: PRODUCTS_KEY });

export function useLowStockProducts() {
  return useQuery<Product[]>({ queryKey: LOW_STOCK_KEY, refetchOnMount: 'always' });
}

export interface SubmitProductInput {
  price: string;
  stock: number;
  imageUrl: string;
}

/** A customer's own product, for the admins to review (POST /api/products/customer). */
export function useSubmitProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SubmitProductInput) => apiJson<Product>('POST', '/api/products/customer', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY }),
  });
}

export interface CreateProductInput {
  name: string;
  description?: string;
  price: string;
  category: Category;
  stock: number;
  isActive?: boolean;
  imageUrl?: string;
  /** days of notice beyond the delivery date's cut-off (0–30) */
  leadDays?: number;
  /** units one mix makes (1–10,000), for the bake list's batches */
  batchSize?: number | null;
}

/** PATCH /api/products/:id: any field; null clears description and imageUrl. */
export interface UpdateProductInput {
  name?: string;
  description?: string | null;
  price?: string;
  category?: Category;
  stock?: number;
  isActive?: boolean;
  imageUrl?: string | null;
  lowStockThreshold?: number;
  leadDays?: number;
  /** null: no longer made in batches */
  batchSize?: number | null;
  /** completes a customer submission */
  reviewStatus?: 'approved' | 'rejected';
}

/** A catalogue change moves the list and, through stock and thresholds, the low-stock list. */
const catalogueChanged = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY }),
    queryClient.invalidateQueries({ queryKey: LOW_STOCK_KEY }),
  ]);

/** Admin: a new product (POST /api/products). */
export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateProductInput) => apiJson<Product>('POST', '/api/products', input),
    onSuccess: () => catalogueChanged(queryClient),
  });
}

/** Admin: edit, restock, or complete a submission. */
export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateProductInput }) => apiJson<Product>('PATCH', `/api/products/${id}`, changes),
    onSuccess: () => catalogueChanged(queryClient),
  });
}

/** Admin: active ⇄ inactive; the answer says which it is now. */
export function useToggleProductActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<Product>('PATCH', `/api/products/${id}/toggle-active`),
    onSuccess: () => catalogueChanged(queryClient),
  });
}

/** Admin: removes the product (open carts drop it; placed orders keep their snapshot). */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<{ productId: string }>('DELETE', `/api/products/${id}`),
    onSuccess: () => catalogueChanged(queryClient),
  });
}

/**
 * Admin: `add` more arrived. The API sets stock outright, so the product is read again just
 * before the write, to count orders placed while the dialog was open (a small window remains:
 * the API has no increment).
 */
export function useRestockProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, add }: { id: string; add: number }) => {
      const fresh = await apiJson<Product>('GET', `/api/products/${id}`);
      return apiJson<Product>('PATCH', `/api/products/${id}`, { stock: fresh.stock + add });
    },
    onSuccess: () => catalogueChanged(queryClient),
  });
}
