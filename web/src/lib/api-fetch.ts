/**
 * The fetch the API client calls: the browser's own, or, while the gateway renders a first screen
 * (ssr/first-screen.tsx), the rendering request's, which carries that request's session and no
 * other. The server's source answers per request (an AsyncLocalStorage), never a value shared by
 * the requests a server renders at once.
 */
type Fetch = typeof fetch;

let requestFetch: (() => Fetch) | undefined;

/** Server rendering only: where each API call finds the fetch of the request being rendered. */
export function setRequestFetch(source: () => Fetch): void {
  requestFetch = source;
}

export const apiFetch: Fetch = (input, init) => (requestFetch ? requestFetch() : fetch)(input, init);
