import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';
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

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  plugins: [
    react(),
    tailwindcss(),
    {
      name: 'brand-in-html',
      transformIndexHtml: (html: string) => html.replaceAll('%BRAND_NAME%', brand.productName),
    },
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
        emptyOutDir: true,
        sourcemap: true,
        rollupOptions: {
          // Two pages: the app, and the public landing page, which loads none of the app's code.
          input: { app: 'src/web/index.html', landing: 'src/web/landing.html' },
        },
      },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/s/': apiTarget, '/healthz': apiTarget, '/readyz': apiTarget },
  },
}));
