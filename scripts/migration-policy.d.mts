// Types of scripts/migration-policy.mjs (plain JavaScript, so it runs with nothing compiled).
export type Finding = { rule: string; why: string; statement: string };
export const BEFORE_THE_POLICY: number;
export const LARGE_TABLES: string[];
export const RULES: { rule: string; find: { test: (statement: string) => boolean }; why: string }[];
export function checkMigration(sql: string): Finding[];
export function checkMigrations(folder: string): (Finding & { file: string })[];
