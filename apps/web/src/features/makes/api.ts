import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  makesEndpoints,
  type Make,
  type MakeBody,
  type MakeType,
  type Model,
  type ModelBody,
  type ModelType,
  type ModelTypeBody,
} from '@vayu/domain';
import { callEndpoint } from '../../app/api-client';

/** Query keys of makes and their models (shared with the diagnostics screens) and of model types. */
export const makeKeys = {
  all: ['makes'] as const,
  /** Every make (`'all'`), or those of one type. */
  list: (type?: MakeType) => [...makeKeys.all, type ?? 'all'] as const,
  detail: (id: number) => [...makeKeys.all, 'detail', id] as const,
  models: (makeId: number) => [...makeKeys.all, 'models', makeId] as const,
  modelParameters: (modelId: number) => [...makeKeys.all, 'model-parameters', modelId] as const,
  modelTypes: ['model-types'] as const,
};

/** The analyser or calibrator makes from their own lists, any other type (or all) from `GET /api/make`. */
function fetchMakes(type: MakeType | undefined, signal: AbortSignal): Promise<Make[]> {
  if (type === 'Analyser') return callEndpoint(makesEndpoints.listAnalyserMakes, { signal });
  if (type === 'Calibrator') return callEndpoint(makesEndpoints.listCalibratorMakes, { signal });
  return callEndpoint(makesEndpoints.listMakes, { query: { type }, signal });
}

/** The makes not deleted, by name: every one, or those of one type. */
export const makesQueryOptions = (type?: MakeType) =>
  queryOptions({
    queryKey: makeKeys.list(type),
    queryFn: ({ signal }) => fetchMakes(type, signal),
  });

export const allMakesQueryOptions = () => makesQueryOptions();

/** Every make not deleted, by name. */
export function useAllMakes() {
  return useQuery(allMakesQueryOptions());
}

/** The makes of one type (every make without one), by name. */
export function useMakes(type?: MakeType) {
  return useQuery(makesQueryOptions(type));
}

/** One make (`GET /api/make/{id}`); a deleted or unknown one fails with NOT_FOUND. */
export function useMake(id: number | null) {
  return useQuery({
    queryKey: makeKeys.detail(id ?? 0),
    queryFn: ({ signal }) => callEndpoint(makesEndpoints.getMake, { params: { id: id! }, signal }),
    enabled: id !== null,
  });
}

/** Adds a make (`id` null) or changes one from the version the edit started from. */
export function useSaveMake() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: MakeBody }): Promise<Make> =>
      id === null
        ? callEndpoint(makesEndpoints.createMake, { body })
        : callEndpoint(makesEndpoints.updateMake, { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: makeKeys.all }),
  });
}

/** The models of a make, by name; nothing is asked until there is a make. */
export function useModelsOfMake(makeId: number | null | undefined) {
  return useQuery({
    queryKey: makeKeys.models(makeId ?? 0),
    queryFn: ({ signal }) =>
      callEndpoint(makesEndpoints.listModelsOfMake, { params: { makeId: makeId! }, signal }),
    enabled: makeId !== null && makeId !== undefined,
  });
}

/** The catalogue parameters a model measures, with their labels; nothing is asked without a model. */
export function useModelParameters(modelId: number | null) {
  return useQuery({
    queryKey: makeKeys.modelParameters(modelId ?? 0),
    queryFn: ({ signal }) =>
      callEndpoint(makesEndpoints.listModelParameters, { params: { id: modelId! }, signal }),
    enabled: modelId !== null,
  });
}

/**
 * Adds a model (`id` null) or changes one from the version the edit started
 * from. Its make's count and its model type's count change with it.
 */
export function useSaveModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ModelBody }): Promise<Model> =>
      id === null
        ? callEndpoint(makesEndpoints.createModel, { body })
        : callEndpoint(makesEndpoints.updateModel, { params: { id }, body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: makeKeys.all }),
        queryClient.invalidateQueries({ queryKey: makeKeys.modelTypes }),
      ]),
  });
}

export const modelTypesQueryOptions = () =>
  queryOptions({
    queryKey: makeKeys.modelTypes,
    queryFn: ({ signal }) => callEndpoint(makesEndpoints.listModelTypes, { signal }),
  });

/** The model types not deleted, by type, with how many models each has. */
export function useModelTypes() {
  return useQuery(modelTypesQueryOptions());
}

/** Adds a model type (`id` null) or changes one from the version the edit started from. */
export function useSaveModelType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ModelTypeBody }): Promise<ModelType> =>
      id === null
        ? callEndpoint(makesEndpoints.createModelType, { body })
        : callEndpoint(makesEndpoints.updateModelType, { params: { id }, body }),
    // A renamed model type carries its new name to its models.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: makeKeys.modelTypes }),
        queryClient.invalidateQueries({ queryKey: [...makeKeys.all, 'models'] }),
      ]),
  });
}
