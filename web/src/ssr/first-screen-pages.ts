/**
 * The pages the gateway renders (first-screen.tsx): the signed-in pages with first reads (their
 * route's `reads`), by route, each with its code's source, whose stylesheets go inline.
 */
export const FIRST_SCREEN_PAGES: Readonly<Record<string, string>> = {
  '/cart': 'src/features/cart/components/cart-page.tsx',
  '/products': 'src/features/products/components/products-page.tsx',
};

/** What every signed-in page renders around the page: the shell, and the push channel's bridge. */
export const AROUND_EVERY_PAGE = ['src/app/shell.tsx', 'src/app/realtime.tsx'];
