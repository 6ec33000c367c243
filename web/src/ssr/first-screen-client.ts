/**
 * The browser's side of a first screen the server rendered (first-screen.tsx): the server's reads
 * go into the app's cache, the page's code is fetched, and only then does React render, so its
 * first render is the page the server painted (one commit replaces the server's markup), not
 * 'Loading...' and the shell on their way to it.
 */
import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { createAppQueryClient } from '@/app/provider';
import { routeHandleOf } from '@/app/router';
import { RealtimeBridge, Shell } from '@/app/signed-in-screens';
import { markOpeningReads } from '@/lib/page-reads';
import { USER_KEY } from '@/lib/query-keys';
import { FIRST_SCREEN_STATE_ID } from './first-screen-markup';
import { openedFromServer } from './served-opening';

/** The cache to render with, once the page's code is here; null when the server rendered nothing. */
export async function firstScreenFromServer(): Promise<QueryClient | null> {
  const element = document.getElementById(FIRST_SCREEN_STATE_ID);
  if (!element) return null;
  element.remove();
  const client = createAppQueryClient();
  try {
    hydrate(client, JSON.parse(element.textContent ?? '') as DehydratedState);
  } catch {
    // unreadable: the page reads everything itself
    return client;
  }
  markOpeningReads(client);
  openedFromServer();
  // a signed-in page's code (a visitor's landing page is in the entry's): a chunk that fails to
  // load is the page's usual fallback and retry, not a blank screen
  if (client.getQueryData(USER_KEY)) {
    await Promise.all([Shell.preload(), RealtimeBridge.preload(), routeHandleOf(window.location.pathname)?.preload?.()]).catch(() => undefined);
  }
  return client;
}
