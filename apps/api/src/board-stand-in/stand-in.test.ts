import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RegistryIndustry } from './registry.js';
import { BOARD_MESSAGES, startBoardStandIn, type BoardStandIn } from './stand-in.js';

const AUTH_KEY = 'auth-key-8f3a91c2';
const SLOT = Date.parse('2025-11-27T08:00:00Z');
const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

let clock = new Date(SLOT + 20 * MINUTE);
let privateKey: KeyObject;
let industry: RegistryIndustry;
let standIn: BoardStandIn;

beforeAll(async () => {
  // Slow (an RSA key), so once per file.
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  privateKey = pair.privateKey;
  industry = {
    industryId: 'IND-1',
    authorizationKey: AUTH_KEY,
    publicKeyPem: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    devices: [
      {
        deviceId: 'DEV-1',
        stationId: 'STN-1',
        parameters: [
          { parameter: 'pm', unit: 'mg/Nm3' },
          { parameter: 'so2', unit: 'mg/Nm3' },
        ],
        calibrations: [{ from: '2025-11-27T06:00:00Z', to: '2025-11-27T06:30:00Z' }],
      },
      { deviceId: 'DEV-2', stationId: 'STN-2', parameters: [{ parameter: 'flow', unit: 'm3/h' }] },
    ],
  };
  standIn = await startBoardStandIn({ registry: { industries: [industry] }, now: () => clock });
});
afterAll(() => standIn.close());
beforeEach(() => {
  clock = new Date(SLOT + 20 * MINUTE);
  standIn.reset();
});

type Headers = Record<string, string>;

/** The headers of a request signed as the industry would (or with another key text / signing time). */
function signed(
  deviceId = 'DEV-1',
  { authorizationKey = AUTH_KEY, signingTime = clock.getTime() } = {},
): Headers {
  const timestamp = String(signingTime);
  return {
    'content-type': 'application/json',
    'x-device-id': deviceId,
    timestamp,
    signature: sign('sha256', Buffer.from(`${authorizationKey}$*${timestamp}`, 'utf8'), privateKey).toString(
      'base64',
    ),
    'x-request-id': 'req-1',
  };
}

function without(headers: Headers, name: string): Headers {
  const rest = { ...headers };
  delete rest[name];
  return rest;
}

function param(changes: Record<string, unknown> = {}) {
  return { parameter: 'pm', value: 12.3, unit: 'mg/Nm3', timestamp: SLOT, flag: 'U', ...changes };
}

function body({ stationId = 'STN-1', deviceId = 'DEV-1', params = [param()] as unknown } = {}) {
  return { data: [{ stationId, device_data: [{ deviceId, params }] }] };
}

async function post(headers: Headers, payload: unknown, path = '/v1.0/industry/data') {
  const response = await fetch(`${standIn.url}${path}`, {
    method: 'POST',
    headers,
    body: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
  const text = await response.text();
  return { httpStatus: response.status, answer: JSON.parse(text) as unknown };
}

const refusal = (status: number) => ({ httpStatus: 200, answer: { status, msg: BOARD_MESSAGES[status] } });
const UNVERIFIED = { httpStatus: 401, answer: { status: 401, msg: 'Signature could not be verified' } };

describe('board stand-in: checks', () => {
  const cases: [string, () => [Headers, unknown], { httpStatus: number; answer: unknown }][] = [
    ['114 without X-Device-Id', () => [without(signed(), 'x-device-id'), body()], refusal(114)],
    ['113 without a signature', () => [without(signed(), 'signature'), body()], refusal(113)],
    ['113 without a signing time', () => [without(signed(), 'timestamp'), body()], refusal(113)],
    [
      '116 for a device no industry registered',
      () => [signed('DEV-9'), body({ deviceId: 'DEV-9' })],
      refusal(116),
    ],
    [
      '401 for a signature over another key',
      () => [signed('DEV-1', { authorizationKey: 'other-key' }), body()],
      UNVERIFIED,
    ],
    [
      '401 for a signing time 16 minutes behind the board',
      () => [signed('DEV-1', { signingTime: clock.getTime() - 16 * MINUTE }), body()],
      UNVERIFIED,
    ],
    [
      '401 for a signature that is not one',
      () => [{ ...signed(), signature: 'bm90IGEgc2lnbmF0dXJl' }, body()],
      UNVERIFIED,
    ],
    [
      '400 for a body that is not JSON',
      () => [signed(), '{"data": ['],
      { httpStatus: 400, answer: { status: 400, msg: 'The body is not JSON' } },
    ],
    ['121 without data', () => [signed(), {}], refusal(121)],
    [
      '121 without a station id',
      () => [signed(), { data: [{ device_data: body().data[0]!.device_data }] }],
      refusal(121),
    ],
    ['121 without device_data', () => [signed(), { data: [{ stationId: 'STN-1' }] }], refusal(121)],
    [
      '121 without a device id',
      () => [signed(), { data: [{ stationId: 'STN-1', device_data: [{ params: [param()] }] }] }],
      refusal(121),
    ],
    ['121 for a body device other than X-Device-Id', () => [signed('DEV-2'), body()], refusal(121)],
    ['121 for a device under another station', () => [signed(), body({ stationId: 'STN-2' })], refusal(121)],
    ['120 for two stations', () => [signed(), { data: [body().data[0], body().data[0]] }], refusal(120)],
    [
      '119 without params',
      () => [signed(), { data: [{ stationId: 'STN-1', device_data: [{ deviceId: 'DEV-1' }] }] }],
      refusal(119),
    ],
    ['119 for empty params', () => [signed(), body({ params: [] })], refusal(119)],
    [
      '119 for a parameter not registered',
      () => [signed(), body({ params: [param({ parameter: 'nox' })] })],
      refusal(119),
    ],
    [
      '119 for a param without its value',
      () => [signed(), body({ params: [param({ value: undefined })] })],
      refusal(119),
    ],
    [
      '119 for a value that is not a number',
      () => [signed(), body({ params: [param({ value: '12.3' })] })],
      refusal(119),
    ],
    [
      '119 for a flag the board does not know',
      () => [signed(), body({ params: [param({ flag: 'Q' })] })],
      refusal(119),
    ],
    ['119 for a parameter sent twice', () => [signed(), body({ params: [param(), param()] })], refusal(119)],
    ['110 for another unit', () => [signed(), body({ params: [param({ unit: 'ppm' })] })], refusal(110)],
    [
      '111 for a time off the 15-minute grid',
      () => [signed(), body({ params: [param({ timestamp: SLOT + MINUTE })] })],
      refusal(111),
    ],
    [
      '111 for params of different times',
      () => [
        signed(),
        body({ params: [param(), param({ parameter: 'so2', timestamp: SLOT - 15 * MINUTE })] }),
      ],
      refusal(111),
    ],
    [
      '117 for a slot older than 7 days',
      () => [signed(), body({ params: [param({ timestamp: SLOT - 7 * DAY - 15 * MINUTE })] })],
      refusal(117),
    ],
    [
      '118 for a slot after the board clock',
      () => [signed(), body({ params: [param({ timestamp: SLOT + 30 * MINUTE })] })],
      refusal(118),
    ],
    [
      '112 for a calibration value outside every calibration window',
      () => [signed(), body({ params: [param({ flag: 'C' })] })],
      refusal(112),
    ],
  ];

  it.each(cases)('%s', async (_name, request, expected) => {
    const [headers, payload] = request();
    expect(await post(headers, payload)).toEqual(expected);
    expect(standIn.received).toEqual([]);
    expect(standIn.attempts).toHaveLength(1);
    expect(standIn.attempts[0]).toMatchObject({
      httpStatus: expected.httpStatus,
      status: (expected.answer as { status: number }).status,
    });
  });

  it('takes a well-signed slot and records it', async () => {
    const params = [param({ value: 12.345678 }), param({ parameter: 'so2', value: 0, flag: 'M' })];
    expect(await post(signed(), body({ params }))).toEqual({
      httpStatus: 200,
      answer: { status: 1, msg: 'success' },
    });
    expect(standIn.received).toEqual([
      {
        requestId: 'req-1',
        stationId: 'STN-1',
        deviceId: 'DEV-1',
        timestamp: SLOT,
        params: [
          { parameter: 'pm', value: 12.345678, unit: 'mg/Nm3', flag: 'U' },
          { parameter: 'so2', value: 0, unit: 'mg/Nm3', flag: 'M' },
        ],
        receivedAt: clock,
      },
    ]);
    expect(standIn.attempts).toEqual([
      { requestId: 'req-1', deviceId: 'DEV-1', httpStatus: 200, status: 1, msg: 'success', at: clock },
    ]);
  });

  it('takes a calibration value inside a window, a slot just under 7 days old and one signed 14 minutes off', async () => {
    const inWindow = Date.parse('2025-11-27T06:15:00Z');
    expect(await post(signed(), body({ params: [param({ flag: 'C', timestamp: inWindow })] }))).toEqual(
      refusal(1),
    );
    const oldest = SLOT - 7 * DAY + 30 * MINUTE;
    expect(await post(signed(), body({ params: [param({ timestamp: oldest })] }))).toEqual(refusal(1));
    const skewed = signed('DEV-1', { signingTime: clock.getTime() + 14 * MINUTE });
    expect(await post(skewed, body())).toEqual(refusal(1));
    expect(standIn.received.map((r) => r.timestamp)).toEqual([inWindow, oldest, SLOT]);
  });

  it('answers 413 to a body over 1 MB', async () => {
    const big = JSON.stringify(body({ params: [param({ padding: 'x'.repeat(1024 * 1024) })] }));
    expect(await post(signed(), big)).toEqual({
      httpStatus: 413,
      answer: { status: 413, msg: 'The body is larger than 1 MB' },
    });
    expect(standIn.received).toEqual([]);
  });

  it('answers 404 elsewhere and 405 to another method, and survives odd bodies and a client that leaves', async () => {
    expect((await post(signed(), body(), '/v2/data')).httpStatus).toBe(404);
    expect((await fetch(`${standIn.url}/v1.0/industry/data`)).status).toBe(405);
    for (const odd of [
      'null',
      '[]',
      '"text"',
      '{"data":null}',
      '{"data":[null]}',
      '{"data":[{"stationId":"STN-1","device_data":[null]}]}',
      '{"data":[{"stationId":"STN-1","device_data":[{"deviceId":"DEV-1","params":[null,1]}]}]}',
      '\u0000\u00ff',
    ]) {
      const { httpStatus } = await post(signed(), odd);
      expect([200, 400]).toContain(httpStatus);
    }
    const socket = connect(Number(new URL(standIn.url).port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write('POST /v1.0/industry/data HTTP/1.1\r\nHost: x\r\nContent-Length: 500\r\n\r\n{"data":', () =>
      socket.destroy(),
    );
    await new Promise<void>((resolve) => socket.once('close', resolve));
    expect((await fetch(`${standIn.url}/__stand-in/health`)).status).toBe(200);
    expect(standIn.received).toEqual([]);
  });
});

describe('board stand-in: modes', () => {
  it('down: drops the connection, and takes requests again once up', async () => {
    standIn.setMode({ kind: 'down' });
    await expect(post(signed(), body())).rejects.toThrow();
    expect(standIn.attempts).toMatchObject([{ deviceId: 'DEV-1', httpStatus: null }]);
    standIn.setMode({ kind: 'up' });
    expect(await post(signed(), body())).toEqual(refusal(1));
    expect(standIn.received).toHaveLength(1);
  });

  it('slow: answers after the delay, and records nothing for a client that left first', async () => {
    standIn.setMode({ kind: 'slow', delayMs: 50 });
    expect(await post(signed(), body())).toEqual(refusal(1));
    expect(standIn.received).toHaveLength(1);

    standIn.reset();
    standIn.setMode({ kind: 'slow', delayMs: 60_000 });
    const leaving = fetch(`${standIn.url}/v1.0/industry/data`, {
      method: 'POST',
      headers: signed(),
      body: JSON.stringify(body()),
      signal: AbortSignal.timeout(100),
    });
    await expect(leaving).rejects.toThrow();
    await vi.waitFor(() => expect(standIn.attempts).toMatchObject([{ httpStatus: null }]));
    expect(standIn.received).toEqual([]);
  });

  it('refuse: answers the code to well-signed requests only', async () => {
    standIn.setMode({ kind: 'refuse', status: 110 });
    expect(await post(signed(), body())).toEqual(refusal(110));
    standIn.setMode({ kind: 'refuse', status: 10 });
    expect(await post(signed(), body())).toEqual(refusal(10));
    standIn.setMode({ kind: 'refuse', status: 999 });
    expect(await post(signed(), body())).toEqual({ httpStatus: 200, answer: { status: 999, msg: 'failed' } });
    expect(await post(signed('DEV-1', { authorizationKey: 'other' }), body())).toEqual(UNVERIFIED);
    expect(standIn.received).toEqual([]);
  });

  it('error: answers the HTTP status with a short JSON body', async () => {
    standIn.setMode({ kind: 'error', httpStatus: 503 });
    expect(await post(signed(), body())).toEqual({
      httpStatus: 503,
      answer: { status: 503, msg: 'Service Unavailable' },
    });
    expect(standIn.received).toEqual([]);
  });

  it('refuses a mode that is not one, and reset comes back up with nothing recorded', async () => {
    expect(() => standIn.setMode({ kind: 'slow', delayMs: -1 })).toThrow(RangeError);
    expect(() => standIn.setMode({ kind: 'error', httpStatus: 42 })).toThrow(RangeError);
    expect(() => standIn.setMode({ kind: 'refuse', status: 1 })).toThrow(RangeError);
    standIn.setMode({ kind: 'down' });
    await post(signed(), body()).catch(() => undefined);
    standIn.reset();
    expect(standIn.mode).toEqual({ kind: 'up' });
    expect(standIn.attempts).toEqual([]);
  });
});

describe('board stand-in: registry and control API', () => {
  it('registers a new industry and replaces one by its id', async () => {
    expect(await post(signed('DEV-7'), body({ deviceId: 'DEV-7', stationId: 'STN-7' }))).toEqual(
      refusal(116),
    );
    const device = {
      deviceId: 'DEV-7',
      stationId: 'STN-7',
      parameters: [{ parameter: 'pm', unit: 'mg/Nm3' }],
    };
    standIn.register({ ...industry, industryId: 'IND-7', devices: [device] });
    expect(await post(signed('DEV-7'), body({ deviceId: 'DEV-7', stationId: 'STN-7' }))).toEqual(refusal(1));
    standIn.register({ ...industry, industryId: 'IND-7', devices: [{ ...device, stationId: 'STN-8' }] });
    expect(await post(signed('DEV-7'), body({ deviceId: 'DEV-7', stationId: 'STN-7' }))).toEqual(
      refusal(121),
    );
    standIn.register({ ...industry, industryId: 'IND-7', devices: [] });
  });

  it('lists what it took newest first, switches the mode and reports its health', async () => {
    const control = (path: string, init?: RequestInit) =>
      fetch(`${standIn.url}/__stand-in${path}`, init).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as unknown,
      }));
    await post(signed(), body());
    await post(signed(), body({ params: [param({ timestamp: SLOT - 15 * MINUTE })] }));
    const listed = await control('/received?limit=1');
    expect(listed).toEqual({
      status: 200,
      body: [expect.objectContaining({ timestamp: SLOT - 15 * MINUTE, receivedAt: clock.toISOString() })],
    });
    expect((await control('/received')).body).toHaveLength(2);
    expect((await control('/received?limit=zero')).status).toBe(400);

    const mode = (value: unknown) =>
      control('/mode', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(value),
      });
    expect(await mode({ kind: 'refuse', status: 117 })).toEqual({
      status: 200,
      body: { mode: { kind: 'refuse', status: 117 } },
    });
    expect(standIn.mode).toEqual({ kind: 'refuse', status: 117 });
    expect((await mode({ kind: 'sideways' })).status).toBe(400);
    await mode({ kind: 'down' });
    expect(await control('/health')).toEqual({
      status: 200,
      body: expect.objectContaining({ status: 'up', mode: { kind: 'down' }, received: 2 }),
    });
    expect((await control('/nothing')).status).toBe(404);
  });
});
