import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type Config } from './config.js';
import { buildApp } from './app.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { DataDirLockedError, lockDataDir, type DataDirLock } from './db/data-dir-lock.js';
import { users } from './db/schema/index.js';
import { DEMO_PASSWORD } from './lib/demo.js';
import { seedIfEmpty } from './seed/demo-data.js';
import { createSecrets } from './lib/secrets.js';
import { ensureReadingPartitions } from './modules/telemetry/partitions.js';
import { startDemoSimulator } from './modules/telemetry/simulator-senders.js';

function fail(message: string): never {
  process.stderr.write(`\nVayu cannot start:\n${message}\n\n`);
  process.exit(1);
}

/** Production must not run with the published demo password anywhere. */
async function assertNoDemoPasswords(config: Config, database: DatabaseHandle) {
  if (config.env !== 'production') return;
  if (config.seedAdmin?.password === DEMO_PASSWORD) {
    fail('SEED_ADMIN_PASSWORD is the published demo password. Choose another one.');
  }
  const [row] = await database.db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.hasDemoPassword, true), eq(users.status, 'ENABLED')));
  if ((row?.n ?? 0) > 0) {
    fail(
      `${row!.n} enabled user(s) still have the published demo password. With NODE_ENV=production the ` +
        'server refuses to start: set SEED_ADMIN_EMAIL and SEED_ADMIN_PASSWORD on a new database, or change ' +
        'or disable those users first (with NODE_ENV unset).',
    );
  }
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  let lock: DataDirLock | undefined;
  if (!config.databaseUrl) {
    try {
      lock = lockDataDir(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) fail(error.message);
      throw error;
    }
  }

  let database: DatabaseHandle | undefined;
  let app: FastifyInstance | undefined;
  let stopSimulator: (() => Promise<void>) | undefined;
  let isShuttingDown = false;
  const shutdown = async (signal: string) => {
    if (isShuttingDown) return;
    isShuttingDown = true;
    app?.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      process.stderr.write('Shutdown took too long; exiting.\n');
      lock?.release();
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    try {
      await stopSimulator?.();
      await app?.close();
      await database?.close();
    } finally {
      lock?.release();
      process.exit(0);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  try {
    database = await openDatabase(config);
    const db = database;
    const seed = await db.withStartupLock(async () => {
      await db.migrate();
      // The months readings go in (and the demo history) exist before anything is stored.
      await ensureReadingPartitions(db);
      return seedIfEmpty(db.db, {
        admin: config.seedAdmin,
        withDemoData: config.seedDemoData && config.env !== 'production',
        secrets: createSecrets(config),
      });
    });
    await assertNoDemoPasswords(config, database);
    app = await buildApp(config, database);
    await app.listen({ host: config.host, port: config.port });

    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    const lines = [
      '',
      `  Vayu console is running at http://${shownHost}:${port}/`,
      `  API docs:  http://${shownHost}:${port}/api/docs`,
      `  Database:  ${database.kind === 'pglite' ? `embedded (${config.dataDir})` : 'PostgreSQL server'}`,
      seed.usesDemoPassword
        ? `  Sign in:   ${seed.adminEmail} / ${DEMO_PASSWORD}   (demo data: every demo user has this password)`
        : `  Sign in:   ${seed.adminEmail} with SEED_ADMIN_PASSWORD`,
      '',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);

    if (config.simulate) {
      // Demo readings sent to this server's own /api/ingest, as the plants' gateways would.
      const log = app.log;
      const ownHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
      const baseUrl = `http://${ownHost.includes(':') ? `[${ownHost}]` : ownHost}:${port}`;
      void startDemoSimulator({ database: db, baseUrl, log }).then(
        async (stop) => {
          if (isShuttingDown) await stop();
          else stopSimulator = stop;
        },
        (error: unknown) => log.warn({ err: error }, 'the demo readings simulator did not start'),
      );
    }
  } catch (error) {
    lock?.release();
    await database?.close().catch(() => undefined);
    const message = error instanceof Error ? error.message : String(error);
    fail(message);
  }
}

void main();
