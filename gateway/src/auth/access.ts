import { SetMetadata } from '@nestjs/common';

/**
 * Every /api route declares who may call it; a route without a declaration stops the gateway at
 * start (see route-audit.ts), so nothing is ever open by accident.
 * - public: anyone
 * - signedIn: any signed-in user (401 otherwise)
 * - admin / customer: signed in with that role (401 when not signed in, 403 for the other role)
 */
export type Access = 'public' | 'signedIn' | 'admin' | 'customer';

export const ACCESS_KEY = 'bakery:access';

export const Public = () => SetMetadata(ACCESS_KEY, 'public' satisfies Access);
export const SignedIn = () => SetMetadata(ACCESS_KEY, 'signedIn' satisfies Access);
export const AdminOnly = () => SetMetadata(ACCESS_KEY, 'admin' satisfies Access);
export const CustomerOnly = () => SetMetadata(ACCESS_KEY, 'customer' satisfies Access);
