// the first screen came from the server (first-screen-client.ts), and the browser is still on it
let onServedScreen = false;

export function openedFromServer(): void {
  onServedScreen = true;
}

/**
 * Whether the page opened at router location `key` is the server's first screen, whose reads the
 * server made: true until the browser leaves it (react-router keys its first location 'default').
 */
export function servedOpening(key: string): boolean {
  if (key !== 'default') onServedScreen = false;
  return onServedScreen;
}
