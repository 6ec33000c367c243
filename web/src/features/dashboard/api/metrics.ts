import { useQuery } from '@tanstack/react-query';

export const METRICS_KEY = ['/api/dashboard/metrics'] as const;

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
