import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { REALTIME_PATH, RealtimeEvents, type InventoryAlertBroadcast, type OrderUpdatedPush } from '@contracts/notifications';
import { toast } from '@/components/ui/toast-store';
import { shortDate } from '@/lib/bakery-time';
import { ADMIN_NOTIFICATIONS_COUNT_KEY, LOW_STOCK_KEY, METRICS_KEY, ORDERS_KEY, PRODUCTS_KEY, USER_KEY } from '@/lib/query-keys';
import type { User } from '@/lib/user';
import { afterFirstScreen } from './first-page-shown';

/** The events the gateway pushes (order:updated, admin:notifications, inventory:alert), from the contracts. */
export { RealtimeEvents };

/**
 * The toast an `inventory:alert` push raises: it names the product and its stock (or, for a
 * standing order's shortfall or a delivery skipped because the account is on hold, the customer).
 */
export function inventoryAlertToast(alert: InventoryAlertBroadcast): { title: string; description: string; variant: 'default' | 'destructive' } {
  if (alert.alertType === 'shortfall' && alert.shortfall) {
    return {
      title: 'Standing Order Short',
      description: `${alert.shortfall.customer}'s standing order is ${alert.shortfall.units} short of ${alert.name} (order #${alert.shortfall.orderId.slice(-8)})`,
      variant: 'destructive',
    };
  }
  // issue 19: a held customer's standing delivery was not placed; `name` is the standing order's
  if (alert.alertType === 'skipped' && alert.skipped) {
    return {
      title: 'Standing Delivery Skipped',
      description: `${alert.skipped.customer}'s standing order "${alert.name}" for ${shortDate(alert.skipped.date)} was not placed: ${
        alert.skipped.reason === 'on_hold' ? 'their account is on hold' : 'it was skipped'
      }`,
      variant: 'destructive',
    };
  }
  const out = alert.alertType === 'out_of_stock' || alert.stock <= 0;
  return {
    title: out ? 'Out of Stock' : 'Low Stock Alert',
    description: out
      ? `${alert.name} is out of stock (0 left, minimum ${alert.lowStockThreshold})`
      : `${alert.name} is running low: ${alert.stock} left (minimum ${alert.lowStockThreshold})`,
    variant: out ? 'destructive' : 'default',
  };
}

/**
 * Keeps one socket while someone is signed in and turns its pushes into cache updates: an order
 * changed → the orders lists, that order and the dashboard figures are fetched again (for admins
 * also the products and low-stock lists, since orders move stock); a new unread count → the
 * badges show it at once; a low-stock alert → a toast naming the product and its stock.
 * socket.io-client is loaded only once someone signs in, and once the first screen has its data:
 * on a slow line its download would otherwise share the line with that data and the photos.
 */
export function RealtimeBridge({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const userId = user.id;
  const admin = user.role === 'admin';

  useEffect(() => {
    let closed = false;
    let socket: { close(): void } | undefined;
    void afterFirstScreen(queryClient)
      .then(() => import('socket.io-client'))
      .then(({ io }) => {
        if (closed) return;
        // websocket only: long-polling's requests must all reach one gateway, which needs sticky
        // sessions in front of several replicas (docs/operations.md)
        const s = io({ path: REALTIME_PATH, withCredentials: true, reconnectionDelayMax: 10_000, transports: ['websocket'] });
        // whether pushes reach this page now: for support (devtools) and for tests to wait on, not to guess
        s.on('connect', () => (document.documentElement.dataset.realtime = 'connected'));
        s.on(RealtimeEvents.orderUpdated, (push: OrderUpdatedPush) => {
          void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
          void queryClient.invalidateQueries({ queryKey: METRICS_KEY });
          if (push?.orderId) void queryClient.invalidateQueries({ queryKey: [...ORDERS_KEY, push.orderId] });
          if (admin) {
            void queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY });
            void queryClient.invalidateQueries({ queryKey: LOW_STOCK_KEY });
          }
        });
        // the session ended elsewhere (logout, expiry): ask who we are; the guards take it from there
        s.on('connect_error', (err: Error) => {
          if (err?.message === 'Unauthorized') void queryClient.invalidateQueries({ queryKey: USER_KEY });
        });
        s.on('disconnect', (reason: string) => {
          document.documentElement.dataset.realtime = 'disconnected';
          if (reason === 'io server disconnect') void queryClient.invalidateQueries({ queryKey: USER_KEY });
        });
        if (admin) {
          s.on(RealtimeEvents.adminNotifications, (push: { count: number }) => {
            if (typeof push?.count === 'number') queryClient.setQueryData(ADMIN_NOTIFICATIONS_COUNT_KEY, { count: push.count });
          });
          s.on(RealtimeEvents.inventoryAlert, (alert: InventoryAlertBroadcast) => {
            if (!alert || typeof alert.name !== 'string' || typeof alert.stock !== 'number') return;
            toast(inventoryAlertToast(alert));
            void queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY });
            void queryClient.invalidateQueries({ queryKey: LOW_STOCK_KEY });
          });
        }
        socket = s;
      });
    return () => {
      closed = true;
      socket?.close();
      delete document.documentElement.dataset.realtime;
    };
  }, [queryClient, userId, admin]);

  return null;
}
