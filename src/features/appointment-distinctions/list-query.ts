/** The list's default query: the route's loader fetches exactly this one, without loading the page's code. */
export const DISTINCTIONS_PAGE_SIZE = 50;
export const defaultDistinctionsQuery = { limit: DISTINCTIONS_PAGE_SIZE, offset: 0 };
