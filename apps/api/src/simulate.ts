import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  authEndpoints,
  buildEndpointPath,
  devicesEndpoints,
  edgeClientsEndpoints,
  HEADERS,
  parametersEndpoints,
  SESSION_COOKIE,
  telemetryEndpoints,
  tenantsEndpoints,
  type EndpointDefinition,
  type EndpointResponse,
} from '@vayu/domain';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from './lib/demo.js';
import { findDemoOutage, sendsUntil, simulatorEmailOf } from './modules/telemetry/simulation.js';
import {
  createSimulator,
  SIMULATOR_INTERVAL_MS,
  startSimulator,
  type SentReading,
  type SimulatorDevice,
  type SimulatorLog,
  type SimulatorParameter,
  type SimulatorSender,
} from './modules/telemetry/simulator.js';

/**
 * `npm run simulate`: sends live readings for the demo industries' devices to
 * a running console, as their plants' edge gateways would. Signs in through
 * the API, finds the demo industries and their devices, makes (or reuses) an
 * edge client `simulator@<industry domain>` for each and issues it a key,
 * then posts readings to `/api/ingest` every interval (`--once`: one round,
 * printed).
 */

const USAGE = `Usage: node apps/api/dist/simulate.js [--url http://127.0.0.1:8080] [--user ${DEMO_ADMIN_EMAIL}]
       [--password …] [--once] [--interval 60] [--verbose]

Sends live demo readings to a running Vayu console through POST /api/ingest.
  --url       the console (default http://127.0.0.1:8080, or VAYU_URL)
  --user      a site or partner admin who may manage the demo industries' edge clients
  --password  their password (default the demo password, or VAYU_PASSWORD)
  --once      send one round, print each reading and stop
  --interval  seconds between rounds (default 60)`;

/** An error answer of the API. */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

type QueryValue = string | number | boolean | undefined;

/** A signed-in client of the console's API (the session cookie, the console's headers). */
export class ConsoleClient {
  private cookie: string | undefined;

  constructor(readonly baseUrl: string) {}

  async call<E extends EndpointDefinition>(
    endpoint: E,
    input: {
      params?: Record<string, string | number>;
      query?: Record<string, QueryValue>;
      body?: unknown;
    } = {},
  ): Promise<EndpointResponse<E>> {
    const url = new URL(buildEndpointPath(endpoint.path, input.params), this.baseUrl);
    for (const [name, value] of Object.entries(input.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const headers: Record<string, string> = { [HEADERS.requestedWith]: 'XMLHttpRequest' };
    if (this.cookie) headers.cookie = this.cookie;
    if (input.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(url, {
        method: endpoint.method,
        headers,
        ...(input.body === undefined ? {} : { body: JSON.stringify(input.body) }),
      });
    } catch (error) {
      const cause =
        error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
      throw new Error(`Could not reach the console at ${this.baseUrl} (${cause}).`);
    }
    const session = response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0]!)
      .find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
    if (session) this.cookie = session;
    const text = await response.text();
    const json: unknown = text ? JSON.parse(text) : undefined;
    if (!response.ok) {
      const error = (json as { error?: { code?: string; message?: string } } | undefined)?.error;
      throw new ApiCallError(
        response.status,
        error?.code,
        `${endpoint.method} ${url.pathname}: ${response.status} ${error?.message ?? text.slice(0, 200)}`,
      );
    }
    return (endpoint.response ? endpoint.response.parse(json) : json) as EndpointResponse<E>;
  }

  async signIn(userName: string, password: string) {
    await this.call(authEndpoints.login, { body: { userName, password } });
  }
}

/** Every page of a paged list. */
async function allPages<T>(fetchPage: (page: number) => Promise<{ items: T[]; pageCount: number }>) {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const answer = await fetchPage(page);
    items.push(...answer.items);
    if (page >= answer.pageCount || answer.items.length === 0) return items;
  }
}

/** What a monitoring point's kind says a parameter measures (the generator's `mtype`). */
const MTYPE_OF_POINT: Record<string, string> = {
  stack: 'stack',
  'mobile stack': 'stack',
  etp: 'etp',
  caaqms: 'caaqms',
  'ground water': 'ground water',
};

/**
 * The industry's simulator edge client (made when missing) with a new key:
 * keys issued by people to it before (earlier runs of this command) are
 * revoked; the key the console's own simulator holds (issued by no user) stays.
 */
async function issueKeyThroughApi(client: ConsoleClient, tenantId: number, email: string): Promise<string> {
  const page = await client.call(edgeClientsEndpoints.listEdgeClients, {
    query: { tenantId, search: email, pageSize: 100 },
  });
  let edgeClientId = page.items.find((item) => item.emailId.toLowerCase() === email)?.id;
  if (edgeClientId === undefined) {
    const created = await client.call(edgeClientsEndpoints.createEdgeClient, {
      body: { emailId: email, tenantId, keyAllowed: 3 },
    });
    edgeClientId = created.id;
  }
  const detail = await client.call(edgeClientsEndpoints.getEdgeClient, { params: { id: edgeClientId } });
  for (const key of detail.keys) {
    if (key.revokedAt === null && key.createdBy !== null) {
      await client.call(edgeClientsEndpoints.revokeEdgeKey, { params: { id: edgeClientId, keyId: key.id } });
    }
  }
  const issued = await client.call(edgeClientsEndpoints.issueEdgeKey, {
    body: { clientTokenId: edgeClientId },
  });
  return issued.token;
}

/**
 * The demo industries the signed-in user sees, each with a key of its
 * simulator edge client and its enabled devices: their enabled parameters
 * (the unit each is sent in, the standard's limit) and newest reading time.
 * Industries and points that send nothing now (the demo's offline plant) are left out.
 */
export async function findSendersThroughApi(
  client: ConsoleClient,
  log: SimulatorLog,
): Promise<SimulatorSender[]> {
  const now = Date.now();
  const tenants = await allPages((page) =>
    client.call(tenantsEndpoints.listTenants, {
      query: { type: 'tenant', isDemo: 'true', status: 'ENABLED', pageSize: 100, page },
    }),
  );
  const unitFactors = new Map<number, Map<string, { toStandard: number; isStandard: boolean }>>();
  const senders: SimulatorSender[] = [];
  for (const tenant of tenants) {
    const summaries = await allPages((page) =>
      client.call(devicesEndpoints.listDevices, {
        query: { tenantId: tenant.id, status: 'ENABLED', pageSize: 100, page },
      }),
    );
    const devices: SimulatorDevice[] = [];
    for (const summary of summaries) {
      const outage = findDemoOutage(tenant.name, summary.monitoringPoint.name);
      if (sendsUntil(outage, now) === null) continue;
      const device = await client.call(devicesEndpoints.getDevice, { params: { id: summary.id } });
      const latest = await client.call(telemetryEndpoints.deviceReadings, { params: { id: summary.id } });
      const mtype = MTYPE_OF_POINT[device.monitoringPoint.entityType] ?? 'general';
      const params: SimulatorParameter[] = [];
      for (const row of device.params.filter((p) => p.enabled)) {
        const reading = latest.parameters.find((p) => p.parameterId === row.parameter.id);
        if (!reading) continue;
        let units = unitFactors.get(row.parameter.id);
        if (!units) {
          const answer = await client.call(parametersEndpoints.getParameterUnits, {
            params: { id: row.parameter.id },
          });
          units = new Map(
            answer.units.map((u) => [u.code, { toStandard: u.toStandard, isStandard: u.isStandard }]),
          );
          unitFactors.set(row.parameter.id, units);
        }
        const standard = [...units.entries()].find(([, u]) => u.isStandard)?.[0];
        const unit = row.unit !== null && (units.has(row.unit) || units.size === 0) ? row.unit : standard;
        if (!unit) continue;
        params.push({
          key: reading.key,
          label: reading.label,
          mtype,
          stdUnit: reading.unit,
          limit: reading.limit,
          unit,
          toStandard: units.get(unit)?.toStandard ?? 1,
        });
      }
      if (params.length === 0) continue;
      devices.push({
        deviceId: device.id,
        name: device.name,
        industry: tenant.name,
        point: device.monitoringPoint.name,
        outage,
        params,
        lastDataAt: latest.lastDataAt === null ? null : Date.parse(latest.lastDataAt),
      });
    }
    if (devices.length === 0) continue;
    const email = simulatorEmailOf({ tenantId: tenant.id, email: tenant.contactEmail });
    try {
      senders.push({
        industry: tenant.name,
        token: await issueKeyThroughApi(client, tenant.id, email),
        devices,
      });
    } catch (error) {
      log.warn(
        { industry: tenant.name, email, err: String(error) },
        'no edge key for this industry; skipped',
      );
    }
  }
  return senders;
}

/** Log lines for a terminal: info on stdout, warnings on stderr, details with --verbose. */
function consoleLog(verbose: boolean): SimulatorLog {
  const line = (details: object, message: string) => {
    const shown = Object.entries(details)
      .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
      .join(' ');
    return `${message}${shown ? `  (${shown})` : ''}\n`;
  };
  return {
    info: (details, message) => process.stdout.write(line(details, message)),
    warn: (details, message) => process.stderr.write(line(details, message)),
    debug: (details, message) => {
      if (verbose) process.stdout.write(line(details, message));
    },
  };
}

/** One line per reading: time, industry, device, parameter, value and unit. */
export function formatReading(sender: SimulatorSender, reading: SentReading): string {
  const device = sender.devices.find((d) => d.deviceId === reading.deviceId);
  const calibration = reading.provenance === 'calibration' ? '  (calibration)' : '';
  return `${reading.time}  ${sender.industry} / ${device?.name ?? `device ${reading.deviceId}`}  ${reading.parameter} = ${reading.value} ${reading.unit}${calibration}`;
}

async function main() {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: process.env.VAYU_URL ?? 'http://127.0.0.1:8080' },
      user: { type: 'string', default: process.env.VAYU_USER ?? DEMO_ADMIN_EMAIL },
      password: { type: 'string', default: process.env.VAYU_PASSWORD ?? DEMO_PASSWORD },
      once: { type: 'boolean', default: false },
      interval: { type: 'string', default: String(SIMULATOR_INTERVAL_MS / 1000) },
      verbose: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const intervalSeconds = Number(values.interval);
  if (!Number.isFinite(intervalSeconds) || intervalSeconds < 1) {
    throw new Error('--interval takes a number of seconds, 1 or more');
  }
  const baseUrl = values.url.replace(/\/$/, '');
  const log = consoleLog(values.verbose);
  const client = new ConsoleClient(baseUrl);
  await client.signIn(values.user, values.password);
  const senders = await findSendersThroughApi(client, log);
  const devices = senders.reduce((n, s) => n + s.devices.length, 0);
  if (senders.length === 0) {
    throw new Error('No demo industry with an enabled device that sends now was found for this user.');
  }
  log.info({}, `Sending readings of ${devices} devices of ${senders.length} demo industries to ${baseUrl}`);

  if (values.once) {
    const printed: string[] = [];
    const simulator = createSimulator({
      baseUrl,
      senders,
      intervalMs: intervalSeconds * 1000,
      log,
      onSent: (sender, readings, result) => {
        if (result) printed.push(...readings.map((reading) => formatReading(sender, reading)));
      },
    });
    const filled = await simulator.fill();
    // The readings printed are the round's; when the round has nothing left to send (devices that send
    // every 15 minutes, just filled up to now), the fill's, whose newest are what the screens show.
    const filledLines = printed.splice(0);
    if (filled.sent > 0) {
      log.info({ ...filled }, 'Filled the gap since the last stored readings (15-minute values)');
    }
    const round = await simulator.round();
    for (const text of round.sent > 0 ? printed : filledLines) process.stdout.write(`${text}\n`);
    if (round.sent === 0 && filled.sent === 0) {
      log.info(
        {},
        'Nothing was sent: every device is in one of its gaps right now. Try again in 15 minutes.',
      );
    }
    log.info(
      {},
      `Sent ${round.sent}: ${round.accepted} accepted, ${round.duplicates} duplicates, ${round.refused} refused, ${round.failed} not taken`,
    );
    if (round.failed > 0) process.exitCode = 1;
    return;
  }

  const stop = startSimulator({ baseUrl, senders, intervalMs: intervalSeconds * 1000, log });
  const finish = () => {
    void stop().then(() => process.exit(0));
  };
  process.once('SIGINT', finish);
  process.once('SIGTERM', finish);
  // The loop's timers do not keep the process alive on their own.
  setInterval(() => undefined, 1 << 30);
}

const isEntryPoint = (() => {
  try {
    return (
      process.argv[1] !== undefined && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href
    );
  } catch {
    return false;
  }
})();

if (isEntryPoint) {
  main().catch((error: unknown) => {
    process.stderr.write(`\n${error instanceof Error ? error.message : String(error)}\n\n${USAGE}\n`);
    process.exit(1);
  });
}
