import { createContext, useContext, useSyncExternalStore } from 'react';

/** Spec section 9: narrower than 768 px is mobile. */
export const MOBILE_BREAKPOINT = 768;
const QUERY = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;

/**
 * What a server's render takes the screen to be (ssr/first-screen.tsx: from the browser's own
 * hints), per render; false (desktop) where nothing provides it.
 */
export const ServerMobile = createContext(false);

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const snapshot = () => window.matchMedia(QUERY).matches;

export function useIsMobile(): boolean {
  const serverMobile = useContext(ServerMobile);
  return useSyncExternalStore(subscribe, snapshot, () => serverMobile);
}
