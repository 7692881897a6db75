import {
  DEVICE_LOG_GAP_MS,
  DEVICE_LOG_MAX_LINES,
  DEVICE_LOG_MESSAGES,
  INGEST_CLOCK_SKEW_MS,
  INGEST_MAX_AGE_MS,
  READING_REFUSAL_MESSAGES,
  type DeviceLogQuery,
  type ReadingRefusal,
} from '@vayu/domain';
import type { RequestContext } from '../../auth/principal.js';
import { scopeOf } from '../../auth/scope.js';
import type { DatabaseHandle } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import { istText } from '../../lib/ist.js';
import { findDeviceOwner } from '../devices/devices.repository.js';

type Arrival = {
  minute: Date;
  source: string;
  token_id: number | null;
  provenance: string;
  n: number;
  params: number;
  first_ts: Date;
  last_ts: Date;
};

type RefusalRow = {
  received_at: Date;
  code: ReadingRefusal;
  sent: string;
  source: string;
  token_id: number | null;
};

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const SOURCES: Record<string, string> = {
  edge: 'edge client',
  app: 'push-data app',
  demo: 'simulator',
  user: 'entered in the console',
};

/**
 * A device's log file: what the ingestion recorded for it in an interval.
 * Readings received are grouped by the minute they arrived (with sender,
 * provenance and the times they carried), refused readings are listed with
 * the reason and what was sent, and silences of half an hour or more between
 * arrivals get a line of their own. The interval is of arrival times; the
 * readings' own times are at most 7 days older (the ingestion refuses older),
 * which bounds the months read.
 */
export function createDeviceLogService({ database }: { database: Pick<DatabaseHandle, 'query' | 'db'> }) {
  async function senderNames(tokenIds: number[]): Promise<Map<number, string>> {
    if (tokenIds.length === 0) return new Map();
    const rows = await database.query<{ id: number; kind: string; tail: string; name: string | null }>(
      `SELECT dt.id, dt.kind, dt.token_tail AS tail, coalesce(ec.email, av.app_name) AS name
         FROM data_tokens dt
         LEFT JOIN edge_clients ec ON ec.id = dt.edge_client_id
         LEFT JOIN app_vendors av ON av.id = dt.app_vendor_id
        WHERE dt.id = ANY($1::int4[])`,
      [tokenIds],
    );
    return new Map(rows.map((row) => [row.id, `${row.name ?? 'unknown'} (key …${row.tail})`]));
  }

  return {
    async download(
      ctx: RequestContext,
      deviceId: number,
      query: DeviceLogQuery,
      now = new Date(),
    ): Promise<{ fileName: string; text: string }> {
      const owner = await findDeviceOwner(database.db, scopeOf(ctx.principal), deviceId);
      if (!owner) throw notFound('Device');
      const from = new Date(query.from);
      const to = new Date(query.to);
      const [header] = await database.query<{ name: string; tenant_name: string; point: string | null }>(
        `SELECT d.name, a.name AS tenant_name, mp.name AS point
           FROM devices d JOIN accounts a ON a.id = d.tenant_id
           LEFT JOIN monitoring_points mp ON mp.id = d.monitoring_point_id
          WHERE d.id = $1`,
        [deviceId],
      );
      const arrivals = await database.query<Arrival>(
        `SELECT date_trunc('minute', received_at) AS minute, source, token_id, provenance,
                count(*)::int AS n, count(DISTINCT parameter_id)::int AS params, min(ts) AS first_ts, max(ts) AS last_ts
           FROM readings
          WHERE tenant_id = $1 AND device_id = $2
            AND ts >= $3::timestamptz AND ts < $4::timestamptz
            AND received_at >= $5::timestamptz AND received_at < $6::timestamptz
          GROUP BY 1, 2, 3, 4
          ORDER BY 1, 2, 3, 4
          LIMIT ${DEVICE_LOG_MAX_LINES + 1}`,
        [
          owner.tenantId,
          deviceId,
          new Date(from.getTime() - INGEST_MAX_AGE_MS - 60_000).toISOString(),
          new Date(to.getTime() + INGEST_CLOCK_SKEW_MS + 60_000).toISOString(),
          from.toISOString(),
          to.toISOString(),
        ],
      );
      const refusals = await database.query<RefusalRow>(
        `SELECT received_at, code, sent, source, token_id
           FROM ingest_refusals
          WHERE device_id = $1 AND tenant_id = $2 AND received_at >= $3::timestamptz AND received_at < $4::timestamptz
          ORDER BY received_at, id
          LIMIT ${DEVICE_LOG_MAX_LINES + 1}`,
        [deviceId, owner.tenantId, from.toISOString(), to.toISOString()],
      );
      if (arrivals.length === 0 && refusals.length === 0) {
        throw new AppError('LOGS_NOT_FOUND', DEVICE_LOG_MESSAGES.notFound);
      }
      const names = await senderNames([
        ...new Set(
          [...arrivals, ...refusals].map((row) => row.token_id).filter((id): id is number => id !== null),
        ),
      ]);
      const senderOf = (source: string, tokenId: number | null) =>
        `${SOURCES[source] ?? source}${tokenId !== null ? ` ${names.get(tokenId) ?? `key #${tokenId}`}` : ''}`;

      const lines: { at: number; order: number; text: string }[] = [];
      let previous: number | null = null;
      for (const row of arrivals) {
        const at = asDate(row.minute).getTime();
        if (previous !== null && at - previous >= DEVICE_LOG_GAP_MS) {
          const minutes = Math.round((at - previous) / 60_000);
          lines.push({
            at: previous + 60_000,
            order: 0,
            text: `${istText(previous + 60_000)}  SILENT    nothing received for ${minutes} minutes, until ${istText(at)}`,
          });
        }
        previous = at;
        const first = istText(asDate(row.first_ts));
        const last = istText(asDate(row.last_ts));
        lines.push({
          at,
          order: 1,
          text: `${istText(at)}  RECEIVED  ${row.n} reading${row.n === 1 ? '' : 's'} of ${row.params} parameter${row.params === 1 ? '' : 's'}, ${row.provenance}, times ${first === last ? first : `${first} to ${last}`}, from ${senderOf(row.source, row.token_id)}`,
        });
      }
      for (const row of refusals) {
        const at = asDate(row.received_at).getTime();
        lines.push({
          at,
          order: 2,
          text: `${istText(at, true)}  REFUSED   ${row.code}: ${READING_REFUSAL_MESSAGES[row.code] ?? row.code} Sent by ${senderOf(row.source, row.token_id)}: ${row.sent}`,
        });
      }
      lines.sort((a, b) => a.at - b.at || a.order - b.order);
      const cut = lines.length > DEVICE_LOG_MAX_LINES;
      const text = [
        `# Device log: ${header?.name ?? `device ${deviceId}`} (device ${deviceId})${header?.point ? ` at ${header.point}` : ''}, ${header?.tenant_name ?? ''}`,
        `# Received from ${istText(from)} to ${istText(to)}; written ${istText(now)}`,
        `# RECEIVED: readings stored, by the minute they arrived. REFUSED: a reading not stored, and why. SILENT: ${DEVICE_LOG_GAP_MS / 60_000} minutes or more with nothing received.`,
        ...lines.slice(0, DEVICE_LOG_MAX_LINES).map((line) => line.text),
        ...(cut
          ? [`# Cut at ${DEVICE_LOG_MAX_LINES.toLocaleString('en-IN')} lines: ask for a shorter interval.`]
          : []),
        '',
      ].join('\n');
      const day = istText(from).slice(0, 10);
      return { fileName: `device-${deviceId}-log-${day}.log`, text };
    },
  };
}

export type DeviceLogService = ReturnType<typeof createDeviceLogService>;
