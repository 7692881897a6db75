import { connect, type IClientOptions, type MqttClient } from 'mqtt';
import { INGEST_MAX_BATCH, MQTT_READINGS_TOPIC, parseReadingsTopic, type IngestResult } from '@vayu/domain';
import type { Database } from '../../db/client.js';
import { markTokenUsed, resolveDataToken } from './data-tokens.js';
import type { IngestService } from './ingest.service.js';

/**
 * Readings over MQTT. With `MQTT_URL` set, each API process subscribes (as a
 * shared subscription, so that N processes share the messages instead of
 * each storing every one) to `vayu/{tenantId}/{deviceId}/readings`. A message
 * carries the same payload as `POST /api/ingest` plus the sender's key:
 * `{ "token": "vek_…", "readings": [...] }`; the topic's device is the only
 * one its readings may name, and the topic's industry must be one the key may
 * send for. Each result goes back on `…/readings/results`. A message is
 * acknowledged (QoS 1) once its readings are stored, so the broker sends it
 * again if the process stops first. A bad message is counted and dropped; it
 * never stops the consumer.
 */
export interface MqttStats {
  /** Messages taken from the broker. */
  messages: number;
  /** Messages refused whole: not JSON, no or unknown key, a topic that is not a readings topic, too many readings. */
  badPayloads: number;
  accepted: number;
  duplicates: number;
  refused: number;
}

export interface MqttConsumer {
  stats(): MqttStats;
  /** Resolves once subscribed. */
  ready: Promise<void>;
  close(): Promise<void>;
}

interface Log {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** The subscription all API processes of a group share (MQTT 5 shared subscriptions; Mosquitto 2 has them). */
export const sharedSubscription = (group: string) => `$share/${group}/${MQTT_READINGS_TOPIC}`;

export function startMqttConsumer(options: {
  url: string;
  /** The shared subscription's group (`MQTT_SHARE_GROUP`). */
  group: string;
  db: Database;
  ingest: IngestService;
  log: Log;
  clientOptions?: IClientOptions;
}): MqttConsumer {
  const { db, ingest, log } = options;
  const stats: MqttStats = { messages: 0, badPayloads: 0, accepted: 0, duplicates: 0, refused: 0 };

  async function handle(client: MqttClient, topic: string, payload: Buffer): Promise<void> {
    stats.messages++;
    const target = parseReadingsTopic(topic);
    let body: unknown;
    try {
      body = target && payload.length <= 1024 * 1024 ? JSON.parse(payload.toString('utf8')) : undefined;
    } catch {
      body = undefined;
    }
    const reply = (answer: IngestResult | { error: { code: string; message: string } }) => {
      client.publish(`${topic}/results`, JSON.stringify(answer), { qos: 0 });
    };
    const refuse = (code: string, message: string) => {
      stats.badPayloads++;
      reply({ error: { code, message } });
    };
    if (!target || typeof body !== 'object' || body === null || Array.isArray(body)) {
      refuse('VALIDATION_FAILED', 'The message must be a JSON object with token and readings.');
      return;
    }
    const { token, readings } = body as { token?: unknown; readings?: unknown };
    if (!Array.isArray(readings) || readings.length === 0 || readings.length > INGEST_MAX_BATCH) {
      refuse('VALIDATION_FAILED', `readings must be a list of 1 to ${INGEST_MAX_BATCH} readings.`);
      return;
    }
    const sender = typeof token === 'string' ? await resolveDataToken(db, token) : null;
    if (!sender) {
      refuse('TOKEN_INVALID', 'The message needs a token: an edge client key or an app token not revoked.');
      return;
    }
    if (!sender.tenantIds.has(target.tenantId)) {
      refuse('DEVICE_NOT_IN_TENANT', 'This key may not send readings for the industry of the topic.');
      return;
    }
    markTokenUsed(db, sender.tokenId);
    try {
      const result = await ingest.ingest(sender, readings, { deviceId: target.deviceId });
      stats.accepted += result.accepted;
      stats.duplicates += result.duplicates;
      stats.refused += result.refused;
      reply(result);
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 'DEVICE_NOT_IN_TENANT') {
        refuse('DEVICE_NOT_IN_TENANT', error.message);
        return;
      }
      throw error;
    }
  }

  const client = connect(options.url, {
    protocolVersion: 5,
    clientId: `vayu-api-${process.pid}-${Math.random().toString(16).slice(2, 10)}`,
    // Messages are acknowledged after their readings are stored (customHandleAcks), not on arrival.
    customHandleAcks: (topic, message, _packet, done) => {
      handle(client, topic, message).then(
        () => done(0),
        (error: unknown) => {
          // The database failed: no acknowledgement, so the broker sends the message again.
          log.warn({ err: error, topic }, 'storing MQTT readings failed; the broker will send them again');
          client.end(true, () => client.reconnect());
        },
      );
    },
    reconnectPeriod: 2_000,
    connectTimeout: 10_000,
    ...options.clientOptions,
  });

  const ready = new Promise<void>((resolve) => {
    client.on('connect', () => {
      const subscription = sharedSubscription(options.group);
      client.subscribe(subscription, { qos: 1 }, (error) => {
        if (error) log.warn({ err: error }, 'subscribing to MQTT readings failed');
        else {
          log.info({ topic: subscription }, 'taking readings over MQTT');
          resolve();
        }
      });
    });
  });
  client.on('error', (error) => log.warn({ err: error }, 'MQTT connection error'));

  return {
    stats: () => ({ ...stats }),
    ready,
    close: () =>
      new Promise<void>((resolve) => {
        client.end(false, () => resolve());
      }),
  };
}
