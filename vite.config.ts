import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';
import { contractCalls } from './build/contract-calls';
import { firstLoad } from './build/first-load';
import { inlineBoot } from './build/inline-boot';
import { brandFromEnv } from './src/domain/brand';

// The browser runs Preact under React's API (docs/decisions/062-a-phone-sized-first-load.md):
// the same components, a fifth of React DOM's weight on a phone's first load.
const PREACT = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? '3000'}`;
const brand = brandFromEnv(process.env);

/**
 * The app and the public landing page are two builds (`vite build`, then `vite build --mode
 * landing`) into one folder: built together they would share chunks, and the app's first load
 * would be split along what the landing page happens to share with it, a round trip more on a
 * phone network (docs/decisions/065-six-files-for-six-connections.md).
 */
const LANDING = 'landing';
/** The page a build makes: the app's index.html or, with `--mode landing`, the landing page. */
const input = (mode: string): Record<string, string> =>
  mode === LANDING ? { landing: 'src/web/landing.html' } : { app: 'src/web/index.html' };

export default defineConfig(({ isSsrBuild, mode }) => ({
  root: 'src/web',
  plugins: [
    react(),
    firstLoad(),
    inlineBoot(),
    tailwindcss(),
    {
      name: 'brand-in-html',
      transformIndexHtml: (html: string) => html.replaceAll('%BRAND_NAME%', brand.productName),
    },
    // The browser's contract: endpoints' method and path, no schemas (decision 063).
    contractCalls(),
  ],
  // One brand configuration (src/domain/brand.ts), read from the environment at build time.
  define: { __BRAND__: JSON.stringify(brand) },
  // package.json's #domain and #contract aliases point at the TypeScript sources under the
  // `source` condition (docs/decisions/028-path-aliases.md).
  resolve: { conditions: ['source', ...defaultClientConditions], alias: PREACT },
  // The landing page's server render bundles its packages, so they too render with Preact.
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] }, noExternal: true },
  build: isSsrBuild
    ? // The landing page's server render, used once by scripts/prerender.mjs.
      { outDir: '../../dist/ssr', emptyOutDir: true }
    : {
        outDir: '../../dist/web',
        sourcemap: true,
        // The landing page's build adds to the app's folder.
        emptyOutDir: mode !== LANDING,
        rolldownOptions: {
          input: input(mode),
          // Chunks are entries of ours only, so their export names need not be kept; that lets
          // the small shared chunks be inlined below.
          preserveEntrySignatures: false,
          // src/domain declares functions, constants and schemas, and does nothing when loaded:
          // a page takes only the modules whose exports it uses, not every schema behind
          // `#domain` (decision 063).
          treeshake: {
            moduleSideEffects: [{ test: /\/src\/domain\/[^/]+\.ts$/, sideEffects: false }],
          },
          output: {
            // A page's code in a handful of files, not forty: each file costs a round trip on a
            // phone network, six at a time (decision 064). Everything the page's HTML loads is
            // one chunk (Rolldown's `$initial` tag), even what pages loaded on demand import
            // too; chunks those pages share, under 16 KB before minifying, are copied into the
            // pages that use them (https://rolldown.rs/in-depth/manual-code-splitting,
            // https://rolldown.rs/in-depth/inline-common-chunks).
            codeSplitting: {
              groups: [{ name: 'app', tags: ['$initial'], includeDependenciesRecursively: false }],
              experimentalInlineCommonChunks: { maxSize: 16 * 1024 },
            },
          },
        },
      },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/s/': apiTarget, '/healthz': apiTarget, '/readyz': apiTarget },
  },
}));
