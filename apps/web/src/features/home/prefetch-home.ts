import type { QueryClient } from '@tanstack/react-query';
import { homeOverviewQueryOptions } from './api/get-home-overview';

/**
 * Asks for the home screen's numbers while its code loads (the console starts
 * at /home after signing in); the screen finds them in the query cache. A
 * failure is left for the screen to show.
 */
export async function prefetchHome(queryClient: QueryClient): Promise<void> {
  await queryClient.prefetchQuery(homeOverviewQueryOptions());
}
