/** Spec section 2: an entry is active when the path equals it (for /, exactly) or starts with it. */
export function isNavActive(pathname: string, href: string): boolean {
  if (href === '/') return pathname === '/';
  return pathname === href || pathname.startsWith(href);
}
