import { MutationCache, QueryCache, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { useState, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient, isSessionEnded } from '@/lib/query-client';
import { redirectToLogin } from './auth-redirect';
import { theme } from './theme';

/**
 * Any call of a signed-in screen answered 401 (session expired or revoked), a query or a mutation:
 * the guards' way out ('Unauthorized', then sign-in), in place of the screen's own failure toast.
 */
export function createAppQueryClient() {
  return createQueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isSessionEnded(error, query.meta)) redirectToLogin();
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (isSessionEnded(error, mutation.meta)) redirectToLogin();
      },
    }),
  });
}

/** `client`: a cache already holding the first screen's reads (the server's render, ssr/); a new one without. */
export function AppProvider({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createAppQueryClient());
  return (
    <ConfigProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster />
      </QueryClientProvider>
    </ConfigProvider>
  );
}
