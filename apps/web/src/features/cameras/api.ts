import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  camerasEndpoints,
  monitoringPointsEndpoints,
  type Camera,
  type CameraBody,
  type CameraList,
} from '@vayu/domain';
import { callEndpoint } from '../../app/api-client';
import { monitoringPointKeys } from '../monitoring-points';

/** Query keys of the cameras; writes refresh the industry's list through these. */
export const cameraKeys = {
  all: ['cameras'] as const,
  list: (tenantId: number) => [...cameraKeys.all, tenantId] as const,
};

export const camerasQueryOptions = (tenantId: number) =>
  queryOptions({
    queryKey: cameraKeys.list(tenantId),
    queryFn: ({ signal }) => callEndpoint(camerasEndpoints.listCameras, { params: { tenantId }, signal }),
  });

/** An industry's cameras, with the most it may have. */
export function useCameras(tenantId: number) {
  return useQuery(camerasQueryOptions(tenantId));
}

/**
 * The industry's monitoring points a camera may watch: the same list (and
 * cache entry) as the monitoring points section beside it.
 */
export function useCameraPoints(tenantId: number) {
  return useQuery({
    queryKey: monitoringPointKeys.list(tenantId),
    queryFn: ({ signal }) =>
      callEndpoint(monitoringPointsEndpoints.listMonitoringPoints, { params: { tenantId }, signal }),
  });
}

/** A camera to save: a new one (no `id`, a token) or a change from the version the edit started from. */
export type CameraSave =
  { id: null; body: CameraBody & { authToken: string } } | { id: number; body: CameraBody };

export function useSaveCamera(tenantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: CameraSave) =>
      save.id === null
        ? callEndpoint(camerasEndpoints.createCamera, { params: { tenantId }, body: save.body })
        : callEndpoint(camerasEndpoints.updateCamera, {
            params: { tenantId, cameraId: save.id },
            body: { ...save.body, version: save.body.version ?? 0 },
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cameraKeys.list(tenantId) }),
  });
}

/** Deletes a camera at the version the person saw (refused when it changed since). */
export function useDeleteCamera(tenantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (camera: Pick<Camera, 'id' | 'version'>) =>
      callEndpoint(camerasEndpoints.deleteCamera, {
        params: { tenantId, cameraId: camera.id },
        query: { version: camera.version },
      }),
    onSuccess: (deleted) =>
      queryClient.setQueryData<CameraList>(cameraKeys.list(tenantId), (list) =>
        list ? { ...list, items: list.items.filter((item) => item.id !== deleted.id) } : list,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cameraKeys.list(tenantId) }),
  });
}
