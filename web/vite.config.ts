import react from '@vitejs/plugin-react';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';

// In development the gateway (npm start) serves /api and /socket.io on port 3000.
export default defineConfig({
  plugins: [react()],
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
  },
});
