import { and, count, eq, sql } from 'drizzle-orm';
import {
  authTokenHintOf,
  authTokenTail,
  canConvert,
  INDIAN_STATES,
  REGULATOR_MESSAGES,
  slotStartOf,
  type Board,
  type BoardBody,
  type BoardParameter,
  type BoardUnit,
  type ComplianceTimeline,
  type DataFreshness,
  type Page,
  type PushAttempt,
  type RegulatorDevice,
  type RegulatorDeviceBody,
  type RegulatorKeyFile,
  type RegulatorKeyKind,
  type RegulatorTenant,
  type RegulatorTenantCreate,
  type RegulatorTenantUpdate,
  type Station,
  type StationBody,
} from '@vayu/domain';
import type { RequestContext } from '../../auth/principal.js';
import type { Database, Executor } from '../../db/client.js';
import {
  accounts,
  boardTenants,
  deviceParams,
  devices,
  monitoringPoints,
  parameters,
  regulatorBoards,
  regulatorDevices,
  regulatorKeyFiles,
  regulatorParameters,
  regulatorStations,
  regulatorTenants,
  regulatorUnits,
} from '../../db/schema/index.js';
import { AppError, badRequest, businessRule, notFound, staleVersion } from '../../lib/errors.js';
import type { UploadedFile } from '../../lib/multipart-form.js';
import type { Secrets } from '../../lib/secrets.js';
import { recordAudit } from '../audit/audit.service.js';
import { isUniqueViolation } from '../users/users.repository.js';
import { checkKeyFile } from './key-files.js';
import { wakePushes } from './push-jobs.js';
import {
  boardIndustries,
  complianceTimeline,
  groundWaterPage,
  stateAccounts,
} from './compliance.repository.js';
import {
  findBoardParameter,
  findKeyFile,
  findRegulatorDevice,
  findRegulatorTenant,
  findStation,
  listBoardParameters,
  listBoards,
  listBoardUnits,
  listRegulatorDevices,
  listRegulatorTenants,
  listStations,
  boardsByState,
  findBoardRef,
  type BoardRef,
  pushAttemptsPage,
} from './regulators.repository.js';

const taken = (
  code: 'BOARD_EXISTS' | 'REGULATOR_TENANT_EXISTS' | 'STATION_EXISTS' | 'REGULATOR_MAPPING_EXISTS',
  path: string,
  message: string,
) => new AppError(code, message, [{ path, message, code: 'FIELD_TAKEN' }]);

const inUse = (message: string) => new AppError('REGULATOR_MAPPING_IN_USE', message);

/** Runs a write; a unique index refusing it becomes `error`. */
async function unique<T>(write: () => Promise<T>, error: () => AppError): Promise<T> {
  try {
    return await write();
  } catch (caught) {
    if (isUniqueViolation(caught)) throw error();
    throw caught;
  }
}

const boardAudit = (board: Board | undefined) =>
  board
    ? { name: board.name, statutoryId: board.statutoryId, stateCode: board.stateCode, config: board.config }
    : null;

const tenantAudit = (tenant: RegulatorTenant | undefined) =>
  tenant
    ? {
        tenantId: tenant.tenantId,
        spcbTenantId: tenant.spcbTenantId,
        authorizationKeyHint: tenant.authorizationKeyHint,
        signature: tenant.signature,
        nocNumber: tenant.nocNumber,
        pushEnabled: tenant.pushEnabled,
      }
    : null;

export function createRegulatorsService({
  db,
  secrets,
  clock = () => new Date(),
}: {
  db: Database;
  secrets: Secrets;
  clock?: () => Date;
}) {
  /** Who may see a board: a board user only their own. */
  const visibility = (ctx: RequestContext) =>
    ctx.principal.userType === 'statutory' ? { statutoryAccountId: ctx.principal.accountId } : {};

  /** The board with its counts, when the caller may see it (404 otherwise). */
  async function visibleBoard(exec: Executor, ctx: RequestContext, statId: number): Promise<Board> {
    const [board] = await listBoards(exec, { statId, ...visibility(ctx) });
    if (!board) throw notFound('Board');
    return board;
  }

  /** The board's id, account and state when the caller may see it (404 otherwise): what checks need. */
  async function boardRef(exec: Executor, ctx: RequestContext, statId: number): Promise<BoardRef> {
    const board = await findBoardRef(exec, { statId, ...visibility(ctx) });
    if (!board) throw notFound('Board');
    return board;
  }

  /** An industry's mapping, when its board is one the caller may see. */
  async function visibleMapping(exec: Executor, ctx: RequestContext, id: number) {
    const mapping = await findRegulatorTenant(exec, id);
    if (!mapping) throw notFound('Industry mapping');
    const board = await findBoardRef(exec, { statId: mapping.statId, ...visibility(ctx) });
    if (!board) throw notFound('Industry mapping');
    return { mapping, board };
  }

  /** The statutory account a board is tied to: a board account of the board's state. */
  async function checkStatutory(exec: Executor, body: BoardBody) {
    const [account] = await exec
      .select({ type: accounts.type, stateCode: accounts.stateCode, status: accounts.status })
      .from(accounts)
      .where(eq(accounts.id, body.statutoryId))
      .limit(1);
    if (
      account?.type !== 'statutory' ||
      account.stateCode !== body.stateCode ||
      account.status === 'DELETED'
    ) {
      throw businessRule(REGULATOR_MESSAGES.statutoryState, [
        { path: 'statutoryId', message: REGULATOR_MESSAGES.statutoryState, code: 'FIELD_RULE' },
      ]);
    }
  }

  const boardTaken = () => taken('BOARD_EXISTS', 'stateCode', REGULATOR_MESSAGES.boardExists);

  /** Keeps `board_tenants` (what a board user may see) in step with the board's mappings. */
  async function syncBoardTenant(
    tx: Executor,
    statutoryAccountId: number,
    tenantId: number,
    mapped: boolean,
  ) {
    if (mapped) {
      await tx.insert(boardTenants).values({ statutoryAccountId, tenantId }).onConflictDoNothing();
      return;
    }
    const [still] = await tx
      .select({ n: count() })
      .from(regulatorTenants)
      .innerJoin(regulatorBoards, eq(regulatorBoards.id, regulatorTenants.boardId))
      .where(
        and(
          eq(regulatorTenants.tenantId, tenantId),
          eq(regulatorBoards.statutoryAccountId, statutoryAccountId),
        ),
      );
    if ((still?.n ?? 0) === 0) {
      await tx
        .delete(boardTenants)
        .where(
          and(eq(boardTenants.statutoryAccountId, statutoryAccountId), eq(boardTenants.tenantId, tenantId)),
        );
    }
  }

  return {
    // ── Boards ──────────────────────────────────────────────────────────────

    async listBoards(ctx: RequestContext): Promise<{ items: Board[] }> {
      const { principal } = ctx;
      const items = await listBoards(
        db,
        principal.userType === 'statutory' ? { statutoryAccountId: principal.accountId } : {},
      );
      return { items };
    },

    getBoard: (ctx: RequestContext, statId: number) => visibleBoard(db, ctx, statId),

    async listStates() {
      const boards = await boardsByState(db);
      return {
        items: INDIAN_STATES.map((state) => ({
          code: state.code,
          name: state.name,
          boardAbbreviation: state.board,
          statId: boards.get(state.code) ?? null,
        })),
      };
    },

    async listStatutoryByState(stateCode: string) {
      const items = await db
        .select({ id: accounts.id, name: accounts.name, status: accounts.status })
        .from(accounts)
        .where(
          and(
            eq(accounts.type, 'statutory'),
            eq(accounts.stateCode, stateCode),
            sql`${accounts.status} <> 'DELETED'`,
          ),
        )
        .orderBy(accounts.name)
        .limit(200);
      return { items };
    },

    async createBoard(ctx: RequestContext, body: BoardBody): Promise<Board> {
      return unique(
        () =>
          db.transaction(async (tx) => {
            await checkStatutory(tx, body);
            const [row] = await tx
              .insert(regulatorBoards)
              .values({
                name: body.name,
                statutoryAccountId: body.statutoryId,
                stateCode: body.stateCode,
                config: body.config,
              })
              .returning({ id: regulatorBoards.id });
            const [board] = await listBoards(tx, { statId: row!.id });
            await recordAudit(tx, ctx, {
              entity: 'regulator_board',
              entityId: row!.id,
              action: 'CREATE',
              newValue: boardAudit(board),
            });
            return board!;
          }),
        boardTaken,
      );
    },

    async updateBoard(ctx: RequestContext, statId: number, body: BoardBody): Promise<Board> {
      return unique(
        () =>
          db.transaction(async (tx) => {
            const before = await visibleBoard(tx, ctx, statId);
            await checkStatutory(tx, body);
            const [row] = await tx
              .update(regulatorBoards)
              .set({
                name: body.name,
                statutoryAccountId: body.statutoryId,
                stateCode: body.stateCode,
                config: body.config,
                version: sql`${regulatorBoards.version} + 1`,
                updatedAt: new Date(),
              })
              .where(and(eq(regulatorBoards.id, statId), eq(regulatorBoards.version, body.version ?? 0)))
              .returning({ id: regulatorBoards.id });
            if (!row) throw staleVersion();
            const [board] = await listBoards(tx, { statId });
            await recordAudit(tx, ctx, {
              entity: 'regulator_board',
              entityId: statId,
              action: 'UPDATE',
              oldValue: boardAudit(before),
              newValue: boardAudit(board),
            });
            const mapped = await tx
              .select({ id: regulatorTenants.id })
              .from(regulatorTenants)
              .where(eq(regulatorTenants.boardId, statId));
            await wakePushes(
              tx,
              mapped.map((row) => row.id),
            );
            return board!;
          }),
        boardTaken,
      );
    },

    // ── Board parameters and units ──────────────────────────────────────────

    async listBoardParameters(ctx: RequestContext, statId: number): Promise<{ items: BoardParameter[] }> {
      await boardRef(db, ctx, statId);
      return { items: await listBoardParameters(db, statId) };
    },

    async createBoardParameter(
      ctx: RequestContext,
      statId: number,
      body: { parameterId: number; spcbParameterId: string },
    ): Promise<BoardParameter> {
      return unique(
        () =>
          db.transaction(async (tx) => {
            await boardRef(tx, ctx, statId);
            const [parameter] = await tx
              .select({ id: parameters.id })
              .from(parameters)
              .where(eq(parameters.id, body.parameterId))
              .limit(1);
            if (!parameter) {
              throw badRequest('The request has invalid fields.', [
                {
                  path: 'parameterId',
                  message: 'Choose a parameter of the catalogue',
                  code: 'FIELD_INVALID',
                },
              ]);
            }
            const [row] = await tx
              .insert(regulatorParameters)
              .values({ boardId: statId, ...body })
              .returning({ id: regulatorParameters.id });
            const saved = (await findBoardParameter(tx, statId, row!.id))!;
            await recordAudit(tx, ctx, {
              entity: 'regulator_parameter',
              entityId: saved.id,
              action: 'CREATE',
              newValue: { statId, parameterId: saved.parameterId, spcbParameterId: saved.spcbParameterId },
            });
            return saved;
          }),
        () => taken('REGULATOR_MAPPING_EXISTS', 'parameterId', REGULATOR_MESSAGES.boardParameterTaken),
      );
    },

    async deleteBoardParameter(ctx: RequestContext, statId: number, id: number): Promise<BoardParameter> {
      return db.transaction(async (tx) => {
        await boardRef(tx, ctx, statId);
        const before = await findBoardParameter(tx, statId, id);
        if (!before) throw notFound('Board parameter');
        const [used] = await tx
          .select({ n: count() })
          .from(regulatorDevices)
          .where(eq(regulatorDevices.regulatorParameterId, id));
        if ((used?.n ?? 0) > 0) throw inUse('Devices still map this parameter: remove their mappings first.');
        await tx.delete(regulatorParameters).where(eq(regulatorParameters.id, id));
        await recordAudit(tx, ctx, {
          entity: 'regulator_parameter',
          entityId: id,
          action: 'DELETE',
          oldValue: { statId, parameterId: before.parameterId, spcbParameterId: before.spcbParameterId },
        });
        return before;
      });
    },

    async listBoardUnits(ctx: RequestContext, statId: number): Promise<{ items: BoardUnit[] }> {
      await boardRef(db, ctx, statId);
      return { items: await listBoardUnits(db, statId) };
    },

    async createBoardUnit(
      ctx: RequestContext,
      statId: number,
      body: { unit: string; spcbUnit: string },
    ): Promise<BoardUnit> {
      return unique(
        () =>
          db.transaction(async (tx) => {
            await boardRef(tx, ctx, statId);
            const [saved] = await tx
              .insert(regulatorUnits)
              .values({ boardId: statId, ...body })
              .returning({
                id: regulatorUnits.id,
                unit: regulatorUnits.unit,
                spcbUnit: regulatorUnits.spcbUnit,
              });
            await recordAudit(tx, ctx, {
              entity: 'regulator_unit',
              entityId: saved!.id,
              action: 'CREATE',
              newValue: { statId, ...body },
            });
            return saved!;
          }),
        () => taken('REGULATOR_MAPPING_EXISTS', 'unit', REGULATOR_MESSAGES.boardUnitTaken),
      );
    },

    async deleteBoardUnit(ctx: RequestContext, statId: number, id: number): Promise<BoardUnit> {
      return db.transaction(async (tx) => {
        await boardRef(tx, ctx, statId);
        const [before] = await tx
          .select({ id: regulatorUnits.id, unit: regulatorUnits.unit, spcbUnit: regulatorUnits.spcbUnit })
          .from(regulatorUnits)
          .where(and(eq(regulatorUnits.id, id), eq(regulatorUnits.boardId, statId)))
          .limit(1);
        if (!before) throw notFound('Board unit');
        const [used] = await tx
          .select({ n: count() })
          .from(regulatorDevices)
          .where(eq(regulatorDevices.regulatorUnitId, id));
        if ((used?.n ?? 0) > 0) throw inUse('Devices still map this unit: remove their mappings first.');
        await tx.delete(regulatorUnits).where(eq(regulatorUnits.id, id));
        await recordAudit(tx, ctx, {
          entity: 'regulator_unit',
          entityId: id,
          action: 'DELETE',
          oldValue: { statId, unit: before.unit, spcbUnit: before.spcbUnit },
        });
        return before;
      });
    },

    // ── Industries at a board ───────────────────────────────────────────────

    async listTenants(ctx: RequestContext, statId: number): Promise<{ items: RegulatorTenant[] }> {
      await boardRef(db, ctx, statId);
      return { items: await listRegulatorTenants(db, statId) };
    },

    async createTenant(
      ctx: RequestContext,
      statId: number,
      body: RegulatorTenantCreate,
    ): Promise<RegulatorTenant> {
      const authorizationKeyEncrypted = await secrets.encrypt(body.authorizationKey);
      return unique(
        () =>
          db.transaction(async (tx) => {
            const board = await boardRef(tx, ctx, statId);
            const [industry] = await tx
              .select({ type: accounts.type, stateCode: accounts.stateCode, status: accounts.status })
              .from(accounts)
              .where(eq(accounts.id, body.tenantId))
              .limit(1);
            if (industry?.type !== 'tenant' || industry.status === 'DELETED') throw notFound('Industry');
            if (industry.stateCode !== board.stateCode) {
              const message = "Choose an industry of the board's state.";
              throw businessRule(message, [{ path: 'tenantId', message, code: 'FIELD_RULE' }]);
            }
            const [row] = await tx
              .insert(regulatorTenants)
              .values({
                boardId: statId,
                tenantId: body.tenantId,
                spcbTenantId: body.spcbTenantId,
                authorizationKeyEncrypted,
                authorizationKeyHint: authTokenHintOf(authTokenTail(body.authorizationKey)),
                signature: body.signature,
                nocNumber: body.nocNumber,
                pushEnabled: body.pushEnabled,
                // The push starts with the slot in progress: the board asks for data from registration on.
                nextSlot: slotStartOf(clock()),
              })
              .returning({ id: regulatorTenants.id });
            await syncBoardTenant(tx, board.statutoryId, body.tenantId, true);
            const saved = (await findRegulatorTenant(tx, row!.id))!;
            await recordAudit(tx, ctx, {
              entity: 'regulator_tenant',
              entityId: saved.id,
              action: 'CREATE',
              tenantId: saved.tenantId,
              newValue: tenantAudit(saved),
            });
            return saved;
          }),
        () => taken('REGULATOR_TENANT_EXISTS', 'tenantId', REGULATOR_MESSAGES.tenantMapped),
      );
    },

    async updateTenant(
      ctx: RequestContext,
      id: number,
      body: RegulatorTenantUpdate,
    ): Promise<RegulatorTenant> {
      const key = body.authorizationKey;
      const encrypted = key === undefined ? undefined : await secrets.encrypt(key);
      return db.transaction(async (tx) => {
        const { mapping: before } = await visibleMapping(tx, ctx, id);
        const [row] = await tx
          .update(regulatorTenants)
          .set({
            spcbTenantId: body.spcbTenantId,
            signature: body.signature,
            nocNumber: body.nocNumber,
            pushEnabled: body.pushEnabled,
            ...(key === undefined
              ? {}
              : {
                  authorizationKeyEncrypted: encrypted,
                  authorizationKeyHint: authTokenHintOf(authTokenTail(key)),
                }),
            version: sql`${regulatorTenants.version} + 1`,
            updatedAt: new Date(),
          })
          .where(and(eq(regulatorTenants.id, id), eq(regulatorTenants.version, body.version ?? 0)))
          .returning({ id: regulatorTenants.id });
        if (!row) throw staleVersion();
        const saved = (await findRegulatorTenant(tx, id))!;
        await recordAudit(tx, ctx, {
          entity: 'regulator_tenant',
          entityId: id,
          action: 'UPDATE',
          tenantId: saved.tenantId,
          oldValue: tenantAudit(before),
          newValue: tenantAudit(saved),
        });
        await wakePushes(tx, [id]);
        return saved;
      });
    },

    async deleteTenant(
      ctx: RequestContext,
      id: number,
      version: number | undefined,
    ): Promise<RegulatorTenant> {
      return db.transaction(async (tx) => {
        const { mapping: before, board } = await visibleMapping(tx, ctx, id);
        const [stations] = await tx
          .select({ n: count() })
          .from(regulatorStations)
          .where(eq(regulatorStations.regulatorTenantId, id));
        if ((stations?.n ?? 0) > 0)
          throw inUse('The industry still has stations at this board: remove them first.');
        const deleted = await tx
          .delete(regulatorTenants)
          .where(and(eq(regulatorTenants.id, id), eq(regulatorTenants.version, version ?? before.version)))
          .returning({ id: regulatorTenants.id });
        if (deleted.length !== 1) throw staleVersion();
        await syncBoardTenant(tx, board.statutoryId, before.tenantId, false);
        await recordAudit(tx, ctx, {
          entity: 'regulator_tenant',
          entityId: id,
          action: 'DELETE',
          tenantId: before.tenantId,
          oldValue: tenantAudit(before),
        });
        return before;
      });
    },

    async uploadKey(
      ctx: RequestContext,
      id: number,
      kind: RegulatorKeyKind,
      file: UploadedFile | undefined,
    ): Promise<RegulatorKeyFile> {
      if (!file) {
        throw badRequest('The request has invalid fields.', [
          { path: 'file', message: 'Choose a key file', code: 'FIELD_REQUIRED' },
        ]);
      }
      const checked = checkKeyFile(kind, file.fileName, file.data);
      if (!checked.ok) {
        throw badRequest(checked.message, [{ path: 'file', message: checked.message, code: 'FIELD_RULE' }]);
      }
      const isPrivate = kind === 'private';
      const contentEncrypted = isPrivate ? await secrets.encrypt(checked.file.text) : null;
      return db.transaction(async (tx) => {
        const { mapping } = await visibleMapping(tx, ctx, id);
        const values = {
          fileName: file.fileName,
          fingerprint: checked.file.fingerprint,
          content: isPrivate ? null : checked.file.text,
          contentEncrypted,
          uploadedBy: ctx.principal.userId,
          uploadedAt: new Date(),
        };
        const [saved] = await tx
          .insert(regulatorKeyFiles)
          .values({ regulatorTenantId: id, kind, ...values })
          .onConflictDoUpdate({
            target: [regulatorKeyFiles.regulatorTenantId, regulatorKeyFiles.kind],
            set: values,
          })
          .returning({
            kind: regulatorKeyFiles.kind,
            fileName: regulatorKeyFiles.fileName,
            fingerprint: regulatorKeyFiles.fingerprint,
            uploadedAt: regulatorKeyFiles.uploadedAt,
          });
        await recordAudit(tx, ctx, {
          entity: 'regulator_key',
          entityId: id,
          action: 'UPDATE',
          tenantId: mapping.tenantId,
          newValue: { kind, fileName: file.fileName, fingerprint: checked.file.fingerprint },
        });
        await wakePushes(tx, [id]);
        return { ...saved!, uploadedAt: saved!.uploadedAt.toISOString() };
      });
    },

    /** A public, server or user key as uploaded; the private key is never sent (404, as if absent). */
    async downloadKey(ctx: RequestContext, id: number, kind: RegulatorKeyKind) {
      await visibleMapping(db, ctx, id);
      if (kind === 'private') throw notFound('Key file');
      const row = await findKeyFile(db, id, kind);
      if (!row?.content) throw notFound('Key file');
      return { fileName: row.fileName, content: row.content };
    },

    // ── Stations ────────────────────────────────────────────────────────────

    async listStations(ctx: RequestContext, id: number): Promise<{ items: Station[] }> {
      await visibleMapping(db, ctx, id);
      return { items: await listStations(db, id) };
    },

    async createStation(ctx: RequestContext, id: number, body: StationBody): Promise<Station> {
      return db.transaction(async (tx) => {
        const { mapping } = await visibleMapping(tx, ctx, id);
        await checkStationTaken(tx, mapping.id, body, undefined);
        const [row] = await unique(
          () =>
            tx
              .insert(regulatorStations)
              .values({
                regulatorTenantId: mapping.id,
                tenantId: mapping.tenantId,
                monitoringPointId: body.monitoringPointId,
                spcbEntityId: body.spcbEntityId,
              })
              .returning({ id: regulatorStations.id }),
          () => taken('STATION_EXISTS', 'spcbEntityId', REGULATOR_MESSAGES.stationIdTaken),
        );
        const saved = (await findStation(tx, row!.id))!;
        await recordAudit(tx, ctx, {
          entity: 'regulator_station',
          entityId: saved.id,
          action: 'CREATE',
          tenantId: mapping.tenantId,
          newValue: { monitoringPointId: saved.monitoringPointId, spcbEntityId: saved.spcbEntityId },
        });
        return saved;
      });
    },

    async updateStation(ctx: RequestContext, stationId: number, body: StationBody): Promise<Station> {
      return db.transaction(async (tx) => {
        const before = await findStation(tx, stationId);
        if (!before) throw notFound('Station');
        const { mapping } = await visibleMapping(tx, ctx, before.regulatorTenantId);
        await checkStationTaken(tx, mapping.id, body, stationId);
        const [row] = await tx
          .update(regulatorStations)
          .set({
            monitoringPointId: body.monitoringPointId,
            spcbEntityId: body.spcbEntityId,
            version: sql`${regulatorStations.version} + 1`,
          })
          .where(and(eq(regulatorStations.id, stationId), eq(regulatorStations.version, body.version ?? 0)))
          .returning({ id: regulatorStations.id });
        if (!row) throw staleVersion();
        const saved = (await findStation(tx, stationId))!;
        await recordAudit(tx, ctx, {
          entity: 'regulator_station',
          entityId: stationId,
          action: 'UPDATE',
          tenantId: mapping.tenantId,
          oldValue: { monitoringPointId: before.monitoringPointId, spcbEntityId: before.spcbEntityId },
          newValue: { monitoringPointId: saved.monitoringPointId, spcbEntityId: saved.spcbEntityId },
        });
        return saved;
      });
    },

    async deleteStation(
      ctx: RequestContext,
      stationId: number,
      version: number | undefined,
    ): Promise<Station> {
      return db.transaction(async (tx) => {
        const before = await findStation(tx, stationId);
        if (!before) throw notFound('Station');
        const { mapping } = await visibleMapping(tx, ctx, before.regulatorTenantId);
        const [used] = await tx
          .select({ n: count() })
          .from(regulatorDevices)
          .where(eq(regulatorDevices.stationId, stationId));
        if ((used?.n ?? 0) > 0) throw inUse('Devices are still mapped at this station: remove them first.');
        const deleted = await tx
          .delete(regulatorStations)
          .where(
            and(
              eq(regulatorStations.id, stationId),
              eq(regulatorStations.version, version ?? before.version),
            ),
          )
          .returning({ id: regulatorStations.id });
        if (deleted.length !== 1) throw staleVersion();
        await recordAudit(tx, ctx, {
          entity: 'regulator_station',
          entityId: stationId,
          action: 'DELETE',
          tenantId: mapping.tenantId,
          oldValue: { monitoringPointId: before.monitoringPointId, spcbEntityId: before.spcbEntityId },
        });
        return before;
      });
    },

    // ── Devices ─────────────────────────────────────────────────────────────

    async listDevices(ctx: RequestContext, id: number): Promise<{ items: RegulatorDevice[] }> {
      await visibleMapping(db, ctx, id);
      return { items: await listRegulatorDevices(db, id) };
    },

    async createDevice(ctx: RequestContext, body: RegulatorDeviceBody): Promise<RegulatorDevice> {
      return db.transaction(async (tx) => {
        const { mapping } = await visibleMapping(tx, ctx, body.regulatorTenantId);
        const station = await findStation(tx, body.stationId);
        const invalid = (path: string, message: string) =>
          badRequest('The request has invalid fields.', [{ path, message, code: 'FIELD_INVALID' }]);
        if (station?.regulatorTenantId !== mapping.id) {
          throw invalid('stationId', 'Choose a station of this industry at the board');
        }
        const [param] = await tx
          .select({ enabled: deviceParams.enabled, stdUnit: parameters.stdUnit })
          .from(devices)
          .innerJoin(deviceParams, eq(deviceParams.deviceId, devices.id))
          .innerJoin(parameters, eq(parameters.id, deviceParams.parameterId))
          .where(
            and(
              eq(devices.id, body.deviceId),
              eq(devices.tenantId, mapping.tenantId),
              sql`${devices.status} <> 'DELETED'`,
              eq(deviceParams.parameterId, body.parameterId),
            ),
          )
          .limit(1);
        if (!param?.enabled) throw invalid('parameterId', 'Choose a parameter the device monitors');
        const [boardParameter] = await tx
          .select({ parameterId: regulatorParameters.parameterId })
          .from(regulatorParameters)
          .where(
            and(
              eq(regulatorParameters.id, body.regulatorParameterId),
              eq(regulatorParameters.boardId, mapping.statId),
            ),
          )
          .limit(1);
        if (boardParameter?.parameterId !== body.parameterId) {
          throw invalid('regulatorParameterId', "Choose the board's id of this parameter");
        }
        const [boardUnit] = await tx
          .select({ unit: regulatorUnits.unit })
          .from(regulatorUnits)
          .where(and(eq(regulatorUnits.id, body.regulatorUnitId), eq(regulatorUnits.boardId, mapping.statId)))
          .limit(1);
        if (boardUnit?.unit !== body.unit)
          throw invalid('regulatorUnitId', "Choose the board's name of this unit");
        // A device is one device at the board: one station, one board id, for all its parameters.
        const siblings = await tx
          .select({
            parameterId: regulatorDevices.parameterId,
            stationId: regulatorDevices.stationId,
            spcbDeviceId: regulatorDevices.spcbDeviceId,
          })
          .from(regulatorDevices)
          .where(
            and(
              eq(regulatorDevices.regulatorTenantId, mapping.id),
              eq(regulatorDevices.deviceId, body.deviceId),
            ),
          );
        if (siblings.some((row) => row.parameterId === body.parameterId)) {
          throw taken('REGULATOR_MAPPING_EXISTS', 'parameterId', REGULATOR_MESSAGES.parameterMapped);
        }
        const [sibling] = siblings;
        if (sibling && sibling.stationId !== body.stationId) {
          throw invalid('stationId', 'This device is mapped at another station of this board');
        }
        if (sibling && sibling.spcbDeviceId !== body.spcbDeviceId) {
          throw invalid('spcbDeviceId', `This device has the board device id ${sibling.spcbDeviceId}`);
        }
        if (param.stdUnit && !canConvert(param.stdUnit, body.unit)) {
          throw invalid('unit', `Values in ${param.stdUnit} cannot be sent in ${body.unit}`);
        }
        const [row] = await unique(
          () =>
            tx
              .insert(regulatorDevices)
              .values({ ...body, tenantId: mapping.tenantId })
              .returning({ id: regulatorDevices.id }),
          () => taken('REGULATOR_MAPPING_EXISTS', 'parameterId', REGULATOR_MESSAGES.parameterMapped),
        );
        const saved = (await findRegulatorDevice(tx, row!.id))!;
        await recordAudit(tx, ctx, {
          entity: 'regulator_device',
          entityId: saved.id,
          action: 'CREATE',
          tenantId: mapping.tenantId,
          newValue: deviceAudit(saved),
        });
        await wakePushes(tx, [mapping.id]);
        return saved;
      });
    },

    async deleteDevice(ctx: RequestContext, id: number): Promise<RegulatorDevice> {
      return db.transaction(async (tx) => {
        const before = await findRegulatorDevice(tx, id);
        if (!before) throw notFound('Device mapping');
        const { mapping } = await visibleMapping(tx, ctx, before.regulatorTenantId);
        const deleted = await tx
          .delete(regulatorDevices)
          .where(eq(regulatorDevices.id, id))
          .returning({ id: regulatorDevices.id });
        // The spec: a delete that removes anything other than one row is an error.
        if (deleted.length !== 1) throw businessRule(REGULATOR_MESSAGES.deviceDeleteFailed);
        await recordAudit(tx, ctx, {
          entity: 'regulator_device',
          entityId: id,
          action: 'DELETE',
          tenantId: mapping.tenantId,
          oldValue: deviceAudit(before),
        });
        return before;
      });
    },

    // ── The push ────────────────────────────────────────────────────────────

    async stateAccounts(
      stateCode: string,
      query: { search?: string | undefined; mapped?: 'yes' | 'no' | undefined; page: number; size: number },
    ) {
      const boardId = (await boardsByState(db)).get(stateCode) ?? null;
      return stateAccounts(
        db,
        stateCode,
        boardId,
        { search: query.search, mapped: query.mapped },
        { page: query.page, pageSize: query.size },
      );
    },

    async timeline(
      ctx: RequestContext,
      query: { regulatorTenantId: number; days: number },
    ): Promise<ComplianceTimeline> {
      const { mapping } = await visibleMapping(db, ctx, query.regulatorTenantId);
      return complianceTimeline(db, mapping, query.days, clock());
    },

    /** The industries under a board: a board user's own; a site user names the board (`statId`). */
    async regulatoryView(
      ctx: RequestContext,
      query: {
        statId?: number | undefined;
        freshness?: DataFreshness | undefined;
        page: number;
        size: number;
      },
    ) {
      const { principal } = ctx;
      if (principal.userType !== 'statutory' && query.statId === undefined) {
        throw badRequest('The request has invalid fields.', [
          { path: 'statId', message: 'Choose a board', code: 'FIELD_REQUIRED' },
        ]);
      }
      const board = await findBoardRef(db, {
        ...visibility(ctx),
        ...(query.statId === undefined ? {} : { statId: query.statId }),
      });
      if (!board) throw notFound('Board');
      return boardIndustries(db, board.statutoryId, board.statId, query.freshness, {
        page: query.page,
        pageSize: query.size,
      });
    },

    /** Ground water points: every one for the platform, those under a board account for its users. */
    groundWater(
      ctx: RequestContext,
      query: { freshness?: DataFreshness | undefined; page: number; size: number },
    ) {
      const { principal } = ctx;
      return groundWaterPage(
        db,
        principal.userType === 'statutory' ? principal.accountId : null,
        query.freshness,
        {
          page: query.page,
          pageSize: query.size,
        },
      );
    },

    async listAttempts(
      ctx: RequestContext,
      id: number,
      query: { page: number; size: number },
    ): Promise<Page<PushAttempt>> {
      await visibleMapping(db, ctx, id);
      return pushAttemptsPage(db, id, { page: query.page, pageSize: query.size });
    },
  };
}

const deviceAudit = (device: RegulatorDevice) => ({
  stationId: device.stationId,
  deviceId: device.deviceId,
  parameterId: device.parameterId,
  unit: device.unit,
  spcbDeviceId: device.spcbDeviceId,
  spcbParameterId: device.spcbParameterId,
  spcbUnit: device.spcbUnit,
});

/** A station's point must be the industry's and not a station already; its board id must be free. */
async function checkStationTaken(
  tx: Executor,
  regulatorTenantId: number,
  body: StationBody,
  exceptId: number | undefined,
) {
  const [mapping] = await tx
    .select({ tenantId: regulatorTenants.tenantId })
    .from(regulatorTenants)
    .where(eq(regulatorTenants.id, regulatorTenantId))
    .limit(1);
  const [point] = await tx
    .select({ id: monitoringPoints.id })
    .from(monitoringPoints)
    .where(
      and(
        eq(monitoringPoints.id, body.monitoringPointId),
        eq(monitoringPoints.tenantId, mapping?.tenantId ?? 0),
        sql`${monitoringPoints.status} <> 'DELETED'`,
      ),
    )
    .limit(1);
  if (!point) {
    throw badRequest('The request has invalid fields.', [
      {
        path: 'monitoringPointId',
        message: 'Choose a monitoring point of this industry',
        code: 'FIELD_INVALID',
      },
    ]);
  }
  const others = await tx
    .select({
      id: regulatorStations.id,
      monitoringPointId: regulatorStations.monitoringPointId,
      spcbEntityId: regulatorStations.spcbEntityId,
    })
    .from(regulatorStations)
    .where(
      and(
        eq(regulatorStations.regulatorTenantId, regulatorTenantId),
        sql`(${regulatorStations.monitoringPointId} = ${body.monitoringPointId} OR ${regulatorStations.spcbEntityId} = ${body.spcbEntityId})`,
      ),
    );
  for (const other of others) {
    if (other.id === exceptId) continue;
    if (other.monitoringPointId === body.monitoringPointId) {
      throw taken('STATION_EXISTS', 'monitoringPointId', REGULATOR_MESSAGES.stationMapped);
    }
    throw taken('STATION_EXISTS', 'spcbEntityId', REGULATOR_MESSAGES.stationIdTaken);
  }
}

export type RegulatorsService = ReturnType<typeof createRegulatorsService>;
