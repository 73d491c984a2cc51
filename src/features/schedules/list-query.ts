/** The team the schedule page chooses from: the route's loader fetches exactly this one, without loading the page's code. */
export const TEAM_QUERY = { limit: 200, offset: 0 };
