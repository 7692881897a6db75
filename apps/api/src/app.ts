import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import pino from 'pino';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ALL_ENDPOINTS, HEADERS, type ErrorResponse } from '@vayu/domain';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { defaultWebDistDir } from './lib/paths.js';
import { createDiskFileStore } from './lib/file-store.js';
import { createMailer } from './lib/mailer.js';
import { createSerializerCompiler } from './lib/serializer.js';
import { assertEndpointsRegistered, errorResponsesOf } from './lib/endpoints.js';
import { jobQueue } from './jobs/job-definitions.js';
import { createJobWorker } from './jobs/job-worker.js';
import { partitionsJob, scheduleReadingPartitions } from './modules/telemetry/partitions.js';
import {
  regulatorPushJob,
  regulatorScheduleJob,
  scheduleRegulatorPush,
} from './modules/regulators/push-jobs.js';
import { alertsEvaluateJob, scheduleAlerts } from './modules/alerts/alert-jobs.js';
import { reportsGenerateJob, reportsScheduleJob, scheduleReports } from './modules/reports/report-jobs.js';
import {
  dataMigrationCheckJob,
  dataMigrationImportJob,
} from './modules/data-migrations/data-migration-jobs.js';
import { createNotificationChannels } from './modules/alerts/channels.js';
import { createSecrets } from './lib/secrets.js';
import { ROLLUP_BATCH, startRollup } from './modules/telemetry/rollup.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { SESSIONS_ENDED_CHANNEL } from './modules/auth/sessions.repository.js';
import { registerModules } from './modules/index.js';
import { registerAuthentication } from './plugins/authentication.js';
import { registerClientLimits } from './plugins/client-limits.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { registerOverloadGuard } from './plugins/overload.js';
import { registerCsrfProtection } from './plugins/security.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * One log line per request, written when it is answered, with the request and
 * its outcome (Fastify's default writes one more when the request arrives).
 */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(...[error, request, reply]: Parameters<LogController['requestCompleted']>) {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

export interface BuildOptions {
  /** Where logs go (stdout by default); tests read them from here. */
  logStream?: NodeJS.WritableStream;
}

/** How often expired sessions and spent attempt counts are deleted. */
const SWEEP_INTERVAL_MS = 5 * 60_000;

export async function buildApp(
  config: Config,
  database: DatabaseHandle,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Lines are written to stdout off the request path: while one write is under way the next
      // lines gather and go in the following one (flushed when the process exits).
      stream: options.logStream ?? pino.destination({ dest: 1, sync: false }),
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password'],
        censor: '[redacted]',
      },
    },
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers[HEADERS.requestId];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    logController: new OneLinePerRequest(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler(config.env === 'production' ? 'fast' : 'checked'));

  app.addHook('onRequest', async (request, reply) => {
    reply.header(HEADERS.requestId, request.id);
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.cookieSecure ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCookie);
  // Answers above 1 kB (JSON, the API docs) are compressed for clients that ask;
  // the console's assets are compressed at build time and served as they are, and the
  // 15-minute data's kept days once, when first sent (lib/json-parts.ts).
  // Answers are compressed as they are sent, on the request's time: at the fastest levels
  // (a 30-day data answer of 1.3 MB takes 4 ms at brotli quality 1 and 12 ms at the usual
  // 4, for a fifth more bytes; a page of a list, well under a millisecond either way).
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_QUALITY]: 1,
      },
    },
    zlibOptions: { level: 1 },
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Vayu API',
        description: 'Administration API of the Vayu environmental and energy monitoring console.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'vayu_session' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ session: [] }, { bearer: [] }],
      servers: [{ url: config.publicUrl, description: 'This Vayu console' }],
    },
    // Each operation lists the error codes it can answer with, by status.
    transform: (input) => {
      const endpoint = input.route.config?.endpoint;
      if (!endpoint) return jsonSchemaTransform(input);
      const schema = input.schema as { response?: Record<string, unknown> };
      const success = endpoint.produces
        ? {
            [endpoint.status ?? 200]: {
              description: endpoint.summary,
              content: { [endpoint.produces]: { schema: z.string() } },
            },
          }
        : {};
      return jsonSchemaTransform({
        ...input,
        schema: {
          ...input.schema,
          // Multipart bodies are read by their handlers; the document still shows their fields.
          ...(endpoint.multipart ? { body: endpoint.multipart, consumes: ['multipart/form-data'] } : {}),
          response: { ...schema.response, ...success, ...errorResponsesOf(endpoint) },
        },
      });
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  registerErrorHandler(app);
  await registerOverloadGuard(app, config, database);
  registerCsrfProtection(app);
  registerInputGuard(app);
  await registerClientLimits(app, config, database.db);

  const auth = createAuthService({ db: database.db, config });
  registerAuthentication(app, { db: database.db, auth });
  // Sessions ended in any process (an account disabled, a user signed out everywhere) are
  // forgotten here at once, not when this process's few seconds of reuse run out.
  let stopListening: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stopListening = await database.listen(SESSIONS_ENDED_CHANNEL, () => auth.forgetAllSessions());
  });
  app.addHook('onClose', async () => {
    await stopListening?.();
  });
  // Expired sessions and spent sign-in counts are deleted every few minutes (idempotent in every process).
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweeper = setInterval(() => {
      auth
        .sweep()
        .catch((error: unknown) => app.log.warn({ err: error }, 'sweeping sessions and counters failed'));
    }, SWEEP_INTERVAL_MS);
    sweeper.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
  });
  // New readings are rolled up into 15-minute slots every few seconds (modules/telemetry/rollup.ts).
  if (config.rollupIntervalMs > 0) {
    let stopRollup: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stopRollup = startRollup({
        db: database.db,
        intervalMs: config.rollupIntervalMs,
        // The embedded database has one connection: short rounds keep requests from waiting behind one.
        limit: database.kind === 'pglite' ? 500 : ROLLUP_BATCH,
        log: app.log.child({ component: 'rollup' }),
      });
    });
    app.addHook('onClose', async () => {
      await stopRollup?.();
    });
  }

  const secrets = createSecrets(config);
  const mailer = createMailer({
    db: database.db,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log: app.log,
  });
  // Alerts go out by e-mail; an SMS or WhatsApp provider would be a sender given here.
  const channels = createNotificationChannels();
  // Background jobs (docs/decisions/0006-job-queue.md): one worker per process,
  // started when the app is ready, stopped (waiting for running jobs) on close.
  if (config.jobConcurrency > 0) {
    const worker = createJobWorker({
      db: database.db,
      queue: jobQueue,
      handlers: {
        'mail.send': mailer.send,
        'telemetry.partitions': partitionsJob(database),
        'regulator.schedule': regulatorScheduleJob(database.db),
        'regulator.push': regulatorPushJob({ db: database.db, secrets }),
        'alerts.evaluate': alertsEvaluateJob(database.db, { mailer, channels }),
        'reports.generate': reportsGenerateJob({
          database,
          files: createDiskFileStore(config.filesDir),
          mailer,
          publicUrl: config.publicUrl,
        }),
        'reports.schedule': reportsScheduleJob(database.db),
        'dataMigrations.check': dataMigrationCheckJob({
          database,
          files: createDiskFileStore(config.filesDir),
        }),
        'dataMigrations.import': dataMigrationImportJob({
          database,
          files: createDiskFileStore(config.filesDir),
        }),
      },
      log: app.log.child({ component: 'jobs' }),
      concurrency: config.jobConcurrency,
      pollIntervalMs: config.jobPollIntervalMs,
      listen: database.listen,
    });
    app.addHook('onReady', async () => {
      await scheduleReadingPartitions(database.db);
      await scheduleRegulatorPush(database.db);
      await scheduleAlerts(database.db);
      await scheduleReports(database.db);
      return worker.start();
    });
    app.addHook('onClose', () => worker.stop());
  }
  // Multipart uploads (logos, documents): size-limited, parsed only by routes that ask for it.
  await app.register(fastifyMultipart, {
    limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 50, fieldSize: 64 * 1024 },
  });
  await registerModules(app, {
    database,
    db: database.db,
    config,
    auth,
    mailer,
    files: createDiskFileStore(config.filesDir),
    secrets,
    channels,
  });

  // A defined endpoint without a route (or two sharing an operationId) stops the start.
  assertEndpointsRegistered(app, ALL_ENDPOINTS);

  const webDist = config.webDistDir ?? defaultWebDistDir;
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: ['index.html'],
      // The build writes .br and .gz next to the larger assets (apps/web/vite.config.ts).
      preCompressed: true,
      setHeaders(reply, path) {
        reply.header(
          'cache-control',
          path.includes(`${join(webDist, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    // The public API lives under /public/api/ beside the page that documents it (/public/api/details).
    const isApi =
      request.url.startsWith('/api') ||
      (request.url.startsWith('/public/api/') && !/^\/public\/api\/details(?:[/?]|$)/.test(request.url));
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApi;
    if (hasWeb && isPage && !/\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '')) {
      // History-mode routing: every page path gets the SPA.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const body: ErrorResponse = {
      error: { code: 'NOT_FOUND', message: 'Not found.', requestId: request.id },
    };
    return reply.status(404).send(body);
  });

  return app;
}
