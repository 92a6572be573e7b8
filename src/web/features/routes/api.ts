import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { OptimizationResult, OptimizeRouteRequest, Route, RouteAnalytics, RouteList, SaveRouteRequest, UpdateRouteRequest } from '../../../contract/routes';
import { apiRequest, getJson } from '../../lib/api';
import { jobQueries } from '../jobs/api';

const coordinatorPath = (coordinatorId: string) => `/api/routes/coordinator/${encodeURIComponent(coordinatorId)}`;

/** The only source of the route optimizer's query keys (issue 17). */
export const routeQueries = {
  /**
   * Under the jobs' key: verifying a job marks its stop visited and counts in the analytics, so every
   * job change (a verification here, the live stream's job signals) refreshes routes too.
   */
  all: () => [...jobQueries.all(), 'routes'] as const,
  /** The coordinator's saved routes, newest first, with their stops. */
  list: (coordinatorId: string) =>
    queryOptions({
      queryKey: [...routeQueries.all(), 'list', coordinatorId] as const,
      queryFn: async () => (await getJson<RouteList>(coordinatorPath(coordinatorId)))!,
      staleTime: 15_000,
    }),
  /** Figures computed by the server from the saved routes and their jobs. */
  analytics: (coordinatorId: string) =>
    queryOptions({
      queryKey: [...routeQueries.all(), 'analytics', coordinatorId] as const,
      queryFn: async () => (await getJson<RouteAnalytics>(`${coordinatorPath(coordinatorId)}/analytics`))!,
      staleTime: 15_000,
    }),
};

/** POST /api/routes/optimize: the shortest round trip through the chosen jobs; nothing is saved. */
export function useOptimizeRoute() {
  return useMutation({
    mutationFn: (request: OptimizeRouteRequest) => apiRequest<OptimizationResult>('POST', '/api/routes/optimize', request),
  });
}

/** Saved routes change the list and the analytics: both refresh (spec 7: the route list is refreshed afterwards). */
function useRoutesRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: routeQueries.all() });
}

/** POST /api/routes: keeps a route, the server recomputing its legs and figures. */
export function useSaveRoute() {
  const refresh = useRoutesRefresh();
  return useMutation({
    mutationFn: (request: SaveRouteRequest) => apiRequest<Route>('POST', '/api/routes', request),
    onSuccess: refresh,
  });
}

/** PATCH /api/routes/{id}: start or complete a route, or mark one of its stops visited. */
export function useUpdateRoute() {
  const refresh = useRoutesRefresh();
  return useMutation({
    mutationFn: ({ routeId, change }: { routeId: string; change: UpdateRouteRequest }) =>
      apiRequest<Route>('PATCH', `/api/routes/${encodeURIComponent(routeId)}`, change),
    onSettled: refresh,
  });
}
