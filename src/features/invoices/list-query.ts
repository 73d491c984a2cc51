/** The list's default query: the route's loader fetches exactly this one. */
export const INVOICES_PAGE_SIZE = 50;
export const defaultInvoicesQuery = { limit: INVOICES_PAGE_SIZE, offset: 0 };
