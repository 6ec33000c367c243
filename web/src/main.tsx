import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
// antd's styles, prebuilt (the theme is zero-runtime: see app/theme.ts); ours after, so they win ties
import 'antd/dist/antd.css';
import './styles.css';

const root = createRoot(document.getElementById('root')!);
// A transition renders in slices that yield to the browser every few milliseconds, so the first
// screen's render is not one long task that blocks input (a plain render of the shell is one)
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
