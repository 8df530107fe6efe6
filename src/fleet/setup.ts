/**
 * The JetStream side a fleet needs: the events stream (limits by age and bytes, old messages
 * discarded, a duplicate window for Nats-Msg-Id) and the presence bucket. Every node ensures
 * both on joining; the first one creates them, the others find them.
 */
import type { JetStreamManager, StreamConfig, StreamInfo } from '@nats-io/jetstream';
import { DiscardPolicy, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import type { KV } from '@nats-io/kv';
import { Kvm } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { FLEET_BUCKET, FLEET_STREAM, fleetSubjects } from '../../protocol/src/index.js';
import type { FleetConfig } from '../config.js';
import { UiError } from '../errors.js';

const NANOS_PER_MS = 1_000_000;

export function streamConfig(config: FleetConfig): Partial<StreamConfig> & { name: string } {
  return {
    name: FLEET_STREAM,
    subjects: [fleetSubjects.stream],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    discard: DiscardPolicy.Old,
    max_age: config.streamMaxAgeMs * NANOS_PER_MS,
    max_bytes: config.streamMaxBytes,
    duplicate_window: config.duplicateWindowMs * NANOS_PER_MS,
  };
}

function isNotFound(err: unknown): boolean {
  return /not found/i.test(String((err as { message?: unknown })?.message ?? err));
}

/**
 * Create the stream when missing; an existing one is left as its operator configured it.
 * Resolves to the stream's duplicate window in ms (0: none), which the publisher relies on.
 */
export async function ensureStream(jsm: JetStreamManager, config: FleetConfig): Promise<number> {
  try {
    return windowMs(await jsm.streams.info(FLEET_STREAM));
  } catch (err) {
    if (!isNotFound(err)) throw err;
  }
  try {
    return windowMs(await jsm.streams.add(streamConfig(config)));
  } catch (err) {
    // Another node created it in between: that is fine.
    if (/already in use|exists/i.test(String(err))) {
      return windowMs(await jsm.streams.info(FLEET_STREAM));
    }
    if (/insufficient storage/i.test(String(err))) throw storageRefused(config, err);
    throw err;
  }
}

function windowMs(info: StreamInfo): number {
  return (info.config.duplicate_window ?? 0) / NANOS_PER_MS;
}

/** The server's JetStream store cannot reserve the stream's byte limit: say what to change. */
function storageRefused(config: FleetConfig, err: unknown): UiError {
  const mib = Math.round(config.streamMaxBytes / 1024 / 1024);
  return new UiError(
    'invalid_params',
    `NATS cannot reserve ${mib} MiB for stream ${FLEET_STREAM} (${String((err as Error).message ?? err)}): ` +
      `raise the server's jetstream max_file_store, or create the stream beforehand with a smaller max_bytes (nodes keep an existing stream as it is)`,
    { details: { stream: FLEET_STREAM, maxBytes: config.streamMaxBytes } },
  );
}

/** Open (creating when missing) the presence bucket: one value per key, no history. */
export async function openPresence(nc: NatsConnection): Promise<KV> {
  return await new Kvm(nc).create(FLEET_BUCKET, { history: 1, storage: StorageType.File });
}
