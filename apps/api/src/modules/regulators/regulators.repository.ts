import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  INDIAN_STATES,
  KEY_STATUS_CONNECTED,
  KEY_STATUS_NOT_YET,
  REGULATOR_KEY_KINDS,
  type Board,
  type Page,
  type BoardParameter,
  type BoardUnit,
  type PushAttempt,
  type RegulatorDevice,
  type RegulatorKeyFile,
  type RegulatorKeyKind,
  type RegulatorTenant,
  type Station,
} from '@vayu/domain';
import type { Executor } from '../../db/client.js';
import { readPage } from '../../lib/paging.js';
import { freshnessSql, rowsOf } from '../../db/sql.js';
import {
  accounts,
  devices,
  monitoringPoints,
  parameters,
  regulatorBoards,
  regulatorDevices,
  regulatorKeyFiles,
  regulatorParameters,
  regulatorPushAttempts,
  regulatorStations,
  regulatorTenants,
  regulatorUnits,
} from '../../db/schema/index.js';

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const stateNameOf = (code: string) => INDIAN_STATES.find((state) => state.code === code)?.name ?? code;

// ── Boards ─────────────────────────────────────────────────────────────────

/**
 * Boards with their mapped industries counted by freshness (each industry's
 * newest reading of any device, against the spec's LIVE / DELAYED /
 * OFFLINE thresholds). `statutoryAccountId` narrows to one board user's board.
 */
export async function listBoards(
  exec: Executor,
  filter: { statId?: number; statutoryAccountId?: number } = {},
): Promise<Board[]> {
  const rows = rowsOf<{
    id: number;
    name: string;
    statutory_account_id: number;
    statutory_name: string;
    state_code: string;
    config: Board['config'];
    version: number;
    updated_at: Date | string;
    total: number;
    live: number;
    delayed: number;
  }>(
    await exec.execute(sql`
    SELECT b.id, b.name, b.statutory_account_id, s.name AS statutory_name, b.state_code, b.config,
           b.version, b.updated_at,
           count(rt.id)::int AS total,
           count(rt.id) FILTER (WHERE ${freshnessSql(sql`f.last_ts`)} = 'LIVE')::int AS live,
           count(rt.id) FILTER (WHERE ${freshnessSql(sql`f.last_ts`)} = 'DELAYED')::int AS delayed
      FROM regulator_boards b
      JOIN accounts s ON s.id = b.statutory_account_id
      LEFT JOIN regulator_tenants rt ON rt.board_id = b.id
      LEFT JOIN LATERAL (
        SELECT max(l.last_ts) AS last_ts FROM device_last_data l WHERE l.tenant_id = rt.tenant_id
      ) f ON true
     WHERE (${filter.statId ?? null}::int IS NULL OR b.id = ${filter.statId ?? null}::int)
       AND (${filter.statutoryAccountId ?? null}::int IS NULL
            OR b.statutory_account_id = ${filter.statutoryAccountId ?? null}::int)
     GROUP BY b.id, s.name
     ORDER BY b.name, b.id`),
  );
  return rows.map((row) => ({
    statId: row.id,
    name: row.name,
    statutoryId: row.statutory_account_id,
    statutoryName: row.statutory_name,
    stateCode: row.state_code,
    stateName: stateNameOf(row.state_code),
    config: row.config,
    accountCounts: {
      total: row.total,
      live: row.live,
      delayed: row.delayed,
      offline: row.total - row.live - row.delayed,
    },
    version: row.version,
    updatedAt: new Date(row.updated_at).toISOString(),
  }));
}

/** What access checks and mappings need of a board: no counts. */
export interface BoardRef {
  statId: number;
  statutoryId: number;
  stateCode: string;
}

/** A board by id, or a board user's own (`statutoryAccountId`), without its counts. */
export async function findBoardRef(
  exec: Executor,
  filter: { statId?: number; statutoryAccountId?: number },
): Promise<BoardRef | undefined> {
  const [row] = await exec
    .select({
      statId: regulatorBoards.id,
      statutoryId: regulatorBoards.statutoryAccountId,
      stateCode: regulatorBoards.stateCode,
    })
    .from(regulatorBoards)
    .where(
      and(
        filter.statId === undefined ? undefined : eq(regulatorBoards.id, filter.statId),
        filter.statutoryAccountId === undefined
          ? undefined
          : eq(regulatorBoards.statutoryAccountId, filter.statutoryAccountId),
      ),
    )
    .orderBy(asc(regulatorBoards.id))
    .limit(1);
  return row;
}

export async function boardIdOfState(exec: Executor, stateCode: string): Promise<number | undefined> {
  const [row] = await exec
    .select({ id: regulatorBoards.id })
    .from(regulatorBoards)
    .where(eq(regulatorBoards.stateCode, stateCode))
    .limit(1);
  return row?.id;
}

export async function boardsByState(exec: Executor): Promise<Map<string, number>> {
  const rows = await exec
    .select({ id: regulatorBoards.id, stateCode: regulatorBoards.stateCode })
    .from(regulatorBoards);
  return new Map(rows.map((row) => [row.stateCode, row.id]));
}

// ── Board parameters and units ─────────────────────────────────────────────

const boardParameterColumns = {
  id: regulatorParameters.id,
  parameterId: regulatorParameters.parameterId,
  parameterLabel: parameters.label,
  stdUnit: parameters.stdUnit,
  spcbParameterId: regulatorParameters.spcbParameterId,
};

export async function listBoardParameters(exec: Executor, boardId: number): Promise<BoardParameter[]> {
  return exec
    .select(boardParameterColumns)
    .from(regulatorParameters)
    .innerJoin(parameters, eq(parameters.id, regulatorParameters.parameterId))
    .where(eq(regulatorParameters.boardId, boardId))
    .orderBy(asc(parameters.label), asc(regulatorParameters.id));
}

export async function findBoardParameter(
  exec: Executor,
  boardId: number,
  id: number,
): Promise<BoardParameter | undefined> {
  const [row] = await exec
    .select(boardParameterColumns)
    .from(regulatorParameters)
    .innerJoin(parameters, eq(parameters.id, regulatorParameters.parameterId))
    .where(and(eq(regulatorParameters.boardId, boardId), eq(regulatorParameters.id, id)))
    .limit(1);
  return row;
}

export async function listBoardUnits(exec: Executor, boardId: number): Promise<BoardUnit[]> {
  return exec
    .select({ id: regulatorUnits.id, unit: regulatorUnits.unit, spcbUnit: regulatorUnits.spcbUnit })
    .from(regulatorUnits)
    .where(eq(regulatorUnits.boardId, boardId))
    .orderBy(asc(regulatorUnits.unit), asc(regulatorUnits.id));
}

// ── Industries at a board ──────────────────────────────────────────────────

const tenantColumns = {
  id: regulatorTenants.id,
  statId: regulatorTenants.boardId,
  tenantId: regulatorTenants.tenantId,
  tenantName: accounts.name,
  spcbTenantId: regulatorTenants.spcbTenantId,
  authorizationKeyHint: regulatorTenants.authorizationKeyHint,
  signature: regulatorTenants.signature,
  nocNumber: regulatorTenants.nocNumber,
  syncDataStatus: regulatorTenants.syncDataStatus,
  pushEnabled: regulatorTenants.pushEnabled,
  nextSlot: regulatorTenants.nextSlot,
  lastAttemptAt: regulatorTenants.lastAttemptAt,
  lastDeliveredAt: regulatorTenants.lastDeliveredAt,
  lastError: regulatorTenants.lastError,
  version: regulatorTenants.version,
};

type TenantRow = Awaited<ReturnType<typeof selectTenants>>[number];

function selectTenants(exec: Executor) {
  return exec
    .select(tenantColumns)
    .from(regulatorTenants)
    .innerJoin(accounts, eq(accounts.id, regulatorTenants.tenantId))
    .$dynamic();
}

const keyOrder = (kind: RegulatorKeyKind) => REGULATOR_KEY_KINDS.indexOf(kind);

async function keyFilesOf(exec: Executor, ids: number[]): Promise<Map<number, RegulatorKeyFile[]>> {
  const byTenant = new Map<number, RegulatorKeyFile[]>();
  if (ids.length === 0) return byTenant;
  const rows = await exec
    .select({
      regulatorTenantId: regulatorKeyFiles.regulatorTenantId,
      kind: regulatorKeyFiles.kind,
      fileName: regulatorKeyFiles.fileName,
      fingerprint: regulatorKeyFiles.fingerprint,
      uploadedAt: regulatorKeyFiles.uploadedAt,
    })
    .from(regulatorKeyFiles)
    .where(sql`${regulatorKeyFiles.regulatorTenantId} = any(${sql.param(ids)}::int[])`);
  for (const row of rows) {
    const list = byTenant.get(row.regulatorTenantId) ?? [];
    list.push({
      kind: row.kind,
      fileName: row.fileName,
      fingerprint: row.fingerprint,
      uploadedAt: row.uploadedAt.toISOString(),
    });
    byTenant.set(row.regulatorTenantId, list);
  }
  for (const list of byTenant.values()) list.sort((a, b) => keyOrder(a.kind) - keyOrder(b.kind));
  return byTenant;
}

async function toRegulatorTenants(exec: Executor, rows: TenantRow[]): Promise<RegulatorTenant[]> {
  const keys = await keyFilesOf(
    exec,
    rows.map((row) => row.id),
  );
  return rows.map(({ syncDataStatus, ...row }) => ({
    ...row,
    keyStatus: syncDataStatus ? KEY_STATUS_CONNECTED : KEY_STATUS_NOT_YET,
    keyFiles: keys.get(row.id) ?? [],
    nextSlot: row.nextSlot.toISOString(),
    lastAttemptAt: iso(row.lastAttemptAt),
    lastDeliveredAt: iso(row.lastDeliveredAt),
  }));
}

export async function listRegulatorTenants(exec: Executor, boardId: number): Promise<RegulatorTenant[]> {
  const rows = await selectTenants(exec)
    .where(eq(regulatorTenants.boardId, boardId))
    .orderBy(asc(accounts.name), asc(regulatorTenants.id));
  return toRegulatorTenants(exec, rows);
}

export async function findRegulatorTenant(exec: Executor, id: number): Promise<RegulatorTenant | undefined> {
  const rows = await selectTenants(exec).where(eq(regulatorTenants.id, id)).limit(1);
  const [tenant] = await toRegulatorTenants(exec, rows);
  return tenant;
}

export async function findKeyFile(exec: Executor, regulatorTenantId: number, kind: RegulatorKeyKind) {
  const [row] = await exec
    .select()
    .from(regulatorKeyFiles)
    .where(and(eq(regulatorKeyFiles.regulatorTenantId, regulatorTenantId), eq(regulatorKeyFiles.kind, kind)))
    .limit(1);
  return row;
}

// ── Stations and devices ───────────────────────────────────────────────────

const stationColumns = {
  id: regulatorStations.id,
  regulatorTenantId: regulatorStations.regulatorTenantId,
  monitoringPointId: regulatorStations.monitoringPointId,
  monitoringPointName: monitoringPoints.name,
  entityType: monitoringPoints.entityType,
  spcbEntityId: regulatorStations.spcbEntityId,
  version: regulatorStations.version,
};

export async function listStations(exec: Executor, regulatorTenantId: number): Promise<Station[]> {
  return exec
    .select(stationColumns)
    .from(regulatorStations)
    .innerJoin(monitoringPoints, eq(monitoringPoints.id, regulatorStations.monitoringPointId))
    .where(eq(regulatorStations.regulatorTenantId, regulatorTenantId))
    .orderBy(asc(monitoringPoints.name), asc(regulatorStations.id));
}

export async function findStation(exec: Executor, id: number): Promise<Station | undefined> {
  const [row] = await exec
    .select(stationColumns)
    .from(regulatorStations)
    .innerJoin(monitoringPoints, eq(monitoringPoints.id, regulatorStations.monitoringPointId))
    .where(eq(regulatorStations.id, id))
    .limit(1);
  return row;
}

const deviceColumns = {
  id: regulatorDevices.id,
  regulatorTenantId: regulatorDevices.regulatorTenantId,
  stationId: regulatorDevices.stationId,
  spcbEntityId: regulatorStations.spcbEntityId,
  deviceId: regulatorDevices.deviceId,
  deviceName: devices.name,
  parameterId: regulatorDevices.parameterId,
  parameterLabel: parameters.label,
  unit: regulatorDevices.unit,
  regulatorParameterId: regulatorDevices.regulatorParameterId,
  spcbParameterId: regulatorParameters.spcbParameterId,
  regulatorUnitId: regulatorDevices.regulatorUnitId,
  spcbUnit: regulatorUnits.spcbUnit,
  spcbDeviceId: regulatorDevices.spcbDeviceId,
};

function devicesQuery(exec: Executor) {
  return exec
    .select(deviceColumns)
    .from(regulatorDevices)
    .innerJoin(regulatorStations, eq(regulatorStations.id, regulatorDevices.stationId))
    .innerJoin(devices, eq(devices.id, regulatorDevices.deviceId))
    .innerJoin(parameters, eq(parameters.id, regulatorDevices.parameterId))
    .innerJoin(regulatorParameters, eq(regulatorParameters.id, regulatorDevices.regulatorParameterId))
    .innerJoin(regulatorUnits, eq(regulatorUnits.id, regulatorDevices.regulatorUnitId));
}

export async function listRegulatorDevices(
  exec: Executor,
  regulatorTenantId: number,
): Promise<RegulatorDevice[]> {
  return devicesQuery(exec)
    .where(eq(regulatorDevices.regulatorTenantId, regulatorTenantId))
    .orderBy(asc(devices.name), asc(parameters.label), asc(regulatorDevices.id));
}

export async function findRegulatorDevice(exec: Executor, id: number): Promise<RegulatorDevice | undefined> {
  const [row] = await devicesQuery(exec).where(eq(regulatorDevices.id, id)).limit(1);
  return row;
}

// ── Push attempts ──────────────────────────────────────────────────────────

/** The industry's tries at the board, newest first, a page at a time (the attempts index serves it). */
export function pushAttemptsPage(
  exec: Executor,
  regulatorTenantId: number,
  request: { page: number; pageSize: number },
): Promise<Page<PushAttempt>> {
  const where = eq(regulatorPushAttempts.regulatorTenantId, regulatorTenantId);
  return readPage(exec, request, {
    rows: async (limit, offset) => {
      const rows = await exec
        .select()
        .from(regulatorPushAttempts)
        .where(where)
        .orderBy(desc(regulatorPushAttempts.attemptedAt), desc(regulatorPushAttempts.id))
        .limit(limit)
        .offset(offset);
      return rows.map((row) => ({
        id: row.id,
        deviceId: row.deviceId,
        slot: row.slot.toISOString(),
        requestId: row.requestId,
        outcome: row.outcome,
        httpStatus: row.httpStatus,
        boardCode: row.boardCode,
        answer: row.answer,
        durationMs: row.durationMs,
        attemptedAt: row.attemptedAt.toISOString(),
      }));
    },
    matches: () =>
      exec.select({ id: regulatorPushAttempts.id }).from(regulatorPushAttempts).where(where).$dynamic(),
    countKey: ['regulatorPushAttempts', regulatorTenantId],
  });
}
