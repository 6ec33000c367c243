/**
 * The markup a server-rendered first screen adds to index.html (first-screen.tsx writes it,
 * first-screen-client.ts and public/first-screen-boot.js read it).
 */

/** The `<script type="application/json">` holding the server's reads (react-query's dehydrated cache). */
export const FIRST_SCREEN_STATE_ID = 'first-screen-state';

/** The classic script that starts the app once the server's markup has been painted. */
export const FIRST_SCREEN_BOOT = '/first-screen-boot.js';

/**
 * JSON that can sit inside a `<script>` element: `<` (so no `</script>` or `<!--` in a product's
 * name ends it), `>`, `&` and the two line separators JavaScript once treated as line ends, escaped.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
