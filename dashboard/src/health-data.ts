/**
 * Health figures: the server's own (backend status, cache size and revision, event seq,
 * connected clients, polled once a second from /dashboard/api/stats) and the latencies this
 * page sees for its reads and actions (round trips, so they include the network hop).
 */
import { signal } from '@preact/signals';

export interface ServerStats {
  backend: string;
  status: string;
  cache: { elements: number; windows: number; revision: number; drift: number; fetches: number };
  connections: number;
  seq: number;
  readOnly: boolean;
}

export interface HealthPoint {
  time: number;
  elements: number;
  revision: number;
  eventsPerSecond: number;
  connections: number;
}

const HISTORY = 60;
const LATENCY_SAMPLES = 500;

export const serverStats = signal<ServerStats | null>(null);
export const history = signal<HealthPoint[]>([]);
export const latencies = signal<{ read: number[]; action: number[] }>({ read: [], action: [] });

export function recordLatency(kind: 'read' | 'action', ms: number): void {
  const current = latencies.value;
  const next = [...current[kind], ms].slice(-LATENCY_SAMPLES);
  latencies.value = { ...current, [kind]: next };
}

/** The p-th percentile (0..100) by nearest rank; null for no samples. */
export function percentile(samples: readonly number[], p: number): number | null {
  if (samples.length === 0) return null;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? null;
}

/** Fold one stats sample into the rolling history. */
export function addSample(stats: ServerStats, now: number): void {
  const points = history.value;
  const last = points[points.length - 1];
  const elapsed = last === undefined ? 0 : (now - last.time) / 1000;
  const prevSeq = serverStats.value?.seq ?? stats.seq;
  const rate = elapsed > 0 ? Math.max(0, stats.seq - prevSeq) / elapsed : 0;
  serverStats.value = stats;
  history.value = [
    ...points,
    {
      time: now,
      elements: stats.cache.elements,
      revision: stats.cache.revision,
      eventsPerSecond: rate,
      connections: stats.connections,
    },
  ].slice(-HISTORY);
}
