import { QueryCache, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { useState, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { isApiError } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { redirectToLogin } from './auth-redirect';
import { theme } from './theme';

/** A query answered 401 while signed in (session expired or revoked): the guards' way out. */
export function createAppQueryClient() {
  return createQueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isApiError(error, 401)) redirectToLogin();
      },
    }),
  });
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createAppQueryClient);
  return (
    <ConfigProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster />
      </QueryClientProvider>
    </ConfigProvider>
  );
}
