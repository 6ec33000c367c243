import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { reloadOnMissingCode } from './app/stale-build';
import { firstScreenFromServer } from './ssr/first-screen-client';
// antd's styles, prebuilt (the theme is zero-runtime: see app/theme.ts); ours after, so they win ties
import 'antd/dist/antd.css';
import './styles.css';

// a screen left open across a deploy asks for code that is gone: the page loads the new version
reloadOnMissingCode();

const root = createRoot(document.getElementById('root')!);
// A transition renders in slices that yield to the browser every few milliseconds, so the first
// screen's render is not one long task that blocks input (a plain render of the shell is one).
// Over a first screen the server rendered, React's first commit replaces the server's markup.
const render = (client?: QueryClient | null) =>
  startTransition(() => {
    root.render(
      <StrictMode>
        <App client={client ?? undefined} />
      </StrictMode>,
    );
  });

void firstScreenFromServer().then(render, () => render());
