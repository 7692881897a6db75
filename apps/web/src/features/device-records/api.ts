import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CALIBRATION_PAGE_SIZE,
  deviceRecordsEndpoints,
  isApiErrorCode,
  type DeviceActionKind,
  type DeviceDocuments,
} from '@vayu/domain';
import {
  ApiError,
  buildApiUrl,
  buildRequestHeaders,
  callEndpoint,
  readErrorEnvelope,
} from '../../app/api-client';

/** Query keys of a device's records; writes refresh through these. */
export const deviceRecordKeys = {
  all: ['device-records'] as const,
  documents: (deviceId: number) => [...deviceRecordKeys.all, 'documents', deviceId] as const,
  calibrations: (deviceId: number) => [...deviceRecordKeys.all, 'calibrations', deviceId] as const,
  latestCalibration: (deviceId: number) => [...deviceRecordKeys.calibrations(deviceId), 'latest'] as const,
  previousCalibrations: (deviceId: number, page: number) =>
    [...deviceRecordKeys.calibrations(deviceId), 'previous', page] as const,
  actions: (deviceId: number) => [...deviceRecordKeys.all, 'actions', deviceId] as const,
};

/** The device's supporting document details and files; nothing is asked while `enabled` is false. */
export function useDeviceDocuments(deviceId: number, enabled = true) {
  return useQuery({
    queryKey: deviceRecordKeys.documents(deviceId),
    queryFn: ({ signal }) =>
      callEndpoint(deviceRecordsEndpoints.getDeviceDocuments, { params: { id: deviceId }, signal }),
    enabled,
  });
}

/** Sends the details and files (multipart); the answer is the device's documents as stored. */
export function useUploadDeviceDocuments(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      callEndpoint(deviceRecordsEndpoints.uploadDeviceDocuments, { params: { id: deviceId }, body: form }),
    onSuccess: (documents) => queryClient.setQueryData(deviceRecordKeys.documents(deviceId), documents),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceRecordKeys.documents(deviceId) }),
  });
}

export function useDeleteDocumentFile(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: number) =>
      callEndpoint(deviceRecordsEndpoints.deleteDeviceDocumentFile, { params: { id: deviceId, fileId } }),
    onSuccess: (documents: DeviceDocuments) =>
      queryClient.setQueryData(deviceRecordKeys.documents(deviceId), documents),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceRecordKeys.documents(deviceId) }),
  });
}

/** A stored file's bytes, as `POST /api/documentById` sends them. */
export interface FetchedDocument {
  blob: Blob;
  contentType: string;
}

/**
 * The bytes of a document or calibration file by the path name its record
 * gives. The answer is a file, not JSON, so this reads it as a Blob; an error
 * answer is the API's error shape as everywhere.
 */
export async function fetchDocument(pathName: string, signal?: AbortSignal): Promise<FetchedDocument> {
  const headers = buildRequestHeaders({ 'Content-Type': 'application/json', Accept: '*/*' });
  let response: Response;
  try {
    response = await fetch(buildApiUrl(deviceRecordsEndpoints.getDocumentById.path.slice('/api'.length)), {
      method: deviceRecordsEndpoints.getDocumentById.method,
      headers,
      body: JSON.stringify({ pathName }),
      credentials: 'same-origin',
      cache: 'no-store',
      signal: signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'The server could not be reached.');
  }
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // Not JSON: worded by its status below.
    }
    const envelope = readErrorEnvelope(body);
    if (envelope) {
      throw new ApiError(
        response.status,
        isApiErrorCode(envelope.code) ? envelope.code : 'HTTP_ERROR',
        envelope.message,
        envelope.details ?? [],
        envelope.requestId,
        envelope.params ?? {},
      );
    }
    throw new ApiError(
      response.status,
      'HTTP_ERROR',
      response.statusText || `Request failed with status ${response.status}`,
    );
  }
  const contentType = response.headers.get('content-type') ?? 'application/octet-stream';
  const data = await response.arrayBuffer();
  return { blob: new Blob([data], { type: contentType }), contentType };
}

/** The device's latest calibration (null when it has none). */
export function useLatestCalibration(deviceId: number, enabled = true) {
  return useQuery({
    queryKey: deviceRecordKeys.latestCalibration(deviceId),
    queryFn: ({ signal }) =>
      callEndpoint(deviceRecordsEndpoints.getLatestCalibration, { query: { deviceId }, signal }),
    enabled,
  });
}

/** One page of the calibrations before the latest, newest first; the previous page stays while the next loads. */
export function usePreviousCalibrations(deviceId: number, page: number, enabled = true) {
  return useQuery({
    queryKey: deviceRecordKeys.previousCalibrations(deviceId, page),
    queryFn: ({ signal }) =>
      callEndpoint(deviceRecordsEndpoints.listPreviousCalibrations, {
        query: { deviceId, page, pageSize: CALIBRATION_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Records a calibration (multipart: the fields and an optional `calibrationFile`). */
export function useRecordCalibration(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => callEndpoint(deviceRecordsEndpoints.createCalibration, { body: form }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceRecordKeys.calibrations(deviceId) }),
  });
}

/** The device's latest auto clean and calibrate requests, newest first. */
export function useDeviceActions(deviceId: number, enabled = true) {
  return useQuery({
    queryKey: deviceRecordKeys.actions(deviceId),
    queryFn: ({ signal }) =>
      callEndpoint(deviceRecordsEndpoints.listDeviceActions, { params: { id: deviceId }, signal }),
    enabled,
  });
}

export function useRequestDeviceAction(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: DeviceActionKind) =>
      callEndpoint(deviceRecordsEndpoints.requestDeviceAction, {
        params: { id: deviceId },
        body: { action },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceRecordKeys.actions(deviceId) }),
  });
}
