import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  monitoringPointsEndpoints,
  type MonitoringPoint,
  type MonitoringPointBody,
  type MonitoringPointList,
} from '@vayu/domain';
import { callEndpoint } from '../../app/api-client';

/** Query keys of the monitoring points; writes refresh the industry's list through these. */
export const monitoringPointKeys = {
  all: ['monitoring-points'] as const,
  list: (tenantId: number) => [...monitoringPointKeys.all, tenantId] as const,
};

export const monitoringPointsQueryOptions = (tenantId: number) =>
  queryOptions({
    queryKey: monitoringPointKeys.list(tenantId),
    queryFn: ({ signal }) =>
      callEndpoint(monitoringPointsEndpoints.listMonitoringPoints, { params: { tenantId }, signal }),
  });

/** An industry's monitoring points, with the most it may have. */
export function useMonitoringPoints(tenantId: number) {
  return useQuery(monitoringPointsQueryOptions(tenantId));
}

/** Adds a point (no `id`) or changes one from the version the edit started from. */
export function useSaveMonitoringPoint(tenantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: MonitoringPointBody }) =>
      id === null
        ? callEndpoint(monitoringPointsEndpoints.createMonitoringPoint, { params: { tenantId }, body })
        : callEndpoint(monitoringPointsEndpoints.updateMonitoringPoint, {
            params: { tenantId, entityId: id },
            body: { ...body, version: body.version ?? 0 },
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: monitoringPointKeys.list(tenantId) }),
  });
}

/** Deletes a point at the version the person saw (refused when it changed since). */
export function useDeleteMonitoringPoint(tenantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (point: Pick<MonitoringPoint, 'id' | 'version'>) =>
      callEndpoint(monitoringPointsEndpoints.deleteMonitoringPoint, {
        params: { tenantId, entityId: point.id },
        query: { version: point.version },
      }),
    onSuccess: (deleted) =>
      queryClient.setQueryData<MonitoringPointList>(monitoringPointKeys.list(tenantId), (list) =>
        list ? { ...list, items: list.items.filter((item) => item.id !== deleted.id) } : list,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: monitoringPointKeys.list(tenantId) }),
  });
}
