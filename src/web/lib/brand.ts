import type { Brand } from '#domain/brand';

// Replaced at build time by vite.config.ts with brandFromEnv(process.env).
declare const __BRAND__: Brand;

/** The brand and contact details, from the environment the app was built with. */
export const BRAND: Brand = __BRAND__;
