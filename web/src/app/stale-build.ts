/**
 * A deploy replaces the web app's files: their names carry a content hash, so the old ones are gone.
 * A screen left open across a deploy then asks for code that is no longer there when the customer
 * opens a screen it has not loaded yet, and Vite reports it as `vite:preloadError`. The page loads
 * again, once, and gets the new version. A second failure soon after is not a deploy (the server or
 * the line is down): it is left to the route's error screen (routes/route-error.tsx), which offers to
 * try again, rather than reloading in a loop.
 */

/** Where the time of the last reload for a missing chunk is kept (this tab only). */
export const STALE_BUILD_RELOAD_KEY = 'bakery:stale-build-reload-at';
/** A failure within this long of that reload is not answered by another. */
export const STALE_BUILD_RELOAD_GUARD_MS = 60_000;

/** Whether a failed chunk load should reload the page, given when (ms) the last such reload was, if any. */
export function shouldReloadForMissingCode(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || !Number.isFinite(lastReloadAt) || now - lastReloadAt >= STALE_BUILD_RELOAD_GUARD_MS || now < lastReloadAt;
}

/** Listens for Vite's chunk load failures on `win` and reloads as above; answers the way to stop. */
export function reloadOnMissingCode(win: Window = window, now: () => number = Date.now): () => void {
  const onPreloadError = () => {
    try {
      const kept = win.sessionStorage.getItem(STALE_BUILD_RELOAD_KEY);
      const at = now();
      if (!shouldReloadForMissingCode(kept === null ? null : Number(kept), at)) return;
      win.sessionStorage.setItem(STALE_BUILD_RELOAD_KEY, String(at));
    } catch {
      // no storage (a browser's privacy setting): without a record of the last reload, none, so no loop
      return;
    }
    win.location.reload();
  };
  win.addEventListener('vite:preloadError', onPreloadError);
  return () => win.removeEventListener('vite:preloadError', onPreloadError);
}
