import { verify } from 'node:crypto';
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BoardRegistry, RegistryDevice, RegistryIndustry } from './registry.js';

/**
 * A stand-in for a state board's CPCB-style OCEMS endpoint
 * (`POST /v1.0/industry/data`), for the tests and the demo: it checks each
 * request as a board would (headers, signature, the body against what the
 * industry registered, the 15-minute slot, the 7-day window, calibration
 * windows), answers with the board's codes and texts, and records what it
 * took. A mode makes it unreachable, slow, refusing or failing, so that the
 * push's retries can be shown without a real board.
 *
 * It is written apart from the adapter (`modules/regulators/protocols/cpcb.ts`)
 * on purpose: sharing the signing or the body code would let one mistake pass
 * both sides.
 */

/** Path of the data endpoint. */
export const STAND_IN_DATA_PATH = '/v1.0/industry/data';
/** Prefix of the control API (demo: what was received, switch the mode). */
export const STAND_IN_CONTROL_PATH = '/__stand-in';
/** Largest body read; a larger one is answered 413. */
export const STAND_IN_MAX_BODY_BYTES = 1024 * 1024;

/** The board's answer texts by status code, as a board sends them. */
export const BOARD_MESSAGES: Readonly<Record<number, string>> = {
  1: 'success',
  10: 'failed',
  110: 'Invalid unit',
  111: 'Uploaded data is not matching with defined 15 min timeframe',
  112: 'No calibration scheduled for this timestamp please contact cpcb',
  113: 'signature key is missing in headers',
  114: 'X-Device-Id key is missing in headers',
  116: 'Device is not registered, Please register for the Industry',
  117: 'Data cannot be pushed beyond 7 days',
  118: 'Data cannot be pushed for future time',
  119: 'Invalid Parameter',
  120: 'Multiple Station Found in the Payload',
  121: 'The Station and Device Mapping not Found in the Payload',
};

/** The answer to a signature that does not verify, or a signing time too far from the board's clock. */
export const SIGNATURE_REFUSED_MESSAGE = 'Signature could not be verified';

/** The flags a board takes (`params[].flag`). */
const FLAGS: ReadonlySet<string> = new Set(['U', 'C', 'M', 'X', 'S', 'D']);
const SLOT_MS = 15 * 60 * 1000;
/** How far the signing time may be from the board's clock. */
const SIGNING_TOLERANCE_MS = 15 * 60 * 1000;
/** How old a slot may be. */
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Longest delay of the slow mode (a timer's limit is far beyond; no demo needs more). */
const MAX_DELAY_MS = 10 * 60 * 1000;

/**
 * How the stand-in behaves after a request passed every check:
 * - `up`: takes it.
 * - `down`: drops the connection of every data request as it arrives (checks included), as an
 *   unreachable board; the control API still answers, so the demo can switch it back.
 * - `slow`: takes it after `delayMs`; a client that left before is not recorded as delivered.
 * - `refuse`: answers HTTP 200 with `status` (not 1; that code's text, or "failed").
 * - `error`: answers `httpStatus` with a short JSON body.
 */
export type StandInMode =
  | { kind: 'up' }
  | { kind: 'down' }
  | { kind: 'slow'; delayMs: number }
  | { kind: 'refuse'; status: number }
  | { kind: 'error'; httpStatus: number };

/** One parameter of a taken request. */
export interface ReceivedParam {
  parameter: string;
  value: number;
  unit: string;
  flag: string;
}

/** A request the stand-in took (answered status 1). */
export interface ReceivedPush {
  /** The `X-Request-Id` header, when sent. */
  requestId: string | null;
  stationId: string;
  deviceId: string;
  /** The slot start, epoch milliseconds. */
  timestamp: number;
  params: ReceivedParam[];
  /** The stand-in's clock when it took the request. */
  receivedAt: Date;
}

/** A data request the stand-in saw, with what it answered. */
export interface StandInAttempt {
  requestId: string | null;
  /** The `X-Device-Id` header, when sent. */
  deviceId: string | null;
  /** The HTTP status answered; null when the connection was dropped or the client left first. */
  httpStatus: number | null;
  /** The `status` of the JSON answer. */
  status: number | null;
  msg: string | null;
  at: Date;
}

export interface BoardStandIn {
  /** Base URL, e.g. `http://127.0.0.1:40123` (the data endpoint is under it). */
  readonly url: string;
  /** The taken requests, in arrival order (emptied by `reset`, never replaced). */
  readonly received: readonly ReceivedPush[];
  /** Every data request seen, in arrival order (emptied by `reset`, never replaced). */
  readonly attempts: readonly StandInAttempt[];
  readonly mode: StandInMode;
  /** Throws a RangeError for a mode that is not one (see `parseStandInMode`). */
  setMode(mode: StandInMode): void;
  /** Adds an industry, or replaces the one with the same `industryId`. */
  register(industry: RegistryIndustry): void;
  /** Forgets what was received and seen, and comes back up. */
  reset(): void;
  /** Stops listening and drops open connections (a slow answer in progress is not sent). */
  close(): Promise<void>;
}

export interface BoardStandInOptions {
  registry: BoardRegistry;
  /** 0 (the default) for a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The board's clock (signing time, 7 days, future, calibration windows); the real clock by default. */
  now?: () => Date;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isWhole = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** The mode a value describes (the control API's body), or null when it describes none. */
export function parseStandInMode(value: unknown): StandInMode | null {
  if (!isRecord(value)) return null;
  switch (value.kind) {
    case 'up':
    case 'down':
      return { kind: value.kind };
    case 'slow':
      return isWhole(value.delayMs, 0, MAX_DELAY_MS) ? { kind: 'slow', delayMs: value.delayMs } : null;
    case 'refuse':
      // Status 1 is the board's "success": a refusal is any other code.
      return isWhole(value.status, 0, 99_999) && value.status !== 1
        ? { kind: 'refuse', status: value.status }
        : null;
    case 'error':
      return isWhole(value.httpStatus, 200, 599) ? { kind: 'error', httpStatus: value.httpStatus } : null;
    default:
      return null;
  }
}

/** What the checks decided: an answer, or the request taken. */
type Verdict =
  | { kind: 'answer'; httpStatus: number; status: number; msg: string }
  | { kind: 'take'; push: Omit<ReceivedPush, 'requestId' | 'receivedAt'> };

const boardAnswer = (status: number): Verdict => ({
  kind: 'answer',
  httpStatus: 200,
  status,
  msg: BOARD_MESSAGES[status] ?? 'failed',
});
const httpAnswer = (httpStatus: number, msg: string): Verdict => ({
  kind: 'answer',
  httpStatus,
  status: httpStatus,
  msg,
});

interface SignedHeaders {
  deviceId: string | undefined;
  signature: string | undefined;
  signingTime: string | undefined;
}

/** The industry and device registered under a device id (device ids are unique at a board: the first wins). */
function findDevice(
  industries: readonly RegistryIndustry[],
  deviceId: string,
): { industry: RegistryIndustry; device: RegistryDevice } | undefined {
  for (const industry of industries) {
    const device = industry.devices.find((d) => d.deviceId === deviceId);
    if (device) return { industry, device };
  }
  return undefined;
}

/** Whether the signature is the industry's over `${authorizationKey}$*${signingTime}`, signed in time. */
function signatureHolds(industry: RegistryIndustry, signature: string, signingTime: string, now: Date) {
  if (!/^\d{1,16}$/.test(signingTime)) return false;
  if (Math.abs(Number(signingTime) - now.getTime()) > SIGNING_TOLERANCE_MS) return false;
  try {
    return verify(
      'sha256',
      Buffer.from(`${industry.authorizationKey}$*${signingTime}`, 'utf8'),
      industry.publicKeyPem,
      Buffer.from(signature, 'base64'),
    );
  } catch {
    // A registered key that does not parse verifies nothing.
    return false;
  }
}

function inCalibration(device: RegistryDevice, timestamp: number): boolean {
  return (device.calibrations ?? []).some(
    (window) => Date.parse(window.from) <= timestamp && timestamp < Date.parse(window.to),
  );
}

/** The checks of a data request, in the board's order; the first that fails answers. */
function judge(
  industries: readonly RegistryIndustry[],
  headers: SignedHeaders,
  raw: string,
  now: Date,
): Verdict {
  const { deviceId, signature, signingTime } = headers;
  if (deviceId === undefined) return boardAnswer(114);
  if (signature === undefined || signingTime === undefined) return boardAnswer(113);
  const found = findDevice(industries, deviceId);
  if (!found) return boardAnswer(116);
  if (!signatureHolds(found.industry, signature, signingTime, now)) {
    return httpAnswer(401, SIGNATURE_REFUSED_MESSAGE);
  }

  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return httpAnswer(400, 'The body is not JSON');
  }
  const data = isRecord(body) ? body.data : undefined;
  if (!Array.isArray(data) || data.length === 0) return boardAnswer(121);
  if (data.length > 1) return boardAnswer(120);
  const station: unknown = data[0];
  if (!isRecord(station) || typeof station.stationId !== 'string' || station.stationId === '') {
    return boardAnswer(121);
  }
  const devices = station.device_data;
  if (!Array.isArray(devices) || devices.length !== 1) return boardAnswer(121);
  const sent: unknown = devices[0];
  if (!isRecord(sent) || sent.deviceId !== deviceId || found.device.stationId !== station.stationId) {
    return boardAnswer(121);
  }

  const units = new Map(found.device.parameters.map((p) => [p.parameter, p.unit]));
  if (!Array.isArray(sent.params) || sent.params.length === 0) return boardAnswer(119);
  const params: (ReceivedParam & { timestamp: number })[] = [];
  for (const p of sent.params as unknown[]) {
    if (
      !isRecord(p) ||
      typeof p.parameter !== 'string' ||
      !units.has(p.parameter) ||
      params.some((taken) => taken.parameter === p.parameter) ||
      typeof p.value !== 'number' ||
      !Number.isFinite(p.value) ||
      typeof p.unit !== 'string' ||
      typeof p.timestamp !== 'number' ||
      !Number.isFinite(p.timestamp) ||
      typeof p.flag !== 'string' ||
      !FLAGS.has(p.flag)
    ) {
      return boardAnswer(119);
    }
    params.push({
      parameter: p.parameter,
      value: p.value,
      unit: p.unit,
      flag: p.flag,
      timestamp: p.timestamp,
    });
  }
  if (params.some((p) => units.get(p.parameter) !== p.unit)) return boardAnswer(110);
  const timestamp = params[0]!.timestamp;
  if (timestamp % SLOT_MS !== 0 || params.some((p) => p.timestamp !== timestamp)) return boardAnswer(111);
  if (timestamp < now.getTime() - MAX_AGE_MS) return boardAnswer(117);
  if (timestamp > now.getTime()) return boardAnswer(118);
  if (params.some((p) => p.flag === 'C') && !inCalibration(found.device, timestamp)) return boardAnswer(112);

  return {
    kind: 'take',
    push: {
      stationId: station.stationId,
      deviceId,
      timestamp,
      params: params.map(({ parameter, value, unit, flag }) => ({ parameter, value, unit, flag })),
    },
  };
}

/** A header's text, or undefined when it is missing or empty. */
function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined || text.trim() === '' ? undefined : text.trim();
}

/** The body as text, or null when it is larger than `limit` (read to its end all the same, then dropped). */
function readBody(req: IncomingMessage, limit: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else chunks.length = 0;
    });
    req.on('end', () => resolve(size > limit ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
    req.on('close', () => {
      if (!req.complete) reject(new Error('The client left before the end of the body'));
    });
  });
}

function sendJson(res: ServerResponse, httpStatus: number, body: unknown) {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(httpStatus, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** Starts a stand-in board on `host:port` with the industries of `registry` (copied: `register` adds more). */
export async function startBoardStandIn(options: BoardStandInOptions): Promise<BoardStandIn> {
  const now = options.now ?? (() => new Date());
  const industries: RegistryIndustry[] = [...options.registry.industries];
  const received: ReceivedPush[] = [];
  const attempts: StandInAttempt[] = [];
  let mode: StandInMode = { kind: 'up' };
  // Requests still in progress when `reset` is called record nothing afterwards.
  let generation = 0;
  let closing = false;
  const waits = new Set<() => void>();

  /** Resolves after `ms`, or at once when the stand-in closes or the client leaves. */
  const wait = (ms: number, res: ServerResponse) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        waits.delete(done);
        res.off('close', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      waits.add(done);
      res.once('close', done);
    });

  async function data(req: IncomingMessage, res: ServerResponse) {
    const seenIn = generation;
    let left = false;
    res.once('close', () => (left = true));
    const requestId = header(req, 'x-request-id') ?? null;
    const deviceId = header(req, 'x-device-id');
    const answer = (httpStatus: number | null, status: number | null, msg: string | null) => {
      if (seenIn === generation) {
        attempts.push({ requestId, deviceId: deviceId ?? null, httpStatus, status, msg, at: now() });
      }
      if (httpStatus !== null) sendJson(res, httpStatus, { status, msg });
    };

    if (mode.kind === 'down') {
      answer(null, null, null);
      req.socket.destroy();
      return;
    }
    const raw = await readBody(req, STAND_IN_MAX_BODY_BYTES);
    if (raw === null) return answer(413, 413, 'The body is larger than 1 MB');
    const verdict = judge(
      industries,
      { deviceId, signature: header(req, 'signature'), signingTime: header(req, 'timestamp') },
      raw,
      now(),
    );
    if (verdict.kind === 'answer') return answer(verdict.httpStatus, verdict.status, verdict.msg);

    const current = mode;
    if (current.kind === 'refuse') {
      return answer(200, current.status, BOARD_MESSAGES[current.status] ?? 'failed');
    }
    if (current.kind === 'error') {
      return answer(current.httpStatus, current.httpStatus, STATUS_CODES[current.httpStatus] ?? 'Error');
    }
    if (current.kind === 'slow') {
      await wait(current.delayMs, res);
      if (closing || left) return answer(null, null, null);
    }
    if (seenIn === generation) received.push({ ...verdict.push, requestId, receivedAt: now() });
    answer(200, 1, BOARD_MESSAGES[1]!);
  }

  async function control(req: IncomingMessage, res: ServerResponse, url: URL) {
    const route = `${req.method ?? ''} ${url.pathname.slice(STAND_IN_CONTROL_PATH.length)}`;
    if (route === 'GET /health') {
      const devices = industries.reduce((n, industry) => n + industry.devices.length, 0);
      return sendJson(res, 200, {
        status: 'up',
        mode,
        industries: industries.length,
        devices,
        received: received.length,
      });
    }
    if (route === 'GET /received') {
      const limitText = url.searchParams.get('limit');
      const limit = limitText === null ? 100 : Number(limitText);
      if (!isWhole(limit, 1, 10_000)) {
        return sendJson(res, 400, { error: 'limit is a whole number, 1 to 10000' });
      }
      return sendJson(res, 200, received.slice(-limit).reverse());
    }
    if (route === 'POST /mode') {
      const raw = await readBody(req, STAND_IN_MAX_BODY_BYTES);
      let parsed: StandInMode | null = null;
      try {
        parsed = raw === null ? null : parseStandInMode(JSON.parse(raw));
      } catch {
        parsed = null;
      }
      if (!parsed) {
        return sendJson(res, 400, {
          error:
            'The body is a mode: {"kind":"up"}, {"kind":"down"}, {"kind":"slow","delayMs":5000}, ' +
            '{"kind":"refuse","status":110} or {"kind":"error","httpStatus":503}',
        });
      }
      mode = parsed;
      return sendJson(res, 200, { mode });
    }
    req.resume();
    return sendJson(res, 404, { error: 'Not found' });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (url.pathname.startsWith(`${STAND_IN_CONTROL_PATH}/`)) return control(req, res, url);
    if (url.pathname !== STAND_IN_DATA_PATH) {
      req.resume();
      return sendJson(res, 404, { status: 404, msg: 'Not found' });
    }
    if (req.method !== 'POST') {
      req.resume();
      res.setHeader('allow', 'POST');
      return sendJson(res, 405, { status: 405, msg: 'Method not allowed' });
    }
    return data(req, res);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      // A client that left mid-body, or a bug: answer if still possible, never crash.
      sendJson(res, 500, { status: 500, msg: 'Internal error' });
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    received,
    attempts,
    get mode() {
      return mode;
    },
    setMode(next) {
      const parsed = parseStandInMode(next);
      if (!parsed) throw new RangeError(`Not a stand-in mode: ${JSON.stringify(next)}`);
      mode = parsed;
    },
    register(industry) {
      const at = industries.findIndex((i) => i.industryId === industry.industryId);
      if (at >= 0) industries[at] = industry;
      else industries.push(industry);
    },
    reset() {
      generation += 1;
      received.length = 0;
      attempts.length = 0;
      mode = { kind: 'up' };
    },
    close() {
      if (closing) return Promise.resolve();
      closing = true;
      for (const done of [...waits]) done();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
