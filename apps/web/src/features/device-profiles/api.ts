import {
  type InfiniteData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  deviceProfilesEndpoints,
  makesEndpoints,
  parametersEndpoints,
  type PROFILE_LIST_TYPES,
  type DeviceProfile,
  type ProfileBody,
} from '@vayu/domain';
import { callEndpoint } from '../../app/api-client';
import { makeKeys } from '../makes';
import { parameterKeys } from '../parameters';

export type ProfileListType = (typeof PROFILE_LIST_TYPES)[number];

type ProfilePage = { items: DeviceProfile[]; offset: number };

/** Query keys of the device profiles; writes refresh every loaded list through `all`. */
export const deviceProfileKeys = {
  all: ['device-profiles'] as const,
  list: (type: ProfileListType) => [...deviceProfileKeys.all, 'list', type] as const,
};

/** How many profiles the pages hold: the offset of the next page (spec §4). */
export const countLoaded = (pages: readonly ProfilePage[]) =>
  pages.reduce((sum, page) => sum + page.items.length, 0);

/**
 * The profiles of one type (or all), a page at a time: each next page is asked
 * from the number already loaded, and the list ends when a page comes back empty.
 */
export function useDeviceProfiles(type: ProfileListType) {
  return useInfiniteQuery({
    queryKey: deviceProfileKeys.list(type),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(deviceProfilesEndpoints.listDeviceProfiles, {
        params: { typeOrId: type },
        query: { offset: pageParam },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) => (lastPage.items.length === 0 ? undefined : countLoaded(pages)),
  });
}

/** Adds a profile (`id` null) or changes one from the version the edit started from. */
export function useSaveDeviceProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ProfileBody }): Promise<DeviceProfile> =>
      id === null
        ? callEndpoint(deviceProfilesEndpoints.createDeviceProfile, { body })
        : callEndpoint(deviceProfilesEndpoints.updateDeviceProfile, {
            params: { typeOrId: id },
            body: { ...body, version: body.version ?? 0 },
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceProfileKeys.all }),
  });
}

/** Deletes a profile at the version the person saw (refused when it changed since). */
export function useDeleteDeviceProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: Pick<DeviceProfile, 'id' | 'version'>) =>
      callEndpoint(deviceProfilesEndpoints.deleteDeviceProfile, {
        params: { typeOrId: profile.id },
        query: { version: profile.version },
      }),
    onSuccess: (_answer, profile) =>
      // Gone from every loaded list at once; the refetch below brings the lists in line with the server.
      queryClient.setQueriesData<InfiniteData<ProfilePage, number>>(
        { queryKey: deviceProfileKeys.all },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.filter((item) => item.id !== profile.id),
            })),
          },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceProfileKeys.all }),
  });
}

/** The model types of the master: a profile's device type is one of them. */
export function useDeviceTypes() {
  return useQuery(
    queryOptions({
      queryKey: makeKeys.modelTypes,
      queryFn: ({ signal }) => callEndpoint(makesEndpoints.listModelTypes, { signal }),
    }),
  );
}

/** The catalogue parameters a model measures (what a new profile of the model starts with). */
export const modelParametersQueryOptions = (modelId: number) =>
  queryOptions({
    queryKey: makeKeys.modelParameters(modelId),
    queryFn: ({ signal }) =>
      callEndpoint(makesEndpoints.listModelParameters, { params: { id: modelId }, signal }),
  });

/** The units a parameter's readings may arrive in, its standard unit first. */
export function useParameterUnits(parameterId: number | null) {
  return useQuery({
    queryKey: [...parameterKeys.all, 'units', parameterId],
    queryFn: ({ signal }) =>
      callEndpoint(parametersEndpoints.getParameterUnits, { params: { id: parameterId! }, signal }),
    enabled: parameterId !== null,
    staleTime: 5 * 60_000,
  });
}
