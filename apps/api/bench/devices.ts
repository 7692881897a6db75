/**
 * The device registry at scale for the list benchmarks: 100,000 devices
 * across 10,000 industries (ten each at two monitoring points, five parameter
 * rows per device), seeded with `INSERT … SELECT generate_series` after the
 * industries exist.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/client.js';

export const DEVICE_TENANTS = 10_000;
export const DEVICES_PER_TENANT = 10;
export const DEVICES = DEVICE_TENANTS * DEVICES_PER_TENANT;
const PARAMS_PER_DEVICE = 5;

const DEVICE_NAMES = [
  'Gas Analyser',
  'Dust Monitor',
  'Flow Meter',
  'Opacity Monitor',
  'Effluent Analyser',
  'pH Analyser',
  'Particulate Monitor',
  'NOx Analyser',
  'Mercury Analyser',
  'Ammonia Slip Analyser',
];
const PREFIXES = ['HOR-E5K', 'SICK-MCS', 'TFS-42IQ', 'ENV-MIR', 'CHM-MPA', 'FM-GCEM', 'SICK-FW3', 'TFS-5014'];

const literalArray = (values: readonly string[]) =>
  `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`;

function rowsOf(result: unknown): Array<Record<string, unknown>> {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<
    Record<string, unknown>
  >;
}

/** The industries that get devices: the first DEVICE_TENANTS not deleted. Returns the first one's id. */
export async function seedDevices(handle: DatabaseHandle) {
  const { db } = handle;
  const started = performance.now();
  await db.execute(
    sql.raw(`CREATE TEMP TABLE bench_device_tenants AS
      SELECT id, row_number() OVER (ORDER BY id) AS n FROM accounts
      WHERE type = 'tenant' AND status <> 'DELETED' ORDER BY id LIMIT ${DEVICE_TENANTS}`),
  );
  await db.execute(
    sql.raw(`INSERT INTO parameters (name, label, mtype, param_key, param_metric, std_unit)
      SELECT 'bench_p' || g, 'Bench P' || g, 'stack', 'bench_p' || g, 'bench.p' || g, 'mg/Nm3'
      FROM generate_series(1, ${PARAMS_PER_DEVICE * 2}) AS g`),
  );
  await db.execute(
    sql.raw(
      `INSERT INTO makes (name, type) SELECT 'Bench Make ' || g, 'Analyser' FROM generate_series(1, 5) AS g`,
    ),
  );
  await db.execute(
    sql.raw(`INSERT INTO models (name, make_id, model_type)
      SELECT 'Bench Model ' || g, (SELECT min(id) FROM makes WHERE name LIKE 'Bench Make %') + (g % 5), 'CEMS'
      FROM generate_series(1, 20) AS g`),
  );
  await db.execute(
    sql.raw(`INSERT INTO monitoring_points (tenant_id, name, entity_type)
      SELECT t.id, s.name, 'stack'
      FROM bench_device_tenants t CROSS JOIN (VALUES ('Kiln Stack'), ('Boiler Stack')) AS s(name)`),
  );
  // Each industry's first point, its model and parameter ranges, read once rather than per device row.
  await db.execute(
    sql.raw(`CREATE TEMP TABLE bench_device_points AS
      SELECT t.id AS tenant_id, t.n, min(p.id) AS point_id
      FROM bench_device_tenants t JOIN monitoring_points p ON p.tenant_id = t.id
      GROUP BY t.id, t.n`),
  );
  await db.execute(
    sql.raw(`INSERT INTO devices (tenant_id, monitoring_point_id, name, serial_number, tag, model_id,
        data_upload_method, data_frequency, type, status)
      SELECT t.tenant_id,
             t.point_id + (d % 2),
             (${literalArray(DEVICE_NAMES)})[1 + d % ${DEVICE_NAMES.length}]
               || CASE WHEN d >= ${DEVICE_NAMES.length} THEN ' ' || (d / ${DEVICE_NAMES.length} + 1) ELSE '' END,
             (${literalArray(PREFIXES)})[1 + (t.n + d) % ${PREFIXES.length}] || '-' || lpad((t.n * ${DEVICES_PER_TENANT} + d)::text, 7, '0'),
             CASE WHEN d % 3 = 0 THEN 'CEMS' ELSE NULL END,
             m.first + ((t.n + d) % 20),
             (ARRAY['MODBUS','API','CLIENT S/W'])[1 + d % 3],
             15,
             'CEMS',
             CASE WHEN d = 9 AND t.n % 10 = 0 THEN 'DISABLED' ELSE 'ENABLED' END
      FROM bench_device_points t
      CROSS JOIN generate_series(0, ${DEVICES_PER_TENANT - 1}) AS d
      CROSS JOIN (SELECT min(id) AS first FROM models WHERE name LIKE 'Bench Model %') AS m`),
  );
  await db.execute(
    sql.raw(`INSERT INTO device_params (device_id, tenant_id, parameter_id, unit, enabled, position)
      SELECT d.id, d.tenant_id, p.first + ((d.id + k) % ${PARAMS_PER_DEVICE * 2}), 'mg/Nm3', k < 4, k
      FROM devices d
      CROSS JOIN generate_series(0, ${PARAMS_PER_DEVICE - 1}) AS k
      CROSS JOIN (SELECT min(id) AS first FROM parameters WHERE name LIKE 'bench_p%') AS p`),
  );
  await db.execute(sql`DROP TABLE bench_device_points`);
  await db.execute(sql`DROP TABLE bench_device_tenants`);
  await db.execute(sql`ANALYZE devices`);
  await db.execute(sql`ANALYZE device_params`);
  await db.execute(sql`ANALYZE monitoring_points`);
  const busy = rowsOf(
    await db.execute(
      sql`SELECT tenant_id FROM devices GROUP BY tenant_id ORDER BY tenant_id LIMIT 1 OFFSET 5000`,
    ),
  )[0]!;
  const sample = rowsOf(
    await db.execute(sql`SELECT serial_number FROM devices ORDER BY id LIMIT 1 OFFSET 42000`),
  )[0]!;
  return {
    ms: performance.now() - started,
    tenantId: Number(busy.tenant_id),
    serialNumber: String(sample.serial_number),
  };
}
