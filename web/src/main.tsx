import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
// antd's styles, prebuilt (the theme is zero-runtime: see app/theme.ts); ours after, so they win ties
import 'antd/dist/antd.css';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
