import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SkipLinkDelivery } from '@contracts/standing-previews';
import { apiJson } from '@/lib/api-client';
import { STANDING_ORDERS_KEY } from './standing-orders';

const skipLinkKey = (token: string) => ['/api/standing-orders/skip-link', token] as const;

/**
 * What a preview email's skip link would skip (issue 20): public, the token is the permission.
 * A POST (the token stays out of logs and caches); a refusal (unknown, used, closed) is not retried.
 */
export function useSkipLink(token: string) {
  return useQuery<SkipLinkDelivery>({
    queryKey: skipLinkKey(token),
    queryFn: () => apiJson<SkipLinkDelivery>('POST', '/api/standing-orders/skip-link/check', { token }),
    enabled: token !== '',
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** Skips the link's delivery: once, until its cut-off. */
export function useSkipDelivery(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<SkipLinkDelivery>('POST', '/api/standing-orders/skip-link', { token }),
    onSuccess: (answer) => {
      queryClient.setQueryData(skipLinkKey(token), answer);
      // a signed-in customer's standing orders screen shows the date skipped
      void queryClient.invalidateQueries({ queryKey: STANDING_ORDERS_KEY });
    },
  });
}
