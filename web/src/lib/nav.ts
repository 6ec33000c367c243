/** Whether `pathname` is `href` or a page under it (`/admin/orders` is under `/admin`; `/adminx` is not). */
function isUnder(pathname: string, href: string): boolean {
  if (href === '/') return pathname === '/';
  return pathname === href || pathname.startsWith(href.endsWith('/') ? href : `${href}/`);
}

/**
 * Spec section 2: an entry is active when the path equals it (for /, exactly) or starts with it;
 * of the entries that match (`hrefs`: every entry of the navigation), only the most specific one
 * is, so on /admin/products Manage Products is active and Admin Dashboard is not.
 */
export function isNavActive(pathname: string, href: string, hrefs: readonly string[]): boolean {
  if (!isUnder(pathname, href)) return false;
  return !hrefs.some((other) => other.length > href.length && isUnder(pathname, other));
}
