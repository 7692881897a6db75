import { createPrivateKey, sign } from 'node:crypto';
import type { Provenance } from '@vayu/domain';
import {
  MAX_ANSWER_CHARS,
  type BoardProtocol,
  type DevicePush,
  type PushContext,
  type PushCredentials,
  type PushOutcome,
} from './protocol.js';

/**
 * The CPCB OCEMS "industry data" protocol (v1.0), as the boards' public client
 * code shows it: one JSON POST per station, device and 15-minute slot, signed
 * with the industry's RSA key. The board answers HTTP 200 with a `status` code
 * in its body (1 taken, 10 its own failure, 1xx a refusal), so the HTTP status
 * alone never says whether a slot was taken.
 */

/** Path of the data endpoint under the board's base URL. */
export const CPCB_DATA_PATH = '/v1.0/industry/data';

/** The board's flag of a value, sent with every parameter. */
export type CpcbFlag = 'U' | 'C' | 'M' | 'X' | 'S' | 'D';

/**
 * The board's flag for each provenance. The board treats flagged values
 * differently (a calibration value must fall in a scheduled calibration
 * window, substituted and manual values are counted apart from measured
 * ones), so the flag always comes from where the slot's readings came from:
 * - `measured` → `U` (the analyser's own value, "unflagged")
 * - `calibration` → `C` (zero or span gas during a scheduled calibration)
 * - `maintenance` → `M` (analyser under maintenance)
 * - `manual` → `X` (entered by a person)
 * - `substituted` → `S` (put in place of a missing or wrong value by a stated rule)
 * - `derived` → `D` (computed from other parameters)
 */
export const CPCB_FLAGS: Readonly<Record<Provenance, CpcbFlag>> = {
  measured: 'U',
  calibration: 'C',
  maintenance: 'M',
  manual: 'X',
  substituted: 'S',
  derived: 'D',
};

/** One parameter of the body, in the board's field names. */
export interface CpcbParam {
  parameter: string;
  value: number;
  unit: string;
  /** Epoch milliseconds of the slot start; the same for every parameter of a request. */
  timestamp: number;
  flag: CpcbFlag;
}

/** The request body: always one station with one device. */
export interface CpcbBody {
  data: [{ stationId: string; device_data: [{ deviceId: string; params: CpcbParam[] }] }];
}

/** The body for one device's slot; values go as they are (the board rounds, we never do). */
export function cpcbBody(payload: DevicePush): CpcbBody {
  const timestamp = payload.slotStart.getTime();
  return {
    data: [
      {
        stationId: payload.stationId,
        device_data: [
          {
            deviceId: payload.deviceId,
            params: payload.params.map((p) => ({
              parameter: p.parameter,
              value: p.value,
              unit: p.unit,
              timestamp,
              flag: CPCB_FLAGS[p.provenance],
            })),
          },
        ],
      },
    ],
  };
}

/**
 * The text the industry signs: the authorization key and the signing time, so
 * that a captured signature is only good for the board's few minutes of clock
 * tolerance and only with that industry's key.
 */
export function cpcbSignedText(authorizationKey: string, signingTime: string): string {
  return `${authorizationKey}$*${signingTime}`;
}

/** Thrown by `cpcbSignature` when the industry's private key cannot be used. */
export class PrivateKeyUnusableError extends Error {}

/**
 * Base64 RSA-SHA256 (PKCS#1 v1.5) signature of the signed text with the
 * industry's private key. Throws `PrivateKeyUnusableError` for a key that does
 * not parse or is not RSA (another key type would sign, but never verify).
 */
export function cpcbSignature(privateKeyPem: string, authorizationKey: string, signingTime: string): string {
  let key;
  try {
    key = createPrivateKey(privateKeyPem);
  } catch (error) {
    throw new PrivateKeyUnusableError(
      `The industry's private key could not be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (key.asymmetricKeyType !== 'rsa') {
    throw new PrivateKeyUnusableError(
      `The industry's private key is not an RSA key (${key.asymmetricKeyType ?? 'unknown type'})`,
    );
  }
  return sign('sha256', Buffer.from(cpcbSignedText(authorizationKey, signingTime), 'utf8'), key).toString(
    'base64',
  );
}

/** The data endpoint under a base URL given with or without a trailing slash (and with or without a path). */
export function cpcbUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${CPCB_DATA_PATH}`;
}

/** The request for one device's slot, signed at `context.now`. Throws `PrivateKeyUnusableError`. */
export function cpcbRequest(
  credentials: PushCredentials,
  payload: DevicePush,
  context: Pick<PushContext, 'now' | 'requestId'>,
): { url: string; headers: Record<string, string>; body: string } {
  const signingTime = String(context.now.getTime());
  return {
    url: cpcbUrl(credentials.baseUrl),
    headers: {
      'Content-Type': 'application/json',
      'X-Device-Id': payload.deviceId,
      timestamp: signingTime,
      signature: cpcbSignature(credentials.privateKeyPem, credentials.authorizationKey, signingTime),
      'X-Request-Id': context.requestId,
    },
    body: JSON.stringify(cpcbBody(payload)),
  };
}

const cut = (text: string) => (text.length > MAX_ANSWER_CHARS ? text.slice(0, MAX_ANSWER_CHARS) : text);

/** The `status` of a board answer, when the body is a JSON object with a whole-number status (or its digits). */
function boardStatusOf(text: string): number | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null || !('status' in body)) return null;
  const { status } = body;
  if (typeof status === 'number' && Number.isInteger(status)) return status;
  if (typeof status === 'string' && /^-?\d{1,9}$/.test(status)) return Number(status);
  return null;
}

/**
 * What an answer of the board means for the slot. Only HTTP 200 carries the
 * board's verdict: status 1 taken, status 10 the board's own failure (tried
 * again), any other status a refusal for good. Every other HTTP status
 * (a rejected signature, a proxy's 404, 429, 5xx) and a 200 whose body cannot
 * be read leave the slot pending, since nothing says the board looked at it.
 */
export function cpcbOutcome(httpStatus: number, text: string): PushOutcome {
  const status = boardStatusOf(text);
  const answer = cut(text);
  if (status === null) return { kind: 'retry', httpStatus, boardCode: null, answer };
  const boardCode = String(status);
  if (httpStatus !== 200) return { kind: 'retry', httpStatus, boardCode, answer };
  if (status === 1) return { kind: 'delivered', httpStatus, boardCode, answer };
  if (status === 10) return { kind: 'retry', httpStatus, boardCode, answer };
  return { kind: 'refused', httpStatus, boardCode, answer };
}

/** "30 s" for whole seconds, "200 ms" otherwise. */
function duration(ms: number): string {
  return ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'Connection refused',
  ECONNRESET: 'The connection was closed before an answer',
  EPIPE: 'The connection was closed before an answer',
  UND_ERR_SOCKET: 'The connection was closed before an answer',
  UND_ERR_CLOSED: 'The connection was closed before an answer',
  ENOTFOUND: "The board's host name could not be resolved",
  EAI_AGAIN: "The board's host name could not be resolved",
  ETIMEDOUT: 'Connecting timed out',
  UND_ERR_CONNECT_TIMEOUT: 'Connecting timed out',
  EHOSTUNREACH: "The board's host is unreachable",
  ENETUNREACH: "The board's network is unreachable",
};

/** The errors of a fetch failure, outermost first (fetch wraps the socket's error in `cause`). */
function errorChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current !== undefined && current !== null && chain.length < 8;) {
    chain.push(current);
    if (current instanceof AggregateError) chain.push(...current.errors);
    current = typeof current === 'object' && 'cause' in current ? current.cause : undefined;
  }
  return chain;
}

const codeOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;

/** A short account of why a request got no answer, for the attempt log. */
export function describeRequestError(error: unknown, timeoutMs: number): string {
  const chain = errorChain(error);
  const named = (name: string) => chain.some((e) => e instanceof Error && e.name === name);
  if (named('TimeoutError')) return `No answer within ${duration(timeoutMs)}`;
  if (named('AbortError')) return 'The request was cancelled';
  for (const code of chain.map(codeOf)) {
    if (code === undefined) continue;
    const known = NETWORK_CODES[code];
    if (known) return `${known} (${code})`;
    if (/CERT|TLS|SSL/.test(code)) return `The board's TLS certificate was not accepted (${code})`;
  }
  const innermost = chain.filter((e) => e instanceof Error).at(-1);
  return `The request failed: ${innermost ? innermost.message : String(error)}`;
}

async function push(
  credentials: PushCredentials,
  payload: DevicePush,
  context: PushContext,
): Promise<PushOutcome> {
  const notSent = (answer: string): PushOutcome => ({
    kind: 'retry',
    httpStatus: null,
    boardCode: null,
    answer: cut(answer),
  });
  let request;
  try {
    request = cpcbRequest(credentials, payload, context);
  } catch (error) {
    return notSent(
      error instanceof PrivateKeyUnusableError
        ? error.message
        : `The request could not be made: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (!URL.canParse(request.url)) return notSent(`The board's URL is not valid: ${request.url}`);
  const send = context.fetch ?? fetch;
  let httpStatus: number | null = null;
  try {
    const response = await send(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      // A redirect is not followed: fetch would re-send a POST as a GET, and the signature to another host.
      redirect: 'manual',
      signal: AbortSignal.timeout(context.timeoutMs),
    });
    httpStatus = response.status;
    const text = await response.text();
    const location =
      response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
    return cpcbOutcome(response.status, location && text.trim() === '' ? `Redirected to ${location}` : text);
  } catch (error) {
    const reason = describeRequestError(error, context.timeoutMs);
    const answer =
      httpStatus === null ? reason : `HTTP ${httpStatus}, but the answer was not read: ${reason}`;
    return { kind: 'retry', httpStatus, boardCode: null, answer: cut(answer) };
  }
}

/** The CPCB OCEMS adapter. */
export const cpcbProtocol: BoardProtocol = {
  id: 'cpcb-v1',
  label: 'CPCB OCEMS (v1.0 industry data)',
  push,
};
