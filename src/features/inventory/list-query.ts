import type { ListInventoryItemsData } from '@generated/types.gen';

/** The list's default query: the route's loader fetches exactly this one, without loading the page's code. */
export const INVENTORY_PAGE_SIZE = 25;
export const defaultInventoryQuery: NonNullable<ListInventoryItemsData['query']> = { limit: INVENTORY_PAGE_SIZE, offset: 0, sort: 'name' };
