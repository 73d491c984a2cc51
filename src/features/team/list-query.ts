/** The team page's query: the route's loader fetches exactly this one, without loading the page's code. */
export const TEAM_PAGE_QUERY = { limit: 200, offset: 0 };
