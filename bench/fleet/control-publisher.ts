/**
 * The fleet bench's control path (see control.ts): a process with no uistream code in it that
 * publishes a small stamped message through the same nats-server at a steady pace, until the
 * bench process says stop. argv: the server's URL, the subject, the period in ms.
 */
import { connect } from '@nats-io/transport-node';

/** About a small event batch's body. */
const PADDING = 'x'.repeat(300);
/** The clock the nodes stamp their events with (src/fleet/batch.ts). */
const now = (): number => performance.timeOrigin + performance.now();

async function main(): Promise<void> {
  const [url, subject, period] = process.argv.slice(2);
  if (url === undefined || subject === undefined || !(Number(period) > 0)) {
    throw new Error('usage: control-publisher <nats-url> <subject> <period-ms>');
  }
  const nc = await connect({ servers: url, name: 'fleet-bench-control' });
  const timer = setInterval(() => {
    nc.publish(subject, JSON.stringify({ at: now(), padding: PADDING }));
  }, Number(period));
  process.on('message', (m) => {
    if ((m as { cmd?: string }).cmd === 'clock') return void process.send?.({ now: now() });
    clearInterval(timer);
    void nc.drain().then(() => process.exit(0));
  });
  process.send?.({ ready: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
