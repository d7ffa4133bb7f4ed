/**
 * The pages a visit starts on, and what each needs before it can draw
 * (docs/decisions/062-a-phone-sized-first-load.md).
 *
 * A page of the app loads in a chain: the HTML, then the app's code, then the page's own code
 * (loaded on demand), then its data. On a phone network each link of the chain is a round trip
 * of half a second. The build writes `first-load.json`: for each page below, the script files
 * of its code and the API reads it makes first. The server names them in that page's HTML
 * (`<link rel="modulepreload">`, `<link rel="preload" as="fetch">`), so the browser asks for
 * all of them with the app's own code, in one round trip; a signed-in page's reads it answers
 * inside the HTML itself (src/server/plugins/first-load.ts).
 *
 * Vite's `generateBundle` hook gives the finished chunks with their static imports
 * (https://vite.dev/guide/api-plugin, Rolldown's `OutputChunk`: `facadeModuleId`,
 * `isDynamicEntry`, `imports`); `<link rel=preload as=fetch>` is reused by a later `fetch()`
 * of the same URL with the same credentials mode
 * (https://html.spec.whatwg.org/multipage/links.html#link-type-preload).
 */
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { brokerEndpoints } from '../src/contract/brokers';
import { apiUrl, type Endpoint } from '../src/contract/common';
import { notificationEndpoints } from '../src/contract/notifications';
import { referralLinkEndpoints } from '../src/contract/referral-links';
import { referralEndpoints } from '../src/contract/referrals';
import { tenantFormEndpoints } from '../src/contract/tenant-forms';

/**
 * A read a page makes first: its `:params` are the page's own (same names); `query` is the one
 * it always sends, and `pageQuery` names the page's query parameters it passes on, as the app
 * sends them.
 */
type Read =
  | Endpoint
  | {
      endpoint: Endpoint;
      query?: Record<string, string | number>;
      pageQuery?: Record<string, string[]>;
    };

/**
 * One page: its route, the modules (under src/web) it loads on demand, its first reads, and
 * whether those reads come inside its HTML (`answered`) rather than beside it. Only the
 * signed-in pages are answered: their HTML is the visitor's own and never stored (the service
 * worker keeps `/` and `/mobile`, public/sw.js); the public ones only preload, so a link's
 * visit is still counted by the browser that shows it.
 */
type FirstPage = { path: string; modules: string[]; reads: Read[]; answered?: true };

/** Every signed-in page first reads the session; so do the sign-in pages, to skip ahead. */
const SESSION = brokerEndpoints.profile;

/** What both dashboards read first: the session, the figures, the latest referrals, the link, the bell. */
const DASHBOARD_READS: Read[] = [
  SESSION,
  referralEndpoints.metrics,
  // The latest referrals: the first page of the list (useReferrals({ page: 1 })).
  { endpoint: referralEndpoints.list, query: { page: 1 } },
  referralLinkEndpoints.mine,
  notificationEndpoints.list,
];

export const FIRST_PAGES: FirstPage[] = [
  { path: '/mobile', modules: ['features/auth/MobileLoginPage.tsx'], reads: [SESSION] },
  { path: '/login', modules: ['features/auth/LoginPage.tsx'], reads: [SESSION] },
  {
    path: '/mobile-dashboard',
    answered: true,
    modules: ['app/layouts/MobileLayout.tsx', 'features/dashboard/MobileDashboardPage.tsx'],
    reads: DASHBOARD_READS,
  },
  {
    path: '/dashboard',
    answered: true,
    modules: ['app/layouts/DesktopLayout.tsx', 'features/dashboard/DashboardPage.tsx'],
    reads: DASHBOARD_READS,
  },
  {
    path: '/r/:code',
    modules: ['features/referral-link/LinkRequestPage.tsx'],
    // The QR code's link (`?s=qr`) reads with the same marker (referral-link/api.ts); the
    // provider's identity heads both of the tenant's pages (privacy/ProviderNotice.tsx).
    reads: [
      { endpoint: referralLinkEndpoints.open, pageQuery: { s: ['qr'] } },
      referralLinkEndpoints.provider,
    ],
  },
  {
    path: '/tenant-form/:token',
    modules: ['features/tenant-form/TenantFormPage.tsx'],
    reads: [tenantFormEndpoints.open, referralLinkEndpoints.provider],
  },
];

/** What the server reads: per route, the scripts to preload and the API reads to start. */
export type FirstLoad = {
  path: string;
  answered: boolean;
  scripts: string[];
  reads: { path: string; pageQuery: Record<string, string[]> }[];
}[];

const WEB_ROOT = path.resolve(import.meta.dirname, '../src/web');

/** The chunk's file and every chunk it imports statically, recursively. */
function closure(bundle: OutputBundle, start: OutputChunk, into = new Set<string>()): Set<string> {
  if (into.has(start.fileName)) return into;
  into.add(start.fileName);
  for (const file of start.imports) {
    const chunk = bundle[file];
    if (chunk?.type === 'chunk') closure(bundle, chunk, into);
  }
  return into;
}

export function firstLoad(): Plugin {
  return {
    name: 'first-load',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      // The landing page's own build (vite.config.ts) must not take in the app: its header,
      // hydrated later, would download the router and every page with it.
      if (chunks.some((chunk) => chunk.isEntry && chunk.name === 'landing')) {
        const router = path.join(WEB_ROOT, 'app/router.tsx');
        const app = chunks.find((chunk) => chunk.moduleIds.includes(router));
        if (app)
          this.error(`first-load: the landing page loads ${app.fileName}, the app's own code`);
        return;
      }
      const app = chunks.find((chunk) => chunk.isEntry && chunk.name === 'app');
      if (!app) this.error('first-load: the app entry chunk is missing');
      // The app's own files are in index.html already (Vite's modulepreload links).
      const inHtml = closure(bundle, app);
      const pages: FirstLoad = FIRST_PAGES.map((page) => {
        const scripts = new Set<string>();
        for (const module of page.modules) {
          const id = path.join(WEB_ROOT, module);
          const chunk = chunks.find((c) => c.moduleIds.includes(id));
          if (!chunk) this.error(`first-load: ${module} (${page.path}) is in no chunk`);
          closure(bundle, chunk, scripts);
        }
        return {
          path: page.path,
          answered: page.answered === true,
          scripts: [...scripts].filter((file) => !inHtml.has(file)).map((file) => `/${file}`),
          reads: page.reads.map((read, index) => {
            const {
              endpoint,
              query,
              pageQuery = {},
            } = 'endpoint' in read ? read : { endpoint: read };
            const where = `first-load: ${endpoint.path} (${page.path})`;
            if (endpoint.method !== 'GET') this.error(`${where} is not a read`);
            if (page.answered && index === 0 && endpoint !== SESSION) {
              this.error(`${where}: an answered page reads the session first`);
            }
            const params = [...endpoint.path.matchAll(/:(\w+)/g)].map(([, name]) => name ?? '');
            for (const name of params) {
              if (!page.path.includes(`:${name}`)) this.error(`${where}: the page has no :${name}`);
            }
            // A page's marker is passed on only with values the endpoint takes.
            for (const [name, values] of Object.entries(pageQuery)) {
              for (const value of values) {
                if (!endpoint.query?.safeParse({ ...query, [name]: value }).success) {
                  this.error(`${where} does not take ${name}=${value}`);
                }
              }
            }
            // The URL as the app's apiUrl writes it, its `:params` left for the server to fill.
            const filled = Object.fromEntries(params.map((name) => [name, `:${name}`]));
            return { path: decodeURIComponent(apiUrl(endpoint.path, filled, query)), pageQuery };
          }),
        };
      });
      this.emitFile({
        type: 'asset',
        fileName: 'first-load.json',
        source: `${JSON.stringify(pages, null, 2)}\n`,
      });
    },
  };
}
