import { useQuery } from '@tanstack/react-query';

import { METRICS_KEY } from '@/lib/query-keys';

export { METRICS_KEY };

export interface DashboardMetrics {
  totalOrders: number;
  revenue: string;
  activeCustomers: number;
  pendingOrders: number;
  trends?: {
    ordersThisMonth: number;
    ordersLastMonth: number;
    revenueThisMonth: string;
    revenueLastMonth: string;
    activeCustomersThisMonth: number;
    activeCustomersLastMonth: number;
  };
}

export function useDashboardMetrics() {
  return useQuery<DashboardMetrics>({ queryKey: METRICS_KEY });
}
