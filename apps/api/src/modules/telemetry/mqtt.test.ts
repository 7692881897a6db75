import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readings } from '../../db/schema/index.js';
import { startTestApp, type TestContext } from '../../test/harness.js';
import { factories } from '../../test/factories.js';
import { deviceFactories } from '../../test/device-factories.js';
import { telemetryFactories } from '../../test/telemetry-factories.js';
import { waitFor } from '../../test/wait-for.js';
import { createIngestService } from './ingest.service.js';
import { startMqttConsumer, type MqttConsumer } from './mqtt-consumer.js';

/** The broker CI and this machine run (Mosquitto); MQTT_TEST_URL points elsewhere. */
const BROKER = process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883';
/** A group of its own per run: two test runs on one broker must not share (split) their messages. */
const group = () => `vayu-test-${randomBytes(6).toString('hex')}`;

let t: TestContext;
let publisher: MqttClient;
let consumer: MqttConsumer;
const silent = { info: () => undefined, warn: () => undefined };

beforeAll(async () => {
  t = await startTestApp({ mqttUrl: BROKER, mqttShareGroup: group() });
  consumer = startMqttConsumer({
    url: BROKER,
    group: group(),
    db: t.db,
    ingest: createIngestService({ database: t.database }),
    log: silent,
  });
  await consumer.ready;
  publisher = await connectAsync(BROKER, { protocolVersion: 5 });
});

afterAll(async () => {
  await publisher?.endAsync();
  await consumer?.close();
});

async function sender() {
  const tenant = await factories(t.db).tenant();
  const { device, parameter } = await deviceFactories(t.db).device(tenant.id);
  const edge = await telemetryFactories(t.db).edgeKey(tenant.id);
  return { tenant, device, parameter, token: edge.token };
}

const stored = (deviceId: number) => t.db.select().from(readings).where(eq(readings.deviceId, deviceId));
const minutesAgo = (minutes: number) => new Date(Math.floor(Date.now() / 60_000) * 60_000 - minutes * 60_000);

describe('readings over MQTT', () => {
  it('stores readings published to vayu/{tenantId}/{deviceId}/readings with an edge client key', async () => {
    const { tenant, device, parameter, token } = await sender();
    await publisher.publishAsync(
      `vayu/${tenant.id}/${device.id}/readings`,
      JSON.stringify({
        token,
        readings: [
          {
            deviceId: device.id,
            parameter: parameter.paramKey,
            time: minutesAgo(2).toISOString(),
            value: 41,
            unit: 'mg/Nm3',
          },
          {
            deviceId: device.id,
            parameter: parameter.paramKey,
            time: minutesAgo(1).toISOString(),
            value: 43,
            unit: 'mg/Nm3',
          },
        ],
      }),
      { qos: 1 },
    );
    // Both the console's own subscription (MQTT_URL) and this test's consumer take the message;
    // the second finds the readings already there (duplicates), so exactly two rows are stored.
    await waitFor(async () => (await stored(device.id)).length === 2, {
      what: `two readings stored (this test's consumer: ${JSON.stringify(consumer.stats())})`,
      timeoutMs: 60_000,
    });
    const rows = await stored(device.id);
    expect(rows.map((row) => row.value).sort()).toEqual([41, 43]);
    expect(rows[0]).toMatchObject({ source: 'edge', provenance: 'measured', tenantId: tenant.id });
  });

  it('counts bad messages, answers them on the results topic, and goes on taking good ones', async () => {
    const { tenant, device, parameter, token } = await sender();
    const topic = `vayu/${tenant.id}/${device.id}/readings`;
    await publisher.subscribeAsync(`${topic}/results`);
    const answers: string[] = [];
    publisher.on('message', (from, payload) => {
      if (from === `${topic}/results`) answers.push(payload.toString('utf8'));
    });
    const before = consumer.stats();

    await publisher.publishAsync(topic, 'this is not JSON {', { qos: 1 });
    await publisher.publishAsync(
      topic,
      JSON.stringify({ token: 'vek_unknown-key-of-nobody', readings: [{}] }),
      {
        qos: 1,
      },
    );
    // a reading for another device than the topic's is refused on its own
    await publisher.publishAsync(
      topic,
      JSON.stringify({
        token,
        readings: [
          {
            deviceId: device.id + 100_000,
            parameter: parameter.paramKey,
            time: minutesAgo(3).toISOString(),
            value: 1,
            unit: 'mg/Nm3',
          },
          {
            deviceId: device.id,
            parameter: parameter.paramKey,
            time: minutesAgo(3).toISOString(),
            value: 7,
            unit: 'mg/Nm3',
          },
        ],
      }),
      { qos: 1 },
    );

    await waitFor(() => consumer.stats().messages >= before.messages + 3, { what: 'three messages taken' });
    await waitFor(async () => (await stored(device.id)).length === 1, { what: 'the good reading stored' });
    const after = consumer.stats();
    expect(after.badPayloads - before.badPayloads).toBe(2);
    expect(after.refused - before.refused).toBe(1);
    expect((await stored(device.id))[0]!.value).toBe(7);
    await waitFor(() => answers.some((answer) => answer.includes('TOKEN_INVALID')), {
      what: 'a TOKEN_INVALID answer',
    });
    expect(answers.some((answer) => answer.includes('VALIDATION_FAILED'))).toBe(true);
  });

  it("refuses a key publishing to another industry's topic", async () => {
    const mine = await sender();
    const theirs = await sender();
    const before = consumer.stats();
    await publisher.publishAsync(
      `vayu/${theirs.tenant.id}/${theirs.device.id}/readings`,
      JSON.stringify({
        token: mine.token,
        readings: [
          {
            deviceId: theirs.device.id,
            parameter: theirs.parameter.paramKey,
            time: minutesAgo(1).toISOString(),
            value: 5,
            unit: 'mg/Nm3',
          },
        ],
      }),
      { qos: 1 },
    );
    await waitFor(() => consumer.stats().badPayloads > before.badPayloads, { what: 'the message refused' });
    expect(await stored(theirs.device.id)).toHaveLength(0);
  });
});
