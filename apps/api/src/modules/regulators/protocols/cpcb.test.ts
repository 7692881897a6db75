import { generateKeyPairSync, verify } from 'node:crypto';
import { PROVENANCES } from '@vayu/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startBoardStandIn, type BoardStandIn } from '../../../board-stand-in/stand-in.js';
import { closedPort } from '../../../test/smtp-stand-in.js';
import { CPCB_FLAGS, cpcbBody, cpcbOutcome, cpcbProtocol } from './cpcb.js';
import { BOARD_PROTOCOLS, PROTOCOL_IDS, protocolFor } from './index.js';
import { MAX_ANSWER_CHARS, type DevicePush, type PushContext, type PushCredentials } from './protocol.js';

const AUTH_KEY = 'auth-key-5d21e7a0';
const SLOT = new Date('2025-11-27T08:00:00Z');
const MINUTE = 60 * 1000;

let clock = new Date(SLOT.getTime() + 20 * MINUTE);
let publicKeyPem: string;
let privateKeyPem: string;
let otherPrivateKeyPem: string;
let standIn: BoardStandIn;

beforeAll(async () => {
  // RSA keys are slow to make: once per file.
  const pem = () => {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    return {
      publicKeyPem: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      privateKeyPem: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    };
  };
  ({ publicKeyPem, privateKeyPem } = pem());
  otherPrivateKeyPem = pem().privateKeyPem;
  standIn = await startBoardStandIn({
    now: () => clock,
    registry: {
      industries: [
        {
          industryId: 'IND-1',
          authorizationKey: AUTH_KEY,
          publicKeyPem,
          devices: [
            {
              deviceId: 'DEV-1',
              stationId: 'STN-1',
              parameters: [
                { parameter: 'pm', unit: 'mg/Nm3' },
                { parameter: 'so2', unit: 'mg/Nm3' },
              ],
            },
          ],
        },
      ],
    },
  });
});
afterAll(() => standIn.close());
beforeEach(() => {
  clock = new Date(SLOT.getTime() + 20 * MINUTE);
  standIn.reset();
});

const credentials = (changes: Partial<PushCredentials> = {}): PushCredentials => ({
  baseUrl: standIn.url,
  authorizationKey: AUTH_KEY,
  privateKeyPem,
  spcbTenantId: 'IND-1',
  ...changes,
});

const payload = (changes: Partial<DevicePush> = {}): DevicePush => ({
  stationId: 'STN-1',
  deviceId: 'DEV-1',
  slotStart: SLOT,
  params: [
    { parameter: 'pm', value: 12.345678, unit: 'mg/Nm3', provenance: 'measured' },
    { parameter: 'so2', value: 0.1, unit: 'mg/Nm3', provenance: 'maintenance' },
  ],
  ...changes,
});

const context = (changes: Partial<PushContext> = {}): PushContext => ({
  now: clock,
  requestId: 'req-0001',
  timeoutMs: 15_000,
  ...changes,
});

describe('CPCB adapter against the stand-in', () => {
  it('delivers a slot, values as they are and flags from provenance', async () => {
    expect(await cpcbProtocol.push(credentials(), payload(), context())).toEqual({
      kind: 'delivered',
      httpStatus: 200,
      boardCode: '1',
      answer: '{"status":1,"msg":"success"}',
    });
    expect(standIn.received).toEqual([
      {
        requestId: 'req-0001',
        stationId: 'STN-1',
        deviceId: 'DEV-1',
        timestamp: SLOT.getTime(),
        params: [
          { parameter: 'pm', value: 12.345678, unit: 'mg/Nm3', flag: 'U' },
          { parameter: 'so2', value: 0.1, unit: 'mg/Nm3', flag: 'M' },
        ],
        receivedAt: clock,
      },
    ]);
  });

  it('works with a base URL that ends in a slash', async () => {
    const outcome = await cpcbProtocol.push(
      credentials({ baseUrl: `${standIn.url}/` }),
      payload(),
      context(),
    );
    expect(outcome.kind).toBe('delivered');
  });

  it('is refused with the board code for a unit the board does not take, and for a slot too old', async () => {
    const badUnit = payload({
      params: [{ parameter: 'pm', value: 12, unit: 'ppm', provenance: 'measured' }],
    });
    expect(await cpcbProtocol.push(credentials(), badUnit, context())).toEqual({
      kind: 'refused',
      httpStatus: 200,
      boardCode: '110',
      answer: '{"status":110,"msg":"Invalid unit"}',
    });
    clock = new Date(SLOT.getTime() + 8 * 24 * 60 * MINUTE);
    expect(await cpcbProtocol.push(credentials(), payload(), context({ now: clock }))).toMatchObject({
      kind: 'refused',
      boardCode: '117',
    });
    expect(standIn.received).toEqual([]);
  });

  it('retries when the board drops the connection (down) or nothing listens', async () => {
    standIn.setMode({ kind: 'down' });
    const down = await cpcbProtocol.push(credentials(), payload(), context());
    expect(down).toMatchObject({ kind: 'retry', httpStatus: null, boardCode: null });
    expect(down.answer).toMatch(
      /^The connection was closed before an answer \((ECONNRESET|EPIPE|UND_ERR_SOCKET)\)$/,
    );

    const port = await closedPort();
    expect(
      await cpcbProtocol.push(credentials({ baseUrl: `http://127.0.0.1:${port}` }), payload(), context()),
    ).toEqual({
      kind: 'retry',
      httpStatus: null,
      boardCode: null,
      answer: 'Connection refused (ECONNREFUSED)',
    });
  });

  it('retries when the board answers after the timeout', async () => {
    standIn.setMode({ kind: 'slow', delayMs: 1000 });
    expect(await cpcbProtocol.push(credentials(), payload(), context({ timeoutMs: 200 }))).toEqual({
      kind: 'retry',
      httpStatus: null,
      boardCode: null,
      answer: 'No answer within 200 ms',
    });
  });

  it('retries on a 5xx, on status 10 and on a signature the board does not verify', async () => {
    standIn.setMode({ kind: 'error', httpStatus: 503 });
    expect(await cpcbProtocol.push(credentials(), payload(), context())).toEqual({
      kind: 'retry',
      httpStatus: 503,
      boardCode: '503',
      answer: '{"status":503,"msg":"Service Unavailable"}',
    });
    standIn.setMode({ kind: 'refuse', status: 10 });
    expect(await cpcbProtocol.push(credentials(), payload(), context())).toEqual({
      kind: 'retry',
      httpStatus: 200,
      boardCode: '10',
      answer: '{"status":10,"msg":"failed"}',
    });
    standIn.setMode({ kind: 'up' });
    expect(
      await cpcbProtocol.push(credentials({ privateKeyPem: otherPrivateKeyPem }), payload(), context()),
    ).toEqual({
      kind: 'retry',
      httpStatus: 401,
      boardCode: '401',
      answer: '{"status":401,"msg":"Signature could not be verified"}',
    });
    expect(standIn.received).toEqual([]);
  });

  it('retries, without sending, when the private key cannot be used', async () => {
    const unreadable = await cpcbProtocol.push(
      credentials({ privateKeyPem: '-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----\n' }),
      payload(),
      context(),
    );
    expect(unreadable).toMatchObject({ kind: 'retry', httpStatus: null, boardCode: null });
    expect(unreadable.answer).toMatch(/^The industry's private key could not be read/);

    const ed25519 = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' });
    expect(
      await cpcbProtocol.push(credentials({ privateKeyPem: ed25519.toString() }), payload(), context()),
    ).toEqual({
      kind: 'retry',
      httpStatus: null,
      boardCode: null,
      answer: "The industry's private key is not an RSA key (ed25519)",
    });
    expect(standIn.attempts).toEqual([]);
  });
});

describe('CPCB adapter: the request', () => {
  it('sends exactly the documented body and headers, signed with the industry key at the signing time', async () => {
    const sent: { url: string; init: RequestInit }[] = [];
    const capture: typeof fetch = async (input, init) => {
      sent.push({ url: String(input), init: init ?? {} });
      return new Response('{"status":1,"msg":"success"}', { status: 200 });
    };
    const signingTime = new Date(SLOT.getTime() + 17 * MINUTE + 123);
    const outcome = await cpcbProtocol.push(
      credentials({ baseUrl: 'https://cems.example.gov.in/' }),
      payload(),
      context({ now: signingTime, requestId: 'req-42', fetch: capture }),
    );
    expect(outcome.kind).toBe('delivered');
    expect(sent).toHaveLength(1);
    const [{ url, init }] = sent as [{ url: string; init: RequestInit }];
    expect(url).toBe('https://cems.example.gov.in/v1.0/industry/data');
    expect(init.method).toBe('POST');
    expect(init.redirect).toBe('manual');
    expect(init.signal).toBeInstanceOf(AbortSignal);
    expect(init.body).toBe(
      JSON.stringify({
        data: [
          {
            stationId: 'STN-1',
            device_data: [
              {
                deviceId: 'DEV-1',
                params: [
                  { parameter: 'pm', value: 12.345678, unit: 'mg/Nm3', timestamp: 1764230400000, flag: 'U' },
                  { parameter: 'so2', value: 0.1, unit: 'mg/Nm3', timestamp: 1764230400000, flag: 'M' },
                ],
              },
            ],
          },
        ],
      }),
    );
    const headers = init.headers as Record<string, string>;
    expect(Object.keys(headers).sort()).toEqual(
      ['Content-Type', 'X-Device-Id', 'X-Request-Id', 'signature', 'timestamp'].sort(),
    );
    expect(headers).toMatchObject({
      'Content-Type': 'application/json',
      'X-Device-Id': 'DEV-1',
      'X-Request-Id': 'req-42',
      timestamp: String(signingTime.getTime()),
    });
    const signed = Buffer.from(`${AUTH_KEY}$*${signingTime.getTime()}`, 'utf8');
    expect(verify('sha256', signed, publicKeyPem, Buffer.from(headers.signature!, 'base64'))).toBe(true);
    expect(
      verify(
        'sha256',
        Buffer.from(`${AUTH_KEY}$*0`),
        publicKeyPem,
        Buffer.from(headers.signature!, 'base64'),
      ),
    ).toBe(false);
  });

  it('flags each provenance as documented', () => {
    expect(CPCB_FLAGS).toEqual({
      measured: 'U',
      calibration: 'C',
      maintenance: 'M',
      manual: 'X',
      substituted: 'S',
      derived: 'D',
    });
    const params = PROVENANCES.map((provenance, i) => ({
      parameter: `p${i}`,
      value: i,
      unit: 'u',
      provenance,
    }));
    const flags = cpcbBody(payload({ params })).data[0].device_data[0].params.map((p) => p.flag);
    expect(flags).toEqual(PROVENANCES.map((provenance) => CPCB_FLAGS[provenance]));
  });

  it('does not follow a redirect, and says where it led', async () => {
    const redirecting: typeof fetch = async () =>
      new Response(null, {
        status: 301,
        headers: { location: 'https://cems.example.gov.in/v1.0/industry/data' },
      });
    expect(await cpcbProtocol.push(credentials(), payload(), context({ fetch: redirecting }))).toEqual({
      kind: 'retry',
      httpStatus: 301,
      boardCode: null,
      answer: 'Redirected to https://cems.example.gov.in/v1.0/industry/data',
    });
  });

  it('never throws, whatever fetch does', async () => {
    const throwing: typeof fetch = () => {
      throw new TypeError('fetch is broken');
    };
    expect(await cpcbProtocol.push(credentials(), payload(), context({ fetch: throwing }))).toEqual({
      kind: 'retry',
      httpStatus: null,
      boardCode: null,
      answer: 'The request failed: fetch is broken',
    });
    const halfAnswer: typeof fetch = async () =>
      ({
        status: 200,
        text: () => Promise.reject(new TypeError('terminated', { cause: { code: 'ECONNRESET' } })),
      }) as unknown as Response;
    expect(await cpcbProtocol.push(credentials(), payload(), context({ fetch: halfAnswer }))).toMatchObject({
      kind: 'retry',
      httpStatus: 200,
      boardCode: null,
      answer:
        'HTTP 200, but the answer was not read: The connection was closed before an answer (ECONNRESET)',
    });
    expect(
      await cpcbProtocol.push(credentials({ baseUrl: 'not a url' }), payload(), context({ fetch: throwing })),
    ).toMatchObject({
      kind: 'retry',
      httpStatus: null,
      answer: "The board's URL is not valid: not a url/v1.0/industry/data",
    });
  });
});

describe('CPCB adapter: what an answer means', () => {
  it.each([
    [200, '{"status":1,"msg":"success"}', 'delivered', '1'],
    [200, '{"status":"1","msg":"success"}', 'delivered', '1'],
    [200, '{"status":10,"msg":"failed"}', 'retry', '10'],
    [200, '{"status":119,"msg":"Invalid Parameter"}', 'refused', '119'],
    [200, '<html>maintenance</html>', 'retry', null],
    [200, '{"msg":"no status"}', 'retry', null],
    [200, '', 'retry', null],
    [401, '{"status":401,"msg":"Signature could not be verified"}', 'retry', '401'],
    [403, 'Forbidden', 'retry', null],
    [404, '<html>Not Found</html>', 'retry', null],
    [429, '{"status":429,"msg":"Too many requests"}', 'retry', '429'],
    [502, '', 'retry', null],
    [201, '{"status":1,"msg":"success"}', 'retry', '1'],
  ] as const)('HTTP %i %s → %s', (httpStatus, text, kind, boardCode) => {
    expect(cpcbOutcome(httpStatus, text)).toEqual({ kind, httpStatus, boardCode, answer: text });
  });

  it('keeps at most MAX_ANSWER_CHARS of an answer', () => {
    const long = `<html>${'x'.repeat(MAX_ANSWER_CHARS * 2)}</html>`;
    expect(cpcbOutcome(500, long).answer).toBe(long.slice(0, MAX_ANSWER_CHARS));
  });
});

describe('board protocols', () => {
  it('lists every adapter under its id', () => {
    expect(BOARD_PROTOCOLS.map((p) => p.id)).toEqual([...PROTOCOL_IDS]);
    expect(protocolFor('cpcb-v1')).toBe(cpcbProtocol);
    expect(protocolFor('tnpcb-v2')).toBeUndefined();
  });
});
