import react from '@vitejs/plugin-react';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import { antdUsedCss } from './scripts/antd-css';
import { chunkGroupOf, chunkGroupsScan, type FirstScreen } from './scripts/chunk-groups';
import { formContextOnly } from './scripts/form-context-only';

/**
 * The runtime every screen needs, in one long-cached chunk that changes only with the dependencies
 * (app code changes do not invalidate it): React, the router and react-query.
 */
const VENDOR_CORE = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/][^\\/]+)[\\/]/;
const isVendorCore = (id: string) => VENDOR_CORE.test(id);

/**
 * The libraries of the screens opened first, in few chunks (scripts/chunk-groups.ts): the landing
 * page's together with the shell's and the catalogue's (`vendor-landing`, loaded with the entry: the
 * catalogue is where every sign-in leads and what a returning customer opens), then a chunk per set
 * of the sign-in forms and the cart sharing a module. Rollup alone cuts them into a chunk per set of
 * all twenty screens: about twenty files on the catalogue's first screen, each a request on a
 * phone's line. `npm run build` scans first (`--mode chunk-scan`), then builds with the groups.
 */
const WITH_LANDING = [/[\\/]src[\\/]app[\\/]shell\.tsx$/, /[\\/]src[\\/]features[\\/]products[\\/]components[\\/]products-page\.tsx$/];
const FIRST_SCREENS: FirstScreen[] = [
  // asked for once the landing page has painted (app/guards.tsx)
  { name: 'sign-in-forms', roots: [/[\\/]src[\\/]features[\\/]auth[\\/]components[\\/]auth-page\.tsx$/] },
  { name: 'cart', roots: [/[\\/]src[\\/]features[\\/]cart[\\/]components[\\/]cart-page\.tsx$/] },
];
const CHUNK_GROUPS_FILE = fileURLToPath(new URL('./.cache/chunk-groups.json', import.meta.url));

/**
 * react-router 7's package exports name only its development build (dev warnings on: console
 * warnings, a developer's error page), whatever the mode (remix-run/react-router#14102): builds take
 * its production files, the same code with the warnings off. `vite` in development keeps the default.
 */
const REACT_ROUTER_PRODUCTION = [
  { find: /^react-router$/, replacement: fileURLToPath(new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
  { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('../node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
];

// In development the gateway (npm start) serves /api and /socket.io on port 3000.
export default defineConfig(({ command, mode, isSsrBuild }) => {
  const alias = [
    { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
    // pure modules of the shared contracts (money.ts, constants.ts); types come with `import type`
    { find: '@contracts', replacement: fileURLToPath(new URL('../libs/contracts/src', import.meta.url)) },
    ...(command === 'build' ? REACT_ROUTER_PRODUCTION : []),
  ];
  // `vite build --ssr src/ssr/first-screen.tsx`: the first screens' renderer for the gateway (src/ssr/first-screen.tsx), one
  // CommonJS file with its libraries, in a dot folder the gateway never serves
  if (isSsrBuild) {
    return {
      plugins: [react(), formContextOnly()],
      resolve: { alias },
      // React's and antd's production code, whatever NODE_ENV the gateway runs with
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      ssr: { noExternal: true, target: 'node' },
      build: {
        outDir: 'dist/.server',
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: false,
        rollupOptions: { output: { format: 'cjs', entryFileNames: 'first-screen.cjs', inlineDynamicImports: true } },
      },
    };
  }
  const scan = mode === 'chunk-scan';
  const groupOf = scan ? () => undefined : chunkGroupOf(CHUNK_GROUPS_FILE);
  return {
    plugins: [
      ...(scan ? [chunkGroupsScan({ file: CHUNK_GROUPS_FILE, entry: 'landing', withEntry: WITH_LANDING, screens: FIRST_SCREENS, skip: isVendorCore })] : []),
      react(),
      formContextOnly(),
      // antd.css keeps only the rules of components the app can render (scripts/antd-css.ts)
      antdUsedCss({
        esDir: fileURLToPath(new URL('../node_modules/antd/es', import.meta.url)),
        srcDir: fileURLToPath(new URL('./src', import.meta.url)),
      }),
    ],
    resolve: { alias },
    server: {
      proxy: {
        '/api': 'http://localhost:3000',
        '/objects': 'http://localhost:3000',
        '/socket.io': { target: 'ws://localhost:3000', ws: true },
      },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: !scan,
      // the scan only looks: its bundle is read by chunkGroupsScan, never written
      write: !scan,
      sourcemap: false,
      // dist/.vite/manifest.json: scripts/bundle-size.mjs follows it to the sign-in page's chunks
      manifest: true,
      rollupOptions: {
        output: {
          manualChunks: (id: string) => (isVendorCore(id) ? 'vendor-react' : groupOf(id)),
          // Rollup would otherwise cut a chunk for every small module two screens share (an icon, a
          // hook): each is a request of its own. Below this size they join a chunk that loads anyway.
          experimentalMinChunkSize: 20_000,
        },
      },
    },
  };
});
