/** The list's default query: the route's loader fetches exactly this one, without loading the page's code. */
export const SERVICE_OBJECTS_PAGE_SIZE = 50;
export const defaultServiceObjectsQuery = { limit: SERVICE_OBJECTS_PAGE_SIZE, offset: 0 };
