import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import {
  convertUnit,
  findMolecularWeight,
  PUSH_MAX_AGE_MS,
  lastReadySlot,
  PUSH_SLOT_MS,
  REGULATOR_MESSAGES,
  slotStartOf,
  type BoardConfig,
  type Provenance,
  type PushSlotState,
} from '@vayu/domain';
import type { Database } from '../../db/client.js';
import {
  regulatorBoards,
  regulatorKeyFiles,
  regulatorPushAttempts,
  regulatorPushes,
  regulatorTenants,
} from '../../db/schema/index.js';
import { rowsOf } from '../../db/sql.js';
import { SecretUnreadableError, type Secrets } from '../../lib/secrets.js';
import { protocolFor } from './protocols/index.js';
import { MAX_ANSWER_CHARS, type DevicePush, type PushOutcome } from './protocols/protocol.js';

/**
 * The push of an industry's 15-minute slots to its board. Slots go in order:
 * the industry's `next_slot` is the first slot not settled; each run sends
 * every mapped device's values of that slot, then the next, up to the last
 * slot that ended `PUSH_SLOT_GRACE_MS` ago. A slot a device sent nothing for
 * is recorded `no_data`; one the board refuses for good (a 1xx code) is
 * recorded `refused` and the push goes on; one the board does not take for
 * now (unreachable, slow, 5xx, credentials) stops the run, and the next run
 * starts again from that slot, so the slots of a board's downtime follow in
 * order once it is back. A delivered slot is recorded before anything else
 * is sent and never sent again. Slots older than 7 days are not sent
 * (boards refuse them): pending ones become `expired`.
 *
 * One run holds the industry by a lease (`lease_until`), so two workers
 * never push the same industry at once.
 */

export interface PushDeps {
  db: Database;
  secrets: Secrets;
  /** For tests and the stand-in; `globalThis.fetch` otherwise. */
  fetch?: typeof fetch;
}

export type PushRunResult =
  | { status: 'idle'; reason: string }
  | { status: 'busy' }
  | { status: 'done'; sent: number; nextSlot: Date }
  | { status: 'more'; sent: number; nextSlot: Date }
  | { status: 'waiting'; sent: number; nextSlot: Date }
  | { status: 'retry'; sent: number; nextSlot: Date; error: string };

const UNREADABLE_KEYS =
  "The industry's keys cannot be read with this server's SECRETS_KEY: set the key they were stored with, or upload them again.";

/** Requests one run makes at most before it hands over (the job is queued again at once). */
export const PUSH_REQUESTS_PER_RUN = 500;

interface MappedParam {
  parameterId: number;
  spcbParameterId: string;
  spcbUnit: string;
  unit: string;
  stdUnit: string | null;
  label: string;
  isCounter: boolean;
}

interface MappedDevice {
  deviceId: number;
  spcbDeviceId: string;
  spcbEntityId: string;
  params: MappedParam[];
}

const FINAL_STATES: readonly PushSlotState[] = ['delivered', 'refused', 'no_data', 'expired'];

async function mappedDevices(db: Database, regulatorTenantId: number): Promise<MappedDevice[]> {
  const rows = rowsOf<{
    device_id: number;
    spcb_device_id: string;
    spcb_entity_id: string;
    parameter_id: number;
    spcb_parameter_id: string;
    spcb_unit: string;
    unit: string;
    std_unit: string | null;
    label: string;
    is_counter: boolean;
  }>(
    await db.execute(sql`
      SELECT rd.device_id, rd.spcb_device_id, s.spcb_entity_id, rd.parameter_id, rp.spcb_parameter_id,
             ru.spcb_unit, rd.unit, p.std_unit, p.label, coalesce(dp.is_counter, false) AS is_counter
        FROM regulator_devices rd
        JOIN regulator_stations s ON s.id = rd.station_id
        JOIN regulator_parameters rp ON rp.id = rd.regulator_parameter_id
        JOIN regulator_units ru ON ru.id = rd.regulator_unit_id
        JOIN parameters p ON p.id = rd.parameter_id
        JOIN devices d ON d.id = rd.device_id AND d.status <> 'DELETED'
        LEFT JOIN device_params dp ON dp.device_id = rd.device_id AND dp.parameter_id = rd.parameter_id
       WHERE rd.regulator_tenant_id = ${regulatorTenantId} AND coalesce(dp.enabled, false)
       ORDER BY rd.device_id, p.label, rd.id`),
  );
  const byDevice = new Map<number, MappedDevice>();
  for (const row of rows) {
    let device = byDevice.get(row.device_id);
    if (!device) {
      device = {
        deviceId: row.device_id,
        spcbDeviceId: row.spcb_device_id,
        spcbEntityId: row.spcb_entity_id,
        params: [],
      };
      byDevice.set(row.device_id, device);
    }
    device.params.push({
      parameterId: row.parameter_id,
      spcbParameterId: row.spcb_parameter_id,
      spcbUnit: row.spcb_unit,
      unit: row.unit,
      stdUnit: row.std_unit,
      label: row.label,
      isCounter: row.is_counter,
    });
  }
  return [...byDevice.values()];
}

interface SlotValue {
  parameterId: number;
  mean: number;
  last: number;
  provenance: Provenance;
}

/**
 * The slot's rolled-up values of the devices, or `null` while a reading of
 * the slot is stored but not rolled up yet (the slot is not final: wait).
 */
async function slotValues(
  db: Database,
  tenantId: number,
  deviceIds: number[],
  slot: Date,
): Promise<Map<number, SlotValue[]> | null> {
  const dirty = rowsOf<{ n: number }>(
    await db.execute(sql`
      SELECT count(*)::int AS n FROM readings_dirty
       WHERE tenant_id = ${tenantId} AND device_id = any(${sql.param(deviceIds)}::int[]) AND slot = ${slot}`),
  );
  if ((dirty[0]?.n ?? 0) > 0) return null;
  const rows = rowsOf<{
    device_id: number;
    parameter_id: number;
    mean: number;
    last_value: number;
    other_provenance: string | null;
  }>(
    await db.execute(sql`
      SELECT device_id, parameter_id, sum / count AS mean, last_value, other_provenance
        FROM readings_15m
       WHERE tenant_id = ${tenantId} AND device_id = any(${sql.param(deviceIds)}::int[]) AND slot = ${slot}
         AND count > 0`),
  );
  const byDevice = new Map<number, SlotValue[]>();
  for (const row of rows) {
    const list = byDevice.get(row.device_id) ?? [];
    list.push({
      parameterId: row.parameter_id,
      mean: Number(row.mean),
      last: Number(row.last_value),
      provenance: (row.other_provenance ?? 'measured') as Provenance,
    });
    byDevice.set(row.device_id, list);
  }
  return byDevice;
}

/** What is sent for one device and slot; `null` when it has no value for any mapped parameter. */
export function devicePayload(device: MappedDevice, values: SlotValue[], slot: Date): DevicePush | null {
  const params: DevicePush['params'] = [];
  for (const param of device.params) {
    const value = values.find((v) => v.parameterId === param.parameterId);
    if (!value) continue;
    // Counters (totalisers) go as their reading at the slot's end, the rest as the slot's mean.
    const standard = param.isCounter ? value.last : value.mean;
    const sent =
      param.stdUnit && param.stdUnit !== param.unit
        ? convertUnit(standard, param.stdUnit, param.unit, {
            ...(findMolecularWeight(param.label) === undefined
              ? {}
              : { molecularWeight: findMolecularWeight(param.label)! }),
          })
        : standard;
    params.push({
      parameter: param.spcbParameterId,
      value: sent,
      unit: param.spcbUnit,
      provenance: value.provenance,
    });
  }
  return params.length === 0
    ? null
    : { stationId: device.spcbEntityId, deviceId: device.spcbDeviceId, slotStart: slot, params };
}

/** Takes the industry for one run, unless another run holds it (the lease outlives a board's timeout). */
async function takeLease(db: Database, id: number, now: Date, ms: number): Promise<boolean> {
  const taken = await db
    .update(regulatorTenants)
    .set({ leaseUntil: new Date(now.getTime() + ms) })
    .where(
      and(
        eq(regulatorTenants.id, id),
        or(isNull(regulatorTenants.leaseUntil), lt(regulatorTenants.leaseUntil, now)),
      ),
    )
    .returning({ id: regulatorTenants.id });
  return taken.length === 1;
}

async function setState(db: Database, id: number, values: Partial<typeof regulatorTenants.$inferInsert>) {
  await db.update(regulatorTenants).set(values).where(eq(regulatorTenants.id, id));
}

/** One run of the push for an industry at its board, at `now` (see above). */
export async function pushDue(
  deps: PushDeps,
  regulatorTenantId: number,
  now: Date,
  maxRequests = PUSH_REQUESTS_PER_RUN,
): Promise<PushRunResult> {
  const { db } = deps;
  const [mapping] = await db
    .select({
      tenantId: regulatorTenants.tenantId,
      pushEnabled: regulatorTenants.pushEnabled,
      nextSlot: regulatorTenants.nextSlot,
      spcbTenantId: regulatorTenants.spcbTenantId,
      authorizationKeyEncrypted: regulatorTenants.authorizationKeyEncrypted,
      config: regulatorBoards.config,
    })
    .from(regulatorTenants)
    .innerJoin(regulatorBoards, eq(regulatorBoards.id, regulatorTenants.boardId))
    .where(eq(regulatorTenants.id, regulatorTenantId))
    .limit(1);
  if (!mapping) return { status: 'idle', reason: 'The industry is no longer mapped to the board.' };
  const config: BoardConfig = mapping.config;
  if (!mapping.pushEnabled || !config.pushEnabled)
    return { status: 'idle', reason: 'The push is turned off.' };
  const protocol = protocolFor(config.protocol);
  if (!config.baseUrl || !protocol) return { status: 'idle', reason: "The board's server is not set." };

  const [privateKey] = await db
    .select({ contentEncrypted: regulatorKeyFiles.contentEncrypted })
    .from(regulatorKeyFiles)
    .where(
      and(eq(regulatorKeyFiles.regulatorTenantId, regulatorTenantId), eq(regulatorKeyFiles.kind, 'private')),
    )
    .limit(1);
  if (!privateKey?.contentEncrypted || !mapping.authorizationKeyEncrypted) {
    await setState(db, regulatorTenantId, { lastError: REGULATOR_MESSAGES.privateKeyNeeded });
    return { status: 'idle', reason: REGULATOR_MESSAGES.privateKeyNeeded };
  }

  const leaseMs = config.timeoutMs * 2 + 60_000;
  if (!(await takeLease(db, regulatorTenantId, now, leaseMs))) return { status: 'busy' };
  try {
    let credentials;
    try {
      credentials = {
        baseUrl: config.baseUrl,
        authorizationKey: await deps.secrets.decrypt(mapping.authorizationKeyEncrypted),
        privateKeyPem: await deps.secrets.decrypt(privateKey.contentEncrypted),
        spcbTenantId: mapping.spcbTenantId,
      };
    } catch (error) {
      if (!(error instanceof SecretUnreadableError)) throw error;
      // Another SECRETS_KEY than the one the keys were stored with: nothing can be signed until it is set back.
      await setState(db, regulatorTenantId, { lastError: UNREADABLE_KEYS });
      return { status: 'idle', reason: UNREADABLE_KEYS };
    }
    const devices = await mappedDevices(db, regulatorTenantId);

    // Slots older than the boards take are not sent: what was still pending expires.
    const oldest = slotStartOf(now.getTime() - PUSH_MAX_AGE_MS + PUSH_SLOT_MS);
    await db
      .update(regulatorPushes)
      .set({ state: 'expired', settledAt: now })
      .where(
        and(
          eq(regulatorPushes.regulatorTenantId, regulatorTenantId),
          eq(regulatorPushes.state, 'pending'),
          lt(regulatorPushes.slot, oldest),
        ),
      );
    let slot = new Date(Math.max(mapping.nextSlot.getTime(), oldest.getTime()));
    const lastReady = lastReadySlot(now);
    let sent = 0;

    if (devices.length === 0) {
      // Nothing mapped yet: the push starts from now once devices are.
      const next = new Date(Math.max(slot.getTime(), lastReady.getTime() + PUSH_SLOT_MS));
      await setState(db, regulatorTenantId, { nextSlot: next });
      return { status: 'done', sent: 0, nextSlot: next };
    }
    while (slot.getTime() <= lastReady.getTime()) {
      const values = await slotValues(
        db,
        mapping.tenantId,
        devices.map((d) => d.deviceId),
        slot,
      );
      if (!values) {
        await setState(db, regulatorTenantId, { nextSlot: slot });
        return { status: 'waiting', sent, nextSlot: slot };
      }
      const settled = new Set(
        (
          await db
            .select({ deviceId: regulatorPushes.deviceId, state: regulatorPushes.state })
            .from(regulatorPushes)
            .where(
              and(eq(regulatorPushes.regulatorTenantId, regulatorTenantId), eq(regulatorPushes.slot, slot)),
            )
        )
          .filter((row) => FINAL_STATES.includes(row.state))
          .map((row) => row.deviceId),
      );
      for (const device of devices) {
        if (settled.has(device.deviceId)) continue;
        const payload = devicePayload(device, values.get(device.deviceId) ?? [], slot);
        if (!payload) {
          await recordSlot(db, regulatorTenantId, device.deviceId, slot, 'no_data', null, null, now);
          continue;
        }
        if (sent >= maxRequests) {
          await setState(db, regulatorTenantId, { nextSlot: slot });
          return { status: 'more', sent, nextSlot: slot };
        }
        const requestId = randomUUID();
        const started = performance.now();
        const outcome = await protocol.push(credentials, payload, {
          now,
          requestId,
          timeoutMs: config.timeoutMs,
          ...(deps.fetch ? { fetch: deps.fetch } : {}),
        });
        sent += 1;
        await recordAttempt(db, regulatorTenantId, device.deviceId, slot, requestId, outcome, now, started);
        if (outcome.kind === 'retry') {
          await setState(db, regulatorTenantId, {
            nextSlot: slot,
            lastAttemptAt: now,
            lastError: describeFailure(outcome),
          });
          return { status: 'retry', sent, nextSlot: slot, error: describeFailure(outcome) };
        }
        await recordSlot(
          db,
          regulatorTenantId,
          device.deviceId,
          slot,
          outcome.kind,
          outcome.boardCode,
          requestId,
          now,
        );
        await setState(
          db,
          regulatorTenantId,
          outcome.kind === 'delivered'
            ? { syncDataStatus: true, lastDeliveredAt: now, lastAttemptAt: now, lastError: null }
            : { lastAttemptAt: now },
        );
      }
      slot = new Date(slot.getTime() + PUSH_SLOT_MS);
      await setState(db, regulatorTenantId, { nextSlot: slot });
    }
    return { status: 'done', sent, nextSlot: slot };
  } finally {
    await setState(db, regulatorTenantId, { leaseUntil: null });
  }
}

function describeFailure(outcome: PushOutcome): string {
  const status = outcome.httpStatus === null ? '' : `HTTP ${outcome.httpStatus}: `;
  return `${status}${outcome.answer}`.slice(0, 500);
}

/** A device's slot is settled (or still pending, with one more try counted). */
async function recordSlot(
  db: Database,
  regulatorTenantId: number,
  deviceId: number,
  slot: Date,
  state: PushSlotState,
  boardCode: string | null,
  requestId: string | null,
  now: Date,
) {
  const final = FINAL_STATES.includes(state);
  await db
    .insert(regulatorPushes)
    .values({
      regulatorTenantId,
      deviceId,
      slot,
      state,
      attempts: requestId ? 1 : 0,
      boardCode,
      requestId,
      settledAt: final ? now : null,
    })
    .onConflictDoUpdate({
      target: [regulatorPushes.regulatorTenantId, regulatorPushes.slot, regulatorPushes.deviceId],
      set: {
        state,
        attempts: sql`${regulatorPushes.attempts} + ${requestId ? 1 : 0}`,
        boardCode,
        requestId,
        settledAt: final ? now : null,
      },
    });
}

async function recordAttempt(
  db: Database,
  regulatorTenantId: number,
  deviceId: number,
  slot: Date,
  requestId: string,
  outcome: PushOutcome,
  now: Date,
  started: number,
) {
  await db.insert(regulatorPushAttempts).values({
    regulatorTenantId,
    deviceId,
    slot,
    requestId,
    outcome: outcome.kind,
    httpStatus: outcome.httpStatus,
    boardCode: outcome.boardCode,
    answer: outcome.answer.slice(0, MAX_ANSWER_CHARS),
    durationMs: Math.max(0, Math.round(performance.now() - started)),
    attemptedAt: now,
  });
  if (outcome.kind === 'retry') {
    await recordSlot(db, regulatorTenantId, deviceId, slot, 'pending', outcome.boardCode, requestId, now);
  }
}
