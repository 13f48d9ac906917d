/**
 * The cursor-list hook lives in @plantfolk/ui (shared with the events remote); this module keeps
 * the social lists' page size and the old import path of the modules that still use it.
 */
export { EXTRA_PAGE_DELAY_MS, useCursorList } from '@plantfolk/ui/cursor-list';

/** Page size of the lists that take one. */
export const PAGE_SIZE = 20;
