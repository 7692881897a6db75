import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import { edgeKeyHintOf, PLATFORM_ACCOUNT_ID } from '@vayu/domain';
import type { Database, DatabaseHandle, Executor } from '../../db/client.js';
import { dataTokens, edgeClients } from '../../db/schema/index.js';
import { findDemoDevices, type DemoDevice } from '../../seed/readings.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { forgetDataToken, insertDataToken } from './data-tokens.js';
import { sendsUntil, simulatorEmailOf } from './simulation.js';
import {
  startSimulator,
  type SimulatorDevice,
  type SimulatorLog,
  type SimulatorSender,
} from './simulator.js';

/**
 * The simulator run by the server itself (config `SIMULATE`): one edge client
 * per demo industry, `simulator@<the industry's domain>`, made when missing,
 * with a new key each time the server starts (the keys the server issued
 * before are revoked; keys people issued to the client stay). Done as the
 * platform, audited like any edge key.
 */

/** Who the trail says issued the simulator's keys: the platform itself, no user. */
export const SIMULATOR_ACTOR: AuditActor = {
  userId: null,
  userName: 'Demo readings simulator',
  accountId: PLATFORM_ACCOUNT_ID,
  actingTenantId: null,
  requestId: null,
  ip: null,
};

/** Keys an edge client made for the simulator is allowed: the server's and a few for `npm run simulate`. */
export const SIMULATOR_KEYS_ALLOWED = 3;

const auditedClient = (client: { id: number; email: string }, tail: string) => ({
  edgeClient: { id: client.id, emailId: client.email },
  keyHint: edgeKeyHintOf(tail),
});

/**
 * Makes (or finds) the industry's simulator edge client and issues it a new
 * key, revoking the keys the server issued it before, in one transaction.
 * Answers the key and the hashes to forget, or null when the e-mail belongs
 * to another industry's client.
 */
async function issueSimulatorKey(
  tx: Executor,
  industry: { tenantId: number; email: string },
): Promise<{ token: string; revokedHashes: string[] } | null> {
  const [found] = await tx
    .select({ id: edgeClients.id, tenantId: edgeClients.tenantId, email: edgeClients.email })
    .from(edgeClients)
    .where(and(sql`lower(${edgeClients.email}) = ${industry.email}`, ne(edgeClients.status, 'DELETED')))
    .for('update')
    .limit(1);
  if (found && found.tenantId !== industry.tenantId) return null;
  let client = found;
  if (!client) {
    const [created] = await tx
      .insert(edgeClients)
      .values({ tenantId: industry.tenantId, email: industry.email, keyAllowed: SIMULATOR_KEYS_ALLOWED })
      .returning({ id: edgeClients.id, tenantId: edgeClients.tenantId, email: edgeClients.email });
    client = created!;
    await recordAudit(tx, SIMULATOR_ACTOR, {
      entity: 'edge_client',
      entityId: client.id,
      action: 'CREATE',
      tenantId: industry.tenantId,
      oldValue: null,
      newValue: { emailId: client.email, keyAllowed: SIMULATOR_KEYS_ALLOWED },
    });
  }
  // The server's own keys of earlier starts (issued by no user).
  const revoked = await tx
    .update(dataTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(eq(dataTokens.edgeClientId, client.id), isNull(dataTokens.revokedAt), isNull(dataTokens.createdBy)),
    )
    .returning({ id: dataTokens.id, tokenHash: dataTokens.tokenHash, tokenTail: dataTokens.tokenTail });
  for (const key of revoked) {
    await recordAudit(tx, SIMULATOR_ACTOR, {
      entity: 'data_token',
      entityId: key.id,
      action: 'TOKEN_REVOKED',
      tenantId: industry.tenantId,
      oldValue: auditedClient(client, key.tokenTail),
      newValue: { reason: 'replaced by the simulator at start' },
    });
  }
  const issued = await insertDataToken(tx, { kind: 'edge', edgeClientId: client.id }, null);
  const [live] = await tx
    .select({ n: count() })
    .from(dataTokens)
    .where(and(eq(dataTokens.edgeClientId, client.id), isNull(dataTokens.revokedAt)));
  const keyUsed = live?.n ?? 1;
  await tx
    .update(edgeClients)
    .set({ keyUsed, keyAllowed: sql`greatest(${edgeClients.keyAllowed}, ${keyUsed})`, updatedAt: new Date() })
    .where(eq(edgeClients.id, client.id));
  await recordAudit(tx, SIMULATOR_ACTOR, {
    entity: 'data_token',
    entityId: issued.id,
    action: 'TOKEN_ISSUED',
    tenantId: industry.tenantId,
    oldValue: null,
    newValue: { ...auditedClient(client, issued.tokenTail), keysInUse: keyUsed },
  });
  return { token: issued.token, revokedHashes: revoked.map((key) => key.tokenHash) };
}

/** The newest reading time of each device (an index probe per parameter row). */
async function findLastData(database: Pick<DatabaseHandle, 'query'>, deviceIds: number[]) {
  const rows = await database.query<{ device_id: number; last_data_at: Date | string | null }>(
    `SELECT d.id AS device_id,
            (SELECT max(l.ts) FROM device_params dp
               CROSS JOIN LATERAL (SELECT r.ts FROM readings r
                                    WHERE r.tenant_id = d.tenant_id AND r.device_id = d.id
                                      AND r.parameter_id = dp.parameter_id
                                    ORDER BY r.ts DESC LIMIT 1) l
              WHERE dp.device_id = d.id) AS last_data_at
       FROM devices d
      WHERE d.id = ANY($1::int4[])`,
    [deviceIds],
  );
  const found = new Map<number, number>();
  for (const row of rows) {
    if (row.last_data_at !== null) found.set(row.device_id, new Date(row.last_data_at).getTime());
  }
  return found;
}

const toSimulatorDevice = (device: DemoDevice, lastDataAt: number | null): SimulatorDevice => ({
  deviceId: device.deviceId,
  industry: device.industry,
  point: device.point,
  outage: device.outage,
  lastDataAt,
  params: device.parameters.map(({ key, label, mtype, stdUnit, limit, unit, toStandard }) => ({
    key,
    label,
    mtype,
    stdUnit,
    limit,
    unit,
    toStandard,
  })),
});

/**
 * The senders of the server's simulator: for each demo industry with a
 * device that sends now, its key (issued here) and its devices with the time
 * of their newest reading.
 */
export async function prepareDemoSenders(
  database: Pick<DatabaseHandle, 'query'> & { db: Database },
  log: SimulatorLog,
  now = Date.now(),
): Promise<SimulatorSender[]> {
  const devices = (await findDemoDevices(database.db)).filter((d) => sendsUntil(d.outage, now) !== null);
  if (devices.length === 0) return [];
  const lastData = await findLastData(
    database,
    devices.map((d) => d.deviceId),
  );
  const byIndustry = new Map<number, DemoDevice[]>();
  for (const device of devices) {
    const list = byIndustry.get(device.tenantId) ?? [];
    list.push(device);
    byIndustry.set(device.tenantId, list);
  }
  const senders: SimulatorSender[] = [];
  for (const [tenantId, list] of byIndustry) {
    const email = simulatorEmailOf({ tenantId, email: list[0]!.industryEmail });
    const issued = await database.db.transaction((tx) => issueSimulatorKey(tx, { tenantId, email }));
    if (!issued) {
      log.warn(
        { tenantId, email },
        'the simulator’s edge client e-mail belongs to another industry; skipped',
      );
      continue;
    }
    // Forgotten once the revocation is committed.
    for (const hash of issued.revokedHashes) forgetDataToken(hash);
    senders.push({
      industry: list[0]!.industry,
      token: issued.token,
      devices: list.map((device) => toSimulatorDevice(device, lastData.get(device.deviceId) ?? null)),
    });
  }
  return senders;
}

/**
 * Starts the server's own simulator against `baseUrl` (its listening
 * address): issues the keys, then fills the gap and sends every interval.
 * Answers the stop (a no-op when there is no demo device to simulate).
 */
export async function startDemoSimulator(options: {
  database: Pick<DatabaseHandle, 'query'> & { db: Database };
  baseUrl: string;
  log: SimulatorLog;
  intervalMs?: number;
}): Promise<() => Promise<void>> {
  const senders = await prepareDemoSenders(options.database, options.log);
  if (senders.length === 0) return async () => undefined;
  return startSimulator({
    baseUrl: options.baseUrl,
    senders,
    log: options.log,
    ...(options.intervalMs ? { intervalMs: options.intervalMs } : {}),
  });
}
