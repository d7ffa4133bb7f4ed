// Types of scripts/plex-fonts.mjs (plain JavaScript, run by node as it is).
export type PlexSubset = 'arabic' | 'latin';
export const PLEX_FACES: [PlexSubset, number][];
export function plexFontPath(subset: PlexSubset, weight: number): string;
export function unicodeRange(subset: PlexSubset): string;
export function plexFont(subset: PlexSubset, weight: number): Promise<Buffer>;
