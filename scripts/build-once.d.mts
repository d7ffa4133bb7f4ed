// Types of scripts/build-once.mjs (plain JavaScript, so `npm start` runs it before anything is
// compiled).
export const BUILD_INPUTS: string[];
export function buildIsFresh(root: string, inputs?: string[]): boolean;
export function buildOnce(
  root: string,
  build: () => void | Promise<void>,
  inputs?: string[],
): Promise<boolean>;
