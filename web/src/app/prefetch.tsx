import { useEffect } from 'react';
import { ProductsPage, RealtimeBridge, Shell } from './signed-in-screens';

/**
 * Signing in leads to the shell and the catalogue (the sign-in form navigates to /products): their
 * chunks are fetched once the sign-in page is on screen and the browser is idle, so that after
 * sign-in the lazy Shell and page find them loaded instead of showing 'Loading...' while they
 * download (or React's 300 ms hold of a fallback), and the sign-in page itself never waits for them.
 */
export function prefetchSignedInScreens(): Promise<unknown> {
  // a failed prefetch only means the lazy import fetches again when needed
  return Promise.all([Shell.preload(), RealtimeBridge.preload(), ProductsPage.preload()]).catch(() => undefined);
}

/**
 * Rendered beside the sign-in page inside its Suspense boundary: React commits it (and runs this
 * effect) only once the page itself has loaded and is shown.
 */
export function PrefetchSignedInScreens() {
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(prefetchSignedInScreens, 0);
      return () => clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(() => void prefetchSignedInScreens(), { timeout: 2000 });
    return () => window.cancelIdleCallback(idle);
  }, []);
  return null;
}
