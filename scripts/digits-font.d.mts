// Types of scripts/digits-font.mjs (plain JavaScript, run by node as it is).
export const DIGIT_CHARACTERS: string;
export const DIGIT_WEIGHTS: number[];
export function digitFontPath(weight: number): string;
export function digitFont(weight: number): Promise<Buffer>;
