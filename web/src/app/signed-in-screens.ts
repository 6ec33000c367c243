import { preloadable } from '@/lib/preloadable';
import type { User } from '@/lib/user';

// What a customer sees right after signing in: fetched ahead from the sign-in page (./prefetch),
// and then rendered without suspending (see preloadable).
export const Shell = preloadable(() => import('./shell'));
export const RealtimeBridge = preloadable<{ user: User }>(() => import('./realtime').then((m) => ({ default: m.RealtimeBridge })));
export const ProductsPage = preloadable(() => import('@/features/products/components/products-page'));

// The customer's next screen from the catalogue: its code is fetched once the first screen is done
// (guards.tsx), and with the cart's reads when the cart is opened first (router.tsx).
export const CartPage = preloadable(() => import('@/features/cart/components/cart-page'));
