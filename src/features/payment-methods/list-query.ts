/** The list's default query: the route's loader fetches exactly this one, without loading the page's code. */
export const PAYMENT_METHODS_PAGE_SIZE = 50;
export const defaultPaymentMethodsQuery = { limit: PAYMENT_METHODS_PAGE_SIZE, offset: 0 };
