/** Health: backend status, cache size and revision, event rate, clients, latency percentiles. */
import { history, latencies, percentile, serverStats, type HealthPoint } from './health-data.js';

function Spark({
  points,
  pick,
  label,
}: {
  points: HealthPoint[];
  pick: (p: HealthPoint) => number;
  label: string;
}) {
  const values = points.map(pick);
  const max = Math.max(1, ...values);
  const path = values
    .map(
      (v, i) =>
        `${i === 0 ? 'M' : 'L'}${(i / Math.max(1, values.length - 1)) * 100},${30 - (v / max) * 28}`,
    )
    .join(' ');
  const last = values[values.length - 1];
  return (
    <figure class="spark">
      <svg
        viewBox="0 0 100 30"
        preserveAspectRatio="none"
        role="img"
        aria-label={`${label}: ${last ?? '-'}`}
      >
        <path d={path} />
      </svg>
      <figcaption>
        {label}: <strong>{last === undefined ? '-' : Math.round(last * 10) / 10}</strong>
      </figcaption>
    </figure>
  );
}

const ms = (v: number | null): string => (v === null ? '-' : `${v.toFixed(1)} ms`);

export function HealthPanel() {
  const s = serverStats.value;
  const points = history.value;
  const { read, action } = latencies.value;
  return (
    <section class="panel" aria-labelledby="health-h" data-testid="health">
      <h2 id="health-h">Health</h2>
      {s === null ? (
        <p class="muted">Waiting for figures…</p>
      ) : (
        <p>
          backend <strong>{s.backend}</strong> · status{' '}
          <strong data-testid="backend-status">{s.status}</strong> · {s.cache.windows} windows ·
          drift {s.cache.drift}
        </p>
      )}
      <div class="sparks">
        <Spark points={points} pick={(p) => p.elements} label="cached elements" />
        <Spark points={points} pick={(p) => p.revision} label="revision" />
        <Spark points={points} pick={(p) => p.eventsPerSecond} label="events/s" />
        <Spark points={points} pick={(p) => p.connections} label="clients" />
      </div>
      <table class="props">
        <caption>Round-trip latency seen by this page</caption>
        <thead>
          <tr>
            <th scope="col">calls</th>
            <th scope="col">n</th>
            <th scope="col">p50</th>
            <th scope="col">p95</th>
            <th scope="col">p99</th>
          </tr>
        </thead>
        <tbody>
          {(
            [
              ['reads', read],
              ['actions', action],
            ] as const
          ).map(([name, xs]) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              <td>{xs.length}</td>
              <td>{ms(percentile(xs, 50))}</td>
              <td>{ms(percentile(xs, 95))}</td>
              <td>{ms(percentile(xs, 99))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
