/** Paging every list call shares: pages count from 1 and hold DEFAULT_PAGE_SIZE rows unless asked for more. */
export const DEFAULT_PAGE_SIZE = 20;
/** The most rows a page holds: a client that wants a whole short list (the roles, say) asks for this many. */
export const MAX_PAGE_SIZE = 200;
/** The deepest page a list can be asked for: keeps the offset a sane number. */
export const MAX_PAGE_INDEX = 100_000;
