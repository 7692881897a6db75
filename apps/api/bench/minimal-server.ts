/**
 * The yardstick of the throughput benchmark: a bare node:http server on a
 * `pg` pool of the console's size that answers each benchmarked URL with the
 * same page query the console runs, taken as SQL text and parameters from the
 * file named by BENCH_QUERIES. No session, no scope, no count, no validation:
 * what a list costs at the very least. `POST /write` is the least a working
 * status change with its audit row can do: one transaction that locks,
 * updates and inserts.
 *
 * Started by run.ts (`BENCH_QUERIES`, `DATABASE_URL`, `PORT`, `DATABASE_POOL_SIZE`).
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import pg from 'pg';
import { INSERT_READINGS_NAME, INSERT_READINGS_SQL } from '../src/modules/telemetry/ingest.service.js';

interface PageQuery {
  text: string;
  values: unknown[];
}

const queries = JSON.parse(readFileSync(process.env.BENCH_QUERIES!, 'utf8')) as Record<string, PageQuery>;
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
});

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

async function write(body: { tenantId: number; workingStatus: string; remark: string | null }) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const locked = await client.query<{ working_status: string }>(
      `SELECT working_status FROM accounts WHERE id = $1 AND status <> 'DELETED' FOR UPDATE`,
      [body.tenantId],
    );
    const before = locked.rows[0];
    if (!before) {
      await client.query('ROLLBACK');
      return undefined;
    }
    await client.query(
      'UPDATE accounts SET working_status = $2, version = version + 1, updated_at = now() WHERE id = $1',
      [body.tenantId, body.workingStatus],
    );
    await client.query(
      `INSERT INTO audit_logs (actor_user_id, actor_user_name, actor_account_id, tenant_id, entity, entity_id,
         action, old_value, new_value, request_id, ip)
       VALUES (1, 'bench', 1, $1, 'account', $4, 'WORKING_STATUS_CHANGE', $2, $3, 'bench', '127.0.0.1')`,
      [
        body.tenantId,
        JSON.stringify({ workingStatus: before.working_status }),
        JSON.stringify({ workingStatus: body.workingStatus, remark: body.remark }),
        String(body.tenantId),
      ],
    );
    await client.query('COMMIT');
    return { id: body.tenantId, workingStatus: body.workingStatus };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * The least an ingestion can do: the console's own insert statement (readings and the
 * rollup's slot marks), with the ids as sent (no token, no check, no unit conversion).
 */
async function ingest(body: {
  readings: {
    tenantId: number;
    deviceId: number;
    parameterId: number;
    time: string;
    value: number;
    unit: string;
  }[];
}) {
  const rows = body.readings;
  const rowsInserted = await pool.query({
    name: INSERT_READINGS_NAME,
    text: INSERT_READINGS_SQL,
    values: [
      rows.map((r) => r.tenantId),
      rows.map((r) => r.deviceId),
      rows.map((r) => r.parameterId),
      rows.map((r) => r.time),
      rows.map((r) => r.value),
      rows.map((r) => r.unit),
      rows.map((r) => r.value),
      rows.map(() => 'measured'),
      'app',
      null,
    ],
  });
  return { accepted: rowsInserted.rowCount };
}

const server = createServer((request, response) => {
  const send = (status: number, value: unknown) => {
    const text = JSON.stringify(value);
    response.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
    });
    response.end(text);
  };
  const handle = async () => {
    if (request.method === 'POST' && request.url === '/write') {
      const result = await write(JSON.parse(await readBody(request)));
      return result ? send(200, result) : send(404, { error: 'not found' });
    }
    if (request.method === 'POST' && request.url === '/ingest') {
      return send(200, await ingest(JSON.parse(await readBody(request))));
    }
    const query = queries[request.url ?? ''];
    if (!query) return send(404, { error: 'not found' });
    const { rows } = await pool.query(query.text, query.values);
    return send(200, { items: rows });
  };
  handle().catch((error: unknown) => send(500, { error: String(error) }));
});

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : ''}\n`);
});

const stop = () => {
  server.close();
  void pool.end().finally(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
