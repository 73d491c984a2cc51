import type { ListServicesData } from '@generated/types.gen';

/** The list's default query: the route's loader fetches exactly this one, without loading the page's code. */
export const SERVICES_PAGE_SIZE = 25;
export const defaultServicesQuery: NonNullable<ListServicesData['query']> = { limit: SERVICES_PAGE_SIZE, offset: 0, sort: 'category' };
