import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  devicesEndpoints,
  makesEndpoints,
  monitoringPointsEndpoints,
  parametersEndpoints,
  type DeviceVendor,
  type MakeType,
  type NoxConversion,
} from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { makeKeys, makesQueryOptions } from '../../makes';

export { useModelsOfMake as useModels } from '../../makes';
import { monitoringPointKeys } from '../../monitoring-points';
import { parameterKeys } from '../../parameters';
import { deviceKeys } from './device-keys';

/** Device types (`GET /api/type`): the model types of the masters. */
export function useDeviceTypes() {
  return useQuery({
    queryKey: deviceKeys.types,
    queryFn: ({ signal }) => callEndpoint(devicesEndpoints.listDeviceTypes, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The analyser types for NOx, filtered by the NO or NO2 conversion (spec §4). */
export function useNdirTypes(conversion: NoxConversion | null, enabled = true) {
  return useQuery({
    queryKey: deviceKeys.ndirTypes(conversion),
    queryFn: ({ signal }) =>
      callEndpoint(devicesEndpoints.listNdirTypes, {
        query: conversion ? { conversion } : {},
        signal,
      }),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** The device vendors, by name. */
export function useDeviceVendors() {
  return useQuery({
    queryKey: deviceKeys.vendors,
    queryFn: ({ signal }) => callEndpoint(devicesEndpoints.listDeviceVendors, { signal }),
  });
}

/** Adds a vendor; the list gets it at once, in name order. */
export function useCreateDeviceVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => callEndpoint(devicesEndpoints.createDeviceVendor, { body: { name } }),
    onSuccess: (vendor) =>
      queryClient.setQueryData<DeviceVendor[]>(deviceKeys.vendors, (vendors) =>
        vendors
          ? [...vendors.filter((item) => item.id !== vendor.id), vendor].sort((a, b) =>
              a.name.localeCompare(b.name),
            )
          : vendors,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKeys.vendors }),
  });
}

/** The analyser or calibrator makes. */
export function useMakesOfType(type: Extract<MakeType, 'Analyser' | 'Calibrator'>) {
  return useQuery(makesQueryOptions(type));
}

export const modelParametersQueryOptions = (modelId: number) =>
  queryOptions({
    queryKey: makeKeys.modelParameters(modelId),
    queryFn: ({ signal }) =>
      callEndpoint(makesEndpoints.listModelParameters, { params: { id: modelId }, signal }),
  });

export const parameterUnitsQueryOptions = (parameterId: number) =>
  queryOptions({
    queryKey: [...parameterKeys.all, 'units', parameterId] as const,
    queryFn: ({ signal }) =>
      callEndpoint(parametersEndpoints.getParameterUnits, { params: { id: parameterId }, signal }),
    staleTime: 5 * 60_000,
  });

/** The units a parameter's readings may come in, with its CPCB and SPCB units. */
export function useParameterUnits(parameterId: number) {
  return useQuery(parameterUnitsQueryOptions(parameterId));
}

/** An industry's monitoring points; nothing is asked without an industry. */
export function useMonitoringPointsOf(tenantId: number | null) {
  return useQuery({
    queryKey: monitoringPointKeys.list(tenantId ?? 0),
    queryFn: ({ signal }) =>
      callEndpoint(monitoringPointsEndpoints.listMonitoringPoints, {
        params: { tenantId: tenantId! },
        signal,
      }),
    enabled: tenantId !== null,
  });
}
