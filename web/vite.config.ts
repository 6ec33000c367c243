import react from '@vitejs/plugin-react';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import { antdUsedCss } from './scripts/antd-css';
import { formContextOnly } from './scripts/form-context-only';

/**
 * The runtime every screen needs, in one long-cached chunk that changes only with the dependencies
 * (app code changes do not invalidate it): React, the router and react-query.
 */
const VENDOR_CORE = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/][^\\/]+)[\\/]/;
function vendorChunk(id: string): string | undefined {
  if (VENDOR_CORE.test(id)) return 'vendor-react';
  return undefined;
}

// In development the gateway (npm start) serves /api and /socket.io on port 3000.
export default defineConfig({
  plugins: [
    react(),
    formContextOnly(),
    // antd.css keeps only the rules of components the app can render (scripts/antd-css.ts)
    antdUsedCss({
      esDir: fileURLToPath(new URL('../node_modules/antd/es', import.meta.url)),
      srcDir: fileURLToPath(new URL('./src', import.meta.url)),
    }),
  ],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // pure modules of the shared contracts (money.ts, constants.ts); types come with `import type`
      '@contracts': fileURLToPath(new URL('../libs/contracts/src', import.meta.url)),
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/objects': 'http://localhost:3000',
      '/socket.io': { target: 'ws://localhost:3000', ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: scripts/bundle-size.mjs follows it to the sign-in page's chunks
    manifest: true,
    rollupOptions: {
      output: {
        manualChunks: vendorChunk,
        // Rollup would otherwise cut a chunk for every small module two screens share (an icon, a
        // hook): each is a request of its own. Below this size they join a chunk that loads anyway.
        experimentalMinChunkSize: 20_000,
      },
    },
  },
});
