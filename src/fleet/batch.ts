/**
 * What a node puts on the wire: one batch of its events (protocol FleetBatch), whose JSON body
 * is written by hand around each event's own JSON, so the byte bound is known as it grows and
 * the events are encoded once, not once for the body and again for a wrapper; and gap records.
 */
import { headers, type MsgHdrs } from '@nats-io/transport-node';
import type { FleetGap, UiEvent } from '../../protocol/src/index.js';
import { FLEET_HEADERS, fleetSubjects } from '../../protocol/src/index.js';
import type { StreamWriter } from './acks.js';

/** Wall clock with sub-millisecond resolution, comparable across processes on one host. */
export function preciseNow(): number {
  return performance.timeOrigin + performance.now();
}

/** A batch's body and what its headers say about it. */
export interface BatchBody {
  data: Uint8Array;
  /** The last seq it holds (events past the byte bound wait for the next batch). */
  last: number;
  /** When the log emitted its first event. */
  firstEmitted: number;
  /** Its event types, comma-separated. */
  types: string;
}

const encoder = new TextEncoder();

/**
 * Encode consecutive events, as many as fit `maxBytes` (at least one). `emitted` holds when
 * the log emitted each seq, by seq modulo its length; 0 (emitted before the publisher
 * started) falls back to the log's own millisecond stamp.
 */
export function encodeBatch(events: UiEvent[], emitted: Float64Array, maxBytes: number): BatchBody {
  const capacity = emitted.length;
  const parts: string[] = [];
  const times: number[] = [];
  const types = new Set<string>();
  let bytes = 0;
  let last = 0;
  for (const event of events) {
    const json = JSON.stringify(event);
    if (parts.length > 0 && bytes + json.length > maxBytes) break;
    parts.push(json);
    bytes += json.length + 1;
    const at = capacity > 0 ? (emitted[event.seq % capacity] ?? 0) : 0;
    times.push(at > 0 ? at : event.time);
    types.add(event.type);
    last = event.seq;
  }
  const text = `{"emitted":[${times.join(',')}],"events":[${parts.join(',')}]}`;
  return {
    data: encoder.encode(text),
    last,
    firstEmitted: times[0] as number,
    types: [...types].join(','),
  };
}

/** What a batch's headers say: its node, epoch, first and last seq, first emission, types. */
export function batchHeaders(node: string, epoch: number, first: number, body: BatchBody): MsgHdrs {
  const h = headers();
  h.set(FLEET_HEADERS.node, node);
  h.set(FLEET_HEADERS.epoch, String(epoch));
  h.set(FLEET_HEADERS.firstSeq, String(first));
  h.set(FLEET_HEADERS.seq, String(body.last));
  h.set(FLEET_HEADERS.emitted, String(body.firstEmitted));
  h.set(FLEET_HEADERS.types, body.types);
  return h;
}

/** Publish a gap record, acknowledged; false when the stream did not take it. */
export async function publishGap(
  js: StreamWriter,
  gap: FleetGap,
  timeout: number,
): Promise<boolean> {
  const { node, epoch } = gap;
  try {
    await js.publish(fleetSubjects.gap(node), encoder.encode(JSON.stringify(gap)), {
      // The range is in the id: a retry after a lost acknowledgement may name a longer one.
      msgID: `${node}.${epoch}.gap.${gap.from}-${gap.to}`,
      timeout,
    });
    return true;
  } catch {
    return false;
  }
}
