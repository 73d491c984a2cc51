import type { CustomerSort } from '@generated/types.gen';
import { MAX_CUSTOMER_TAGS } from '@common/limits';

/** The list's default query: the route's loader fetches exactly this one, without loading the page's code. */
export const CUSTOMERS_PAGE_SIZE = 50;
export const defaultCustomersQuery = { limit: CUSTOMERS_PAGE_SIZE, offset: 0, sort: 'lastName' as CustomerSort };
/** The tags beside the first page (the filter and the badges): all of them, as a business has at most MAX_CUSTOMER_TAGS. */
export const customerTagsQuery = { limit: MAX_CUSTOMER_TAGS };
