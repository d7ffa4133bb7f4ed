import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';
import { brandFromEnv } from './src/domain/brand';

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
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
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
