import type { Provenance } from '@vayu/domain';

/**
 * A board's data protocol, behind one interface: the push (push.ts) builds
 * one `DevicePush` per mapped device and 15-minute slot and hands it to the
 * board's adapter, which sends it and says what became of it. A second
 * protocol (an MPCB-style real-time/delayed upload, a TNPCB-style encrypted
 * payload) is a new file beside `cpcb.ts` and one line in `index.ts`.
 */

/** One parameter's value of a slot, already in the board's ids and unit. */
export interface PushParam {
  /** The board's parameter id (regulator parameter mapping). */
  parameter: string;
  /** The slot's value in the board's unit; never substituted or smoothed here. */
  value: number;
  /** The board's unit id or text (regulator unit mapping). */
  unit: string;
  /** Where the slot's readings came from; the adapter turns it into the board's flag. */
  provenance: Provenance;
}

/** What is sent for one device and one 15-minute slot. */
export interface DevicePush {
  /** The board's station id of the monitoring point (spcbEntityId). */
  stationId: string;
  /** The board's device id (spcbDeviceId). */
  deviceId: string;
  /** Start of the 15-minute slot (aligned to :00, :15, :30, :45). */
  slotStart: Date;
  params: PushParam[];
}

/** The industry's credentials at the board. */
export interface PushCredentials {
  /** The board's base URL, e.g. `https://cems.example.gov.in` (from the board's config). */
  baseUrl: string;
  /** The industry's authorization key (token) issued by the board. */
  authorizationKey: string;
  /** The industry's private key (PEM), decrypted only for the request. */
  privateKeyPem: string;
  /** The board's id of the industry (spcbTenantId). */
  spcbTenantId: string;
}

export interface PushContext {
  /** The clock (tests move it instead of waiting). */
  now: Date;
  /** Sent to the board (header `X-Request-Id`) and logged with the attempt. */
  requestId: string;
  /** How long to wait for the board's answer before counting the try as failed. */
  timeoutMs: number;
  /** `globalThis.fetch` unless a test gives its own. */
  fetch?: typeof fetch;
}

/**
 * What became of one try:
 * - `delivered`: the board took it; never sent again.
 * - `refused`: the board refused it for good (a 1xx code): recorded against the slot, not retried.
 * - `retry`: not taken for now (unreachable, timeout, 5xx, the board's own failure, credentials refused):
 *   the slot stays pending and is tried again, in order, with backoff.
 */
export type PushOutcome =
  | { kind: 'delivered'; httpStatus: number; boardCode: string | null; answer: string }
  | { kind: 'refused'; httpStatus: number; boardCode: string; answer: string }
  | { kind: 'retry'; httpStatus: number | null; boardCode: string | null; answer: string };

export interface BoardProtocol {
  /** The value of the board config's `protocol` field. */
  readonly id: string;
  /** A human name for the board detail screen. */
  readonly label: string;
  /** Sends one device's slot. Never throws: every failure is an outcome. */
  push(credentials: PushCredentials, payload: DevicePush, context: PushContext): Promise<PushOutcome>;
}

/** Longest board answer kept in the attempt log. */
export const MAX_ANSWER_CHARS = 2000;
