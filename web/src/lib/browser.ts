/** Full-page navigations, in one place (tests replace this module). */
export function assignLocation(url: string): void {
  window.location.assign(url);
}

/** The browser's own confirmation dialog (spec section 5: activate/deactivate and delete ask first). */
export function confirmAction(message: string): boolean {
  return window.confirm(message);
}
