import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  buildEndpointPath,
  devicesEndpoints,
  monitoringPointsEndpoints,
  regulatorsEndpoints,
  type BoardBody,
  type EndpointQuery,
  type RegulatorDeviceBody,
  type RegulatorKeyKind,
  type RegulatorTenantCreate,
  type RegulatorTenantUpdate,
  type StationBody,
} from '@vayu/domain';
import { buildApiUrl, callEndpoint } from '../../app/api-client';
import { deviceKeys } from '../devices';
import { monitoringPointKeys } from '../monitoring-points';

export type StateAccountsQuery = EndpointQuery<typeof regulatorsEndpoints.listStateAccounts>;
export type RegulatoryViewQuery = EndpointQuery<typeof regulatorsEndpoints.getRegulatoryView>;
export type PushAttemptsQuery = EndpointQuery<typeof regulatorsEndpoints.listPushAttempts>;

/** Query keys of the boards and everything mapped at them; every write refreshes under `all`. */
export const regulatorKeys = {
  all: ['regulators'] as const,
  boards: () => [...regulatorKeys.all, 'boards'] as const,
  board: (statId: number) => [...regulatorKeys.all, 'board', statId] as const,
  states: () => [...regulatorKeys.all, 'states'] as const,
  statutory: (stateCode: string) => [...regulatorKeys.all, 'statutory', stateCode] as const,
  parameters: (statId: number) => [...regulatorKeys.all, 'parameters', statId] as const,
  units: (statId: number) => [...regulatorKeys.all, 'units', statId] as const,
  tenants: (statId: number) => [...regulatorKeys.all, 'tenants', statId] as const,
  stateAccounts: (stateCode: string, query: StateAccountsQuery) =>
    [...regulatorKeys.all, 'state-accounts', stateCode, query] as const,
  unmappedAccounts: (stateCode: string) =>
    [...regulatorKeys.all, 'state-accounts', stateCode, 'all'] as const,
  regulatoryView: (query: RegulatoryViewQuery) => [...regulatorKeys.all, 'view', query] as const,
  stations: (regulatorTenantId: number) => [...regulatorKeys.all, 'stations', regulatorTenantId] as const,
  devices: (regulatorTenantId: number) => [...regulatorKeys.all, 'devices', regulatorTenantId] as const,
  timeline: (regulatorTenantId: number, days: number) =>
    [...regulatorKeys.all, 'timeline', regulatorTenantId, days] as const,
  attempts: (regulatorTenantId: number, query: PushAttemptsQuery) =>
    [...regulatorKeys.all, 'attempts', regulatorTenantId, query] as const,
};

/** After any write at a board: everything the boards screens show is asked again. */
function useRefreshAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: regulatorKeys.all });
}

// ── Boards ─────────────────────────────────────────────────────────────────

/** The boards by state (a board user's own board only), with their industries counted. */
export function useBoards() {
  return useQuery({
    queryKey: regulatorKeys.boards(),
    queryFn: ({ signal }) => callEndpoint(regulatorsEndpoints.listBoards, { signal }),
  });
}

export function useBoard(statId: number) {
  return useQuery({
    queryKey: regulatorKeys.board(statId),
    queryFn: ({ signal }) => callEndpoint(regulatorsEndpoints.getBoard, { params: { statId }, signal }),
  });
}

/** States and union territories, each with its board when it has one. */
export function useBoardStates(enabled = true) {
  return useQuery({
    queryKey: regulatorKeys.states(),
    queryFn: ({ signal }) => callEndpoint(regulatorsEndpoints.listBoardStates, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** The board (statutory) accounts of a state; nothing is asked until a state is chosen. */
export function useStatutoryOfState(stateCode: string | null) {
  return useQuery({
    queryKey: regulatorKeys.statutory(stateCode ?? ''),
    queryFn: ({ signal }) =>
      callEndpoint(regulatorsEndpoints.listStatutoryByState, { params: { stateCode: stateCode! }, signal }),
    enabled: stateCode !== null && stateCode !== '',
  });
}

/** Adds a board (`statId` null) or changes one from the version the edit started from. */
export function useSaveBoard() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: ({ statId, body }: { statId: number | null; body: BoardBody }) =>
      statId === null
        ? callEndpoint(regulatorsEndpoints.createBoard, { body })
        : callEndpoint(regulatorsEndpoints.updateBoard, {
            params: { statId },
            body: { ...body, version: body.version ?? 0 },
          }),
    onSettled: refresh,
  });
}

// ── Board parameters and units ─────────────────────────────────────────────

export function useBoardParameters(statId: number) {
  return useQuery({
    queryKey: regulatorKeys.parameters(statId),
    queryFn: ({ signal }) =>
      callEndpoint(regulatorsEndpoints.listBoardParameters, { params: { statId }, signal }),
  });
}

export function useCreateBoardParameter(statId: number) {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (body: { parameterId: number; spcbParameterId: string }) =>
      callEndpoint(regulatorsEndpoints.createBoardParameter, { params: { statId }, body }),
    onSettled: refresh,
  });
}

export function useDeleteBoardParameter(statId: number) {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (id: number) =>
      callEndpoint(regulatorsEndpoints.deleteBoardParameter, { params: { statId, id } }),
    onSettled: refresh,
  });
}

export function useBoardUnits(statId: number) {
  return useQuery({
    queryKey: regulatorKeys.units(statId),
    queryFn: ({ signal }) => callEndpoint(regulatorsEndpoints.listBoardUnits, { params: { statId }, signal }),
  });
}

export function useCreateBoardUnit(statId: number) {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (body: { unit: string; spcbUnit: string }) =>
      callEndpoint(regulatorsEndpoints.createBoardUnit, { params: { statId }, body }),
    onSettled: refresh,
  });
}

export function useDeleteBoardUnit(statId: number) {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(regulatorsEndpoints.deleteBoardUnit, { params: { statId, id } }),
    onSettled: refresh,
  });
}

// ── Industries at a board ──────────────────────────────────────────────────

/** The industries mapped to a board, with their key status and key files. */
export function useRegulatorTenants(statId: number) {
  return useQuery({
    queryKey: regulatorKeys.tenants(statId),
    queryFn: ({ signal }) =>
      callEndpoint(regulatorsEndpoints.listRegulatorTenants, { params: { statId }, signal }),
  });
}

/** A new mapping (`id` null, with the board) or a change of one from the version the edit started from. */
export type RegulatorTenantSave =
  { id: null; statId: number; body: RegulatorTenantCreate } | { id: number; body: RegulatorTenantUpdate };

export function useSaveRegulatorTenant() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (save: RegulatorTenantSave) =>
      save.id === null
        ? callEndpoint(regulatorsEndpoints.createRegulatorTenant, {
            params: { statId: save.statId },
            body: save.body,
          })
        : callEndpoint(regulatorsEndpoints.updateRegulatorTenant, {
            params: { id: save.id },
            body: { ...save.body, version: save.body.version ?? 0 },
          }),
    onSettled: refresh,
  });
}

export function useDeleteRegulatorTenant() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (mapping: { id: number; version: number }) =>
      callEndpoint(regulatorsEndpoints.deleteRegulatorTenant, {
        params: { id: mapping.id },
        query: { version: mapping.version },
      }),
    onSettled: refresh,
  });
}

/** Uploads one key file (multipart field `file`); the answer is its name and fingerprint. */
export function useUploadRegulatorKey() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: ({ id, kind, file }: { id: number; kind: RegulatorKeyKind; file: File }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return callEndpoint(regulatorsEndpoints.uploadRegulatorKey, { params: { id, kind }, body: form });
    },
    onSettled: refresh,
  });
}

/** Where the browser downloads a public, server or user key file as uploaded (never a private key). */
export function regulatorKeyUrl(id: number, kind: Exclude<RegulatorKeyKind, 'private'>): string {
  const path = buildEndpointPath(regulatorsEndpoints.downloadRegulatorKey.path, { id, kind });
  return buildApiUrl(path.slice('/api'.length));
}

/** A page of a state's industries with their freshness and whether its board has them. */
export function useStateAccounts(stateCode: string, query: StateAccountsQuery, enabled = true) {
  return useQuery({
    queryKey: regulatorKeys.stateAccounts(stateCode, query),
    queryFn: ({ signal }) =>
      callEndpoint(regulatorsEndpoints.listStateAccounts, { params: { stateCode }, query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Pages asked at most for the industry picker (100 a page). */
const PICKER_MAX_PAGES = 20;

/** Every industry of a state the board does not have yet, by name, for the add dialog's picker. */
export function useUnmappedAccounts(stateCode: string) {
  return useQuery({
    queryKey: regulatorKeys.unmappedAccounts(stateCode),
    queryFn: async ({ signal }) => {
      const found: { tenantId: number; tenantName: string; city: string | null }[] = [];
      for (let page = 1; page <= PICKER_MAX_PAGES; page += 1) {
        const answer = await callEndpoint(regulatorsEndpoints.listStateAccounts, {
          params: { stateCode },
          query: { mapped: 'no', page, size: 100 },
          signal,
        });
        for (const item of answer.items) {
          found.push({ tenantId: item.tenantId, tenantName: item.tenantName, city: item.city });
        }
        if (page >= answer.pageCount) break;
      }
      return found.sort((a, b) => a.tenantName.localeCompare(b.tenantName));
    },
  });
}

/** The industries under a board as it sees them (a board user's own board; a site user names it). */
export function useRegulatoryView(query: RegulatoryViewQuery, enabled = true) {
  return useQuery({
    queryKey: regulatorKeys.regulatoryView(query),
    queryFn: ({ signal }) => callEndpoint(regulatorsEndpoints.getRegulatoryView, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export type GroundWaterQuery = EndpointQuery<typeof regulatorsEndpoints.getGroundWaterView>;

/** Ground water points with their CGWA NOC and freshness (every one for the platform; a board's own for its users). */
export function useGroundWater(query: GroundWaterQuery) {
  return useQuery({
    queryKey: [...regulatorKeys.all, 'ground-water', query] as const,
    queryFn: ({ signal }) => callEndpoint(regulatorsEndpoints.getGroundWaterView, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

// ── Stations and devices ───────────────────────────────────────────────────

export function useStations(regulatorTenantId: number) {
  return useQuery({
    queryKey: regulatorKeys.stations(regulatorTenantId),
    queryFn: ({ signal }) =>
      callEndpoint(regulatorsEndpoints.listStations, { params: { id: regulatorTenantId }, signal }),
  });
}

export function useSaveStation(regulatorTenantId: number) {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: StationBody }) =>
      id === null
        ? callEndpoint(regulatorsEndpoints.createStation, { params: { id: regulatorTenantId }, body })
        : callEndpoint(regulatorsEndpoints.updateStation, {
            params: { id },
            body: { ...body, version: body.version ?? 0 },
          }),
    onSettled: refresh,
  });
}

export function useDeleteStation() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (station: { id: number; version: number }) =>
      callEndpoint(regulatorsEndpoints.deleteStation, {
        params: { id: station.id },
        query: { version: station.version },
      }),
    onSettled: refresh,
  });
}

export function useRegulatorDevices(regulatorTenantId: number) {
  return useQuery({
    queryKey: regulatorKeys.devices(regulatorTenantId),
    queryFn: ({ signal }) =>
      callEndpoint(regulatorsEndpoints.listRegulatorDevices, { params: { id: regulatorTenantId }, signal }),
  });
}

export function useCreateRegulatorDevice() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (body: RegulatorDeviceBody) => callEndpoint(regulatorsEndpoints.createPcbDevice, { body }),
    onSettled: refresh,
  });
}

export function useDeleteRegulatorDevice() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(regulatorsEndpoints.deletePcbDevice, { params: { id } }),
    onSettled: refresh,
  });
}

/** The industry's monitoring points (the same cache entry as its account's monitoring points section). */
export function useIndustryPoints(tenantId: number, enabled = true) {
  return useQuery({
    queryKey: monitoringPointKeys.list(tenantId),
    queryFn: ({ signal }) =>
      callEndpoint(monitoringPointsEndpoints.listMonitoringPoints, { params: { tenantId }, signal }),
    enabled,
  });
}

/** The industry's devices at a monitoring point (a station's point), up to 100. */
export function useDevicesAtPoint(tenantId: number, monitoringPointId: number | null) {
  const query = { tenantId, monitoringPointId: monitoringPointId ?? undefined, page: 1, pageSize: 100 };
  return useQuery({
    queryKey: deviceKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(devicesEndpoints.listDevices, { query, signal }),
    enabled: monitoringPointId !== null,
  });
}

/** One device with its parameter rows; nothing is asked without a device. */
export function useDeviceParams(deviceId: number | null) {
  return useQuery({
    queryKey: deviceKeys.detail(deviceId ?? 0),
    queryFn: ({ signal }) => callEndpoint(devicesEndpoints.getDevice, { params: { id: deviceId! }, signal }),
    enabled: deviceId !== null,
  });
}

// ── Compliance and the push ────────────────────────────────────────────────

/** How often an open timeline is asked again: the push runs each minute. */
export const TIMELINE_REFRESH_MS = 60_000;

/** An industry's slots at its board by day and the last 24 hours, asked again each minute while shown. */
export function useComplianceTimeline(regulatorTenantId: number, days = 7) {
  return useQuery({
    queryKey: regulatorKeys.timeline(regulatorTenantId, days),
    queryFn: ({ signal }) =>
      callEndpoint(regulatorsEndpoints.getComplianceTimeline, {
        query: { regulatorTenantId, days },
        signal,
      }),
    refetchInterval: TIMELINE_REFRESH_MS,
  });
}

export function usePushAttempts(regulatorTenantId: number, query: PushAttemptsQuery) {
  return useQuery({
    queryKey: regulatorKeys.attempts(regulatorTenantId, query),
    queryFn: ({ signal }) =>
      callEndpoint(regulatorsEndpoints.listPushAttempts, {
        params: { id: regulatorTenantId },
        query,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
