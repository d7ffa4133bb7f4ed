// Types of scripts/prerequisites.mjs (plain JavaScript, so `npm test` runs it before anything
// is compiled).
export type Tool = { name: string; command: string; apt: string };
type Env = Record<string, string | undefined>;
export function missingTools(env?: Env): Tool[];
export function installCommand(missing: Tool[]): string;
export function canInstall(env?: Env, root?: boolean): boolean;
export function ensurePrerequisites(env?: Env, root?: boolean): boolean;
