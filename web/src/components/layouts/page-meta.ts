import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/** What each route tells the shell: who may see it, and the page header's title and subtitle. */
/** `customer`: like signedIn, but admins (who have no cart) are sent to the admin dashboard. */
export type RouteAccess = 'home' | 'registered' | 'signedIn' | 'customer' | 'admin';

export interface RouteHandle {
  access: RouteAccess;
  title: string;
  subtitle?: string;
  /** a different subtitle on mobile, when the spec gives one */
  mobileSubtitle?: string;
  /**
   * the page's code and first reads, asked for by the guard as soon as the page may be shown, so
   * the reads travel while the code downloads (lib/page-reads.ts): the page's own hooks would ask
   * only once the shell and the page's code had loaded and rendered
   */
  reads?: (client: QueryClient) => Promise<void>;
  /** the page's code, fetched ahead (a page with reads is rendered by the server first: ssr/) */
  preload?: () => Promise<unknown>;
}

export const APP_NAME = 'Bakery Wholesale';

/** The browser tab's title of a screen: "Products · Bakery Wholesale"; the app's name alone without one. */
export function documentTitle(title: string | undefined): string {
  return title ? `${title} · ${APP_NAME}` : APP_NAME;
}

/** Sets the browser tab's title while a screen is shown (the shell for its routes; the pages outside it). */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
