import { get } from 'node:http';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PLATFORM_ACCOUNT_ID, type AuditLogExportQuery } from '@vayu/domain';
import type { Principal } from '../auth/principal.js';
import { auditLogs } from '../db/schema/index.js';
import { auditLogsExport } from '../modules/audit/audit.export.js';
import { factories } from '../test/factories.js';
import { startTestApp, type TestContext } from '../test/harness.js';
import {
  type CsvExport,
  formatIstDateTime,
  formatPhone,
  readExportRows,
  sendCsvExport,
  toCell,
} from './csv-export.js';

describe('cells', () => {
  it('guards what a spreadsheet would read as a formula, and writes the rest as it is', () => {
    expect(toCell('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(toCell('+91 98200 12345')).toBe("'+91 98200 12345");
    expect(toCell('-2+3')).toBe("'-2+3");
    expect(toCell('@cmd')).toBe("'@cmd");
    expect(toCell('\tTab')).toBe("'\tTab");
    expect(toCell('\rReturn')).toBe("'\rReturn");
    expect(toCell('Vapi Agro Chemicals')).toBe('Vapi Agro Chemicals');
    expect(toCell('a=b')).toBe('a=b');
    expect(toCell(-5)).toBe('-5');
    expect(toCell(true)).toBe('Yes');
    expect(toCell(null)).toBe('');
  });

  it('writes times in India and phone numbers grouped', () => {
    expect(formatIstDateTime(new Date('2026-11-27T18:45:10Z'))).toBe('2026-11-28 00:15');
    expect(formatIstDateTime(null)).toBeNull();
    expect(formatPhone('919820012345')).toBe('+91 98200 12345');
    expect(formatPhone('9820012345')).toBe('+91 98200 12345');
    expect(formatPhone('442079460958')).toBe('+442079460958');
    expect(formatPhone('')).toBeNull();
  });
});

describe('keyset batches', () => {
  let t: TestContext;
  let tenantId: number;
  const principal = {
    userId: 1,
    userName: 'site@vayu.example',
    name: 'Site',
    userType: 'site',
    role: 'admin',
    accountId: PLATFORM_ACCOUNT_ID,
    accountType: 'site',
    partnerId: -1,
    corporateId: null,
    actingTenantId: null,
    selectedCorporateId: null,
    module: 'enviro',
    sessionId: 0,
  } satisfies Principal;

  beforeAll(async () => {
    t = await startTestApp();
    tenantId = (await factories(t.db).tenant()).id;
    // Runs of equal values, empty users, and equal times, so that batches end inside ties.
    const names = ['meera@plant.example', null, 'arjun@plant.example', null, 'zoya@plant.example'];
    const at = new Date();
    await t.db.insert(auditLogs).values(
      Array.from({ length: 83 }, (_, i) => ({
        entity: i % 3 === 0 ? ('device' as const) : ('user' as const),
        entityId: String(i),
        action: i % 4 === 0 ? ('CREATE' as const) : ('UPDATE' as const),
        tenantId,
        actorUserName: names[i % names.length] ?? null,
        createdAt: new Date(at.getTime() - (i % 9) * 1000 - (i % 2) * 0.4),
      })),
    );
  });

  const orders: Array<Pick<AuditLogExportQuery, 'sort' | 'order'>> = [
    { sort: 'actorUserName', order: 'asc' },
    { sort: 'actorUserName', order: 'desc' },
    { sort: 'createdAt', order: 'desc' },
    { sort: 'createdAt', order: 'asc' },
    { sort: 'entity', order: 'asc' },
    { sort: 'action', order: 'desc' },
  ];

  it.each(orders)(
    'reads every row once in the list’s order, nulls included, across batches ($sort $order)',
    async ({ sort, order }) => {
      const column = {
        actorUserName: 'actor_user_name',
        createdAt: 'created_at',
        entity: 'entity',
        action: 'action',
        tenantName: 'tenant_id',
      }[sort];
      const expected = (
        (await t.db.execute(
          sql.raw(`SELECT id::text AS id_text FROM audit_logs WHERE tenant_id = ${tenantId}
            ORDER BY ${column} ${order}, id ${order}`),
        )) as unknown as { rows: Array<{ id_text: string }> }
      ).rows.map((row) => row.id_text);
      expect(expected).toHaveLength(83);

      const source = auditLogsExport(
        t.db,
        { principal, requestId: 'test', ip: '127.0.0.1' },
        { tenantId, sort, order },
      );
      const read: string[] = [];
      let batches = 0;
      for await (const rows of readExportRows(source, { batchSize: 7 })) {
        batches += 1;
        read.push(...rows.map((row) => row.id));
      }
      expect(batches).toBe(12);
      expect(read).toEqual(expected);
    },
  );
});

describe('streaming', () => {
  /** An export that never runs out: only the client going away ends it. */
  function endlessExport() {
    const state = { batchesRead: 0 };
    const source: CsvExport<{ n: number }> = {
      name: 'endless',
      keys: [{ expression: sql`n`, direction: 'asc', type: 'integer' }],
      columns: [{ header: 'N', value: (row) => row.n }],
      readBatch: async (batch) => {
        state.batchesRead += 1;
        const start = state.batchesRead * batch.limit;
        return Array.from({ length: batch.limit }, (_, i) => ({
          n: start + i,
          exportCursor0: String(start + i),
        }));
      },
    };
    return { source, state };
  }

  async function serve(source: CsvExport<{ n: number }>) {
    const lines: Array<Record<string, unknown>> = [];
    const app = Fastify({
      logger: {
        level: 'info',
        stream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
      },
    });
    app.get('/export', (request, reply) => sendCsvExport(request, reply, source));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return { app, lines, url: `http://127.0.0.1:${port}/export` };
  }

  it('stops reading the database when the client goes away', async () => {
    const { source, state } = endlessExport();
    const { app, lines, url } = await serve(source);
    try {
      // The client reads the start of the file (the byte order mark and the header row), then goes away.
      const start = await new Promise<string>((resolve, reject) => {
        let text = '';
        const request = get(url, (response) => {
          response.on('data', (chunk: Buffer) => {
            text += chunk.toString('utf8');
            if (text.includes('\r\n')) {
              request.destroy();
              resolve(text);
            }
          });
        });
        request.on('error', (error) => {
          if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
        });
      });
      expect(start.startsWith('\uFEFFN\r\n')).toBe(true);
      await vi.waitFor(() => expect(lines.map((line) => line.outcome)).toContain('cut short'));
      // The endless export ended: only the client's going away could end it.
      const read = state.batchesRead;
      expect(read).toBeLessThan(1000);
      expect(lines.find((line) => line.outcome === 'cut short')).toMatchObject({ export: 'endless' });
    } finally {
      await app.close();
    }
  });

  it('answers an error, not a broken file, when the first batch cannot be read', async () => {
    const failing: CsvExport<{ n: number }> = {
      name: 'failing',
      keys: [{ expression: sql`n`, direction: 'asc', type: 'integer' }],
      columns: [{ header: 'N', value: (row) => row.n }],
      readBatch: () => Promise.reject(new Error('database gone')),
    };
    const { app } = await serve(failing);
    try {
      const response = await app.inject({ method: 'GET', url: '/export' });
      expect(response.statusCode).toBe(500);
      expect(response.headers['content-type']).not.toMatch(/text\/csv/);
    } finally {
      await app.close();
    }
  });
});
