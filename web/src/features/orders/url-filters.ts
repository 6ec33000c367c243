import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ORDER_STATUSES, type OrderStatus } from '@contracts/constants';
import { isCalendarDate } from '@contracts/calendar';

/**
 * The order lists' filters live in the URL (`/admin/orders?status=pending&date=2026-11-24&q=corner`),
 * so a filtered view can be bookmarked, shared and reloaded. Anything in the URL that is not a
 * filter value is ignored, never sent to the server.
 */
export interface UrlOrderFilters {
  /** 'all' or one status */
  status: string;
  /** YYYY-MM-DD or '' */
  date: string;
  /** free text (Manage Orders) */
  text: string;
}

export function readOrderFilters(params: URLSearchParams): UrlOrderFilters {
  const status = params.get('status') ?? '';
  const date = params.get('date') ?? '';
  return {
    status: (ORDER_STATUSES as readonly string[]).includes(status) ? status : 'all',
    date: isCalendarDate(date) ? date : '',
    text: (params.get('q') ?? '').slice(0, 100),
  };
}

export function writeOrderFilters(filters: UrlOrderFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status !== 'all') params.set('status', filters.status);
  if (filters.date) params.set('date', filters.date);
  if (filters.text) params.set('q', filters.text);
  return params;
}

/**
 * The filters and a setter that changes some of them, on the URL as it is when it runs (the URL is
 * replaced, not pushed, while typing).
 */
export function useUrlOrderFilters(): [UrlOrderFilters, (change: Partial<UrlOrderFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const change = useCallback(
    (next: Partial<UrlOrderFilters>) => setParams((current) => writeOrderFilters({ ...readOrderFilters(current), ...next }), { replace: true }),
    [setParams],
  );
  return [readOrderFilters(params), change];
}

/** The statuses a filter value asks the server for. */
export function statusesOf(status: string): OrderStatus[] | undefined {
  return status === 'all' ? undefined : [status as OrderStatus];
}
