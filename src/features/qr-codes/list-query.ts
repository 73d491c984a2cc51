/** The list's default query: the route's loader fetches exactly this one, without loading the page's code. */
export const QR_CODES_PAGE_SIZE = 50;
export const defaultQrCodesQuery = { limit: QR_CODES_PAGE_SIZE, offset: 0 };
