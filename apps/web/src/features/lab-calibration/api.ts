import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  buildEndpointPath,
  devicesEndpoints,
  labCalibrationEndpoints,
  LAB_REPORT_PAGE_SIZE,
  monitoringPointsEndpoints,
  type CalibrationMarker,
} from '@vayu/domain';
import { callEndpoint } from '../../app/api-client';
import { fetchFile, saveFile } from '../../app/file-download';

/** Query keys of the calibration schedule and lab reports; writes refresh through these. */
export const labCalibrationKeys = {
  all: ['lab-calibration'] as const,
  schedules: () => [...labCalibrationKeys.all, 'schedule'] as const,
  schedule: (query: ScheduleQuery) => [...labCalibrationKeys.schedules(), query] as const,
  reports: (pointId: number) => [...labCalibrationKeys.all, 'reports', pointId] as const,
  reportsPage: (pointId: number, page: number) => [...labCalibrationKeys.reports(pointId), page] as const,
  points: (tenantId: number) => [...labCalibrationKeys.all, 'points', tenantId] as const,
  deviceParameters: (deviceId: number) => [...labCalibrationKeys.all, 'device-parameters', deviceId] as const,
};

export interface ScheduleQuery {
  tenantId?: number | undefined;
  deviceId?: number | undefined;
  status?: CalibrationMarker | undefined;
  page: number;
  pageSize: number;
}

/** One page of the calibration schedule; the previous page stays while the next loads. */
export function useCalibrationSchedule(query: ScheduleQuery, enabled = true) {
  return useQuery({
    queryKey: labCalibrationKeys.schedule(query),
    queryFn: ({ signal }) => callEndpoint(labCalibrationEndpoints.getCalibrationSchedule, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The device's parameters (for a calibration record's "parameters covered"). */
export function useDeviceParameters(deviceId: number) {
  return useQuery({
    queryKey: labCalibrationKeys.deviceParameters(deviceId),
    queryFn: ({ signal }) => callEndpoint(devicesEndpoints.getDevice, { params: { id: deviceId }, signal }),
    select: (device) =>
      device.params.map((row) => ({
        id: row.parameter.id,
        label: row.parameter.label,
        enabled: row.enabled,
      })),
    staleTime: 60_000,
  });
}

/** An admin records what came of an auto clean / calibrate request. */
export function useRecordActionResult(deviceId: number, actionsKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ actionId, result }: { actionId: number; result: 'DONE' | 'FAILED' }) =>
      callEndpoint(labCalibrationEndpoints.recordDeviceActionResult, {
        params: { id: deviceId, actionId },
        body: { result },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: actionsKey }),
  });
}

/** An industry's monitoring points; nothing is asked without an industry. */
export function useMonitoringPoints(tenantId: number | undefined) {
  return useQuery({
    queryKey: labCalibrationKeys.points(tenantId ?? 0),
    queryFn: ({ signal }) =>
      callEndpoint(monitoringPointsEndpoints.listMonitoringPoints, {
        params: { tenantId: tenantId! },
        signal,
      }),
    enabled: tenantId !== undefined,
  });
}

/** A page of a monitoring point's lab reports, newest sample first. */
export function useLabReports(pointId: number | undefined, page: number) {
  return useQuery({
    queryKey: labCalibrationKeys.reportsPage(pointId ?? 0, page),
    queryFn: ({ signal }) =>
      callEndpoint(labCalibrationEndpoints.listLabReports, {
        query: { monitoringPointId: pointId!, page, pageSize: LAB_REPORT_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: pointId !== undefined,
  });
}

export function useUploadLabReport(pointId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => callEndpoint(labCalibrationEndpoints.uploadLabReport, { body: form }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: labCalibrationKeys.reports(pointId) }),
  });
}

export function useDeleteLabReport(pointId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(labCalibrationEndpoints.deleteLabReport, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: labCalibrationKeys.reports(pointId) }),
  });
}

/** Fetches a report's file with the console's headers and saves it under its original name. */
export async function downloadLabReport(report: { id: number; fileName: string; contentType: string }) {
  const file = await fetchFile(
    buildEndpointPath(labCalibrationEndpoints.downloadLabReport.path, { id: report.id }),
    {
      accept: report.contentType,
      type: report.contentType,
      fallbackName: report.fileName,
    },
  );
  saveFile(file.blob, file.fileName);
}
