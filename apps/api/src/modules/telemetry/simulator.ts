import { INGEST_MAX_AGE_MS, INGEST_MAX_BATCH, type IngestResult } from '@vayu/domain';
import {
  inSendingUnit,
  sendOffsetMs,
  sendsUntil,
  simulateValue,
  SLOT_MS,
  type DemoOutage,
  type SimulatedParameter,
} from './simulation.js';

/**
 * The readings simulator: sends the demo devices' readings the way an edge
 * gateway at each plant would, through the public ingestion endpoint
 * (`POST /api/ingest` with the industry's edge key), one batch per industry
 * every interval. It first fills the gap since each device's newest stored
 * reading at 15-minute resolution (at most the 7 days ingestion takes), then
 * sends the current value of every parameter each round. The values come
 * from the deterministic generator (simulation.ts): gaps stay gaps, a silent
 * plant sends nothing, a lagging one sends its readings hours late.
 */

export interface SimulatorParameter extends Omit<SimulatedParameter, 'deviceId'> {
  /** The unit the device sends in, and its factor to the standard unit. */
  unit: string;
  toStandard: number;
}

export interface SimulatorDevice {
  deviceId: number;
  /** For people reading what was sent. */
  name?: string;
  industry: string;
  point: string;
  outage?: DemoOutage | undefined;
  params: SimulatorParameter[];
  /** The newest reading stored for the device (epoch ms); the gap after it is filled first. Null: none. */
  lastDataAt?: number | null;
}

/** One industry's edge gateway: its key and its devices. */
export interface SimulatorSender {
  industry: string;
  token: string;
  devices: SimulatorDevice[];
}

/** A reading as sent (the body of `/api/ingest`). */
export interface SentReading {
  deviceId: number;
  parameter: string;
  time: string;
  value: number;
  unit: string;
  provenance: 'measured' | 'calibration';
}

export interface SimulatorLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  debug(details: object, message: string): void;
}

export interface SimulatorOptions {
  /** Where the API listens, e.g. `http://127.0.0.1:8080`. */
  baseUrl: string;
  senders: SimulatorSender[];
  /** How often readings are sent (and the spacing of their times); default 60 s. */
  intervalMs?: number;
  log: SimulatorLog;
  /** The clock (tests). */
  now?: () => number;
  /** Called with what each batch sent and what the API answered. */
  onSent?: (sender: SimulatorSender, readings: SentReading[], result: IngestResult | null) => void;
  /** Stops sending (between batches, and a request in flight). */
  signal?: AbortSignal;
}

export interface RoundTotals {
  sent: number;
  accepted: number;
  duplicates: number;
  refused: number;
  /** Readings of batches the API did not take (refused key, unreachable, 5xx). */
  failed: number;
}

export const SIMULATOR_INTERVAL_MS = 60_000;
/** A live round sends at most this far back (a loop that stalled does not flood the API). */
const LIVE_WINDOW_MS = 15 * 60 * 1000;
/** The fill stays this far inside the 7 days ingestion takes. */
const FILL_MARGIN_MS = 5 * 60 * 1000;

const emptyTotals = (): RoundTotals => ({ sent: 0, accepted: 0, duplicates: 0, refused: 0, failed: 0 });

function add(totals: RoundTotals, more: RoundTotals) {
  totals.sent += more.sent;
  totals.accepted += more.accepted;
  totals.duplicates += more.duplicates;
  totals.refused += more.refused;
  totals.failed += more.failed;
}

/** The device's readings at the given times (gaps left out), in the units it sends. */
export function readingsAt(device: SimulatorDevice, times: readonly number[]): SentReading[] {
  const readings: SentReading[] = [];
  for (const ms of times) {
    for (const param of device.params) {
      const simulated = simulateValue({ ...param, deviceId: device.deviceId }, ms);
      if (!simulated) continue;
      const value = inSendingUnit(simulated.value, param.toStandard);
      readings.push({
        deviceId: device.deviceId,
        parameter: param.key,
        time: new Date(ms).toISOString(),
        value,
        unit: param.unit,
        provenance: simulated.provenance,
      });
    }
  }
  return readings;
}

/** Times `step` apart (at the device's seconds past each step) after `after`, up to `until`. */
export function timesBetween(deviceId: number, after: number, until: number, step: number): number[] {
  const offset = sendOffsetMs(deviceId) % step;
  const times: number[] = [];
  for (let ms = Math.floor((after - offset) / step) * step + offset + step; ms <= until; ms += step) {
    if (ms > after) times.push(ms);
  }
  return times;
}

/** Why a batch was not taken, for the log. */
export interface SendProblem {
  status: number | null;
  message: string;
  body?: string;
}

/** Tries of a batch the API answers 503 (busy) to, waiting as `Retry-After` asks (at most 10 s). */
const BUSY_TRIES = 3;

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** One request: the API's answer, or why there is none. */
async function postBatch(
  baseUrl: string,
  token: string,
  batch: SentReading[],
  signal: AbortSignal | undefined,
): Promise<IngestResult | SendProblem> {
  for (let attempt = 1; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}/api/ingest`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ readings: batch }),
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      return { status: null, message: `the simulator could not reach the API: ${String(error)}` };
    }
    if (response.ok) return (await response.json()) as IngestResult;
    const body = (await response.text()).slice(0, 300);
    if (response.status === 503 && attempt < BUSY_TRIES && !signal?.aborted) {
      const seconds = Number(response.headers.get('retry-after'));
      await pause(Math.min(10, Number.isFinite(seconds) && seconds > 0 ? seconds : 2) * 1000, signal);
      continue;
    }
    return {
      status: response.status,
      body,
      message:
        response.status === 401
          ? 'the simulator’s edge key was refused (revoked, or its edge client deleted)'
          : 'the API did not take the simulator’s readings',
    };
  }
}

/**
 * Posts readings with the sender's key, at most `INGEST_MAX_BATCH` a
 * request; answers the API's totals and, when a batch was not taken, why.
 */
export async function postReadings(
  sender: SimulatorSender,
  readings: SentReading[],
  options: Pick<SimulatorOptions, 'baseUrl' | 'log' | 'onSent' | 'signal'>,
): Promise<{ totals: RoundTotals; problem: SendProblem | null }> {
  const { baseUrl, log, onSent, signal } = options;
  const totals = emptyTotals();
  let problem: SendProblem | null = null;
  for (let start = 0; start < readings.length; start += INGEST_MAX_BATCH) {
    if (signal?.aborted) break;
    const batch = readings.slice(start, start + INGEST_MAX_BATCH);
    totals.sent += batch.length;
    const answer = await postBatch(baseUrl, sender.token, batch, signal);
    if ('message' in answer) {
      if (signal?.aborted) break;
      totals.failed += batch.length;
      problem = answer;
      onSent?.(sender, batch, null);
      continue;
    }
    totals.accepted += answer.accepted;
    totals.duplicates += answer.duplicates;
    totals.refused += answer.refused;
    if (answer.refused > 0) {
      const first = answer.results.find((r) => r.status === 'refused');
      log.debug({ industry: sender.industry, refused: answer.refused, first }, 'readings refused');
    }
    onSent?.(sender, batch, answer);
  }
  return { totals, problem };
}

export interface Simulator {
  /** Sends, for each device, the 15-minute readings since its newest stored one (at most 7 days back). */
  fill(): Promise<RoundTotals>;
  /** Sends the readings due since the last round (the current one at first). */
  round(): Promise<RoundTotals>;
}

export function createSimulator(options: SimulatorOptions): Simulator {
  const step = Math.max(1000, options.intervalMs ?? SIMULATOR_INTERVAL_MS);
  const now = options.now ?? Date.now;
  /** The newest time sent for each device. */
  const lastSent = new Map<number, number>();
  /** Industries whose last batch was not taken: said once, and again when they recover. */
  const failing = new Set<string>();

  const live = options.senders.map((sender) => ({
    ...sender,
    devices: sender.devices.filter((device) => sendsUntil(device.outage, now()) !== null),
  }));

  /**
   * One batch per industry of each device's readings at the times `timesOf`
   * gives. A device's newest time counts as sent once the API took the batch;
   * a batch it did not take is sent again next round (within the live window).
   */
  async function sendEach(timesOf: (device: SimulatorDevice) => number[]): Promise<RoundTotals> {
    const totals = emptyTotals();
    for (const sender of live) {
      if (options.signal?.aborted) break;
      const readings: SentReading[] = [];
      const newest = new Map<number, number>();
      for (const device of sender.devices) {
        const times = timesOf(device);
        readings.push(...readingsAt(device, times));
        const last = times.at(-1);
        if (last !== undefined) newest.set(device.deviceId, last);
      }
      if (readings.length === 0) continue;
      const { totals: sent, problem } = await postReadings(sender, readings, options);
      add(totals, sent);
      if (problem) {
        if (!failing.has(sender.industry)) {
          const { message, ...details } = problem;
          options.log.warn({ industry: sender.industry, ...details }, message);
        }
        failing.add(sender.industry);
      } else {
        if (failing.delete(sender.industry)) {
          options.log.info({ industry: sender.industry }, 'the API takes the simulator’s readings again');
        }
        for (const [deviceId, last] of newest) lastSent.set(deviceId, last);
      }
    }
    return totals;
  }

  return {
    async fill() {
      const at = now();
      return sendEach((device) => {
        const until = sendsUntil(device.outage, at);
        if (until === null || device.lastDataAt === null || device.lastDataAt === undefined) return [];
        const after = Math.max(device.lastDataAt, at - INGEST_MAX_AGE_MS + FILL_MARGIN_MS);
        return timesBetween(device.deviceId, after, until, SLOT_MS);
      });
    },

    async round() {
      const at = now();
      return sendEach((device) => {
        const until = sendsUntil(device.outage, at);
        if (until === null) return [];
        // At first, the current reading (sent again if it is stored already: a duplicate is harmless).
        const previous = lastSent.get(device.deviceId) ?? until - step;
        return timesBetween(device.deviceId, Math.max(previous, until - LIVE_WINDOW_MS), until, step);
      });
    },
  };
}

/**
 * Fills the gap, then sends a round every interval until stopped. Answers
 * the stop, which waits for a round in flight.
 */
export function startSimulator(options: SimulatorOptions): () => Promise<void> {
  const stopping = new AbortController();
  options.signal?.addEventListener('abort', () => stopping.abort());
  const simulator = createSimulator({ ...options, signal: stopping.signal });
  const interval = Math.max(1000, options.intervalMs ?? SIMULATOR_INTERVAL_MS);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = simulator
        .round()
        .then((totals) => options.log.debug({ ...totals }, 'simulator round'))
        .catch((error: unknown) => options.log.warn({ err: error }, 'a simulator round failed'))
        .finally(schedule);
    }, interval);
    timer.unref();
  };

  running = (async () => {
    try {
      const filled = await simulator.fill();
      if (filled.sent > 0)
        options.log.info({ ...filled }, 'simulator filled the gap since the last readings');
      if (stopped) return;
      const first = await simulator.round();
      options.log.info(
        { industries: options.senders.length, intervalMs: interval, ...first },
        'simulator sending demo readings',
      );
    } catch (error) {
      options.log.warn({ err: error }, 'the simulator could not start its first round');
    }
    schedule();
  })();

  return async () => {
    stopped = true;
    clearTimeout(timer);
    stopping.abort();
    await running;
  };
}
