import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

let markShown: () => void = () => undefined;
const shown = new Promise<void>((resolve) => (markShown = resolve));

/**
 * Rendered after the signed-in page, inside its Suspense boundary: React commits it (and runs this
 * effect, after the page's own, which start its reads) once the first page has loaded and is shown.
 */
export function FirstPageShown() {
  useEffect(() => markShown(), []);
  return null;
}

/** How long at most to wait for a screen's reads: the push channel is not held back for a slow one. */
const READS_WAIT_MS = 5000;

/**
 * Resolves once the first signed-in page is shown, nothing is being read any more (or READS_WAIT_MS
 * have passed) and the browser is idle (the data rendered, its photos asked for): what comes after
 * (the push channel's code and socket) then does not share a slow line with the first screen.
 */
export function afterFirstScreen(client: QueryClient): Promise<void> {
  return shown.then(() => readsSettled(client)).then(idle);
}

function idle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: READS_WAIT_MS });
    else setTimeout(resolve, 0);
  });
}

function readsSettled(client: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      unsubscribe();
      clearTimeout(timer);
      resolve();
    };
    const check = () => {
      if (client.isFetching() === 0) done();
    };
    const unsubscribe = client.getQueryCache().subscribe(check);
    const timer = setTimeout(done, READS_WAIT_MS);
    check();
  });
}
