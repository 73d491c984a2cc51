/** The list's default query: the route's loader fetches exactly this one, without loading the page's code. */
export const PORTFOLIO_PAGE_SIZE = 24;
export const defaultPortfolioQuery = { limit: PORTFOLIO_PAGE_SIZE, offset: 0 };
