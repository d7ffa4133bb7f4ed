/** Admin lists show 50 rows a page, newest first, with the total count. */
export const ADMIN_PAGE_SIZE = 50;

/** `%term%` for ILIKE, with the user's own % and _ taken literally. */
export const likeTerm = (term: string) => `%${term.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
