import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppProvider } from './provider';
import { AppRouter } from './router';

/** The app; the server renders it with its static router in place of the browser's (ssr/first-screen.tsx). */
export function App({ client, router = <AppRouter /> }: { client?: QueryClient; router?: ReactNode }) {
  return <AppProvider client={client}>{router}</AppProvider>;
}
