import { QueryClient, type QueryClientConfig, type QueryFunction } from '@tanstack/react-query';
import { getJson, isApiError, type UnauthorizedBehavior } from './api-client';

/** Query keys are API paths: ['/api/orders'] fetches /api/orders, ['/api/orders', id] /api/orders/<id>. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return ({ queryKey, signal }) => getJson<T>(queryKey.map(String).join('/'), { on401, signal });
}

/** Spec section 7: no retries, no refetch on focus, no polling by default, data never stale. */
export function createQueryClient(config: Omit<QueryClientConfig, 'defaultOptions'> = {}): QueryClient {
  return new QueryClient({
    ...config,
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}

/** The meta of the sign-in calls: their 401 answers wrong credentials, not an ended session. */
export const CREDENTIALS_META = { credentials: true } as const;

/**
 * Whether a query's or mutation's error means the session has ended (expired or revoked): then the
 * spec's unauthorized flow follows, whichever screen made the call (app/provider.tsx).
 */
export function isSessionEnded(error: unknown, meta: Record<string, unknown> | undefined): boolean {
  return isApiError(error, 401) && meta?.credentials !== true;
}
