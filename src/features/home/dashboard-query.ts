import { getDashboardOptions } from '@generated/@tanstack/react-query.gen';

/** The home's figures (issue 18): fetched by the home route's loader before its first render, read by the page. */
export const dashboardQuery = (tenantId: string) => ({ ...getDashboardOptions({ query: { tenantId } }), staleTime: 30_000 });
