/**
 * The fleet bench's control path (see control.ts): a process with no uistream code in it that
 * stores a small stamped message in a JetStream stream of the same nats-server at a steady
 * pace, as a node stores its event batches, until the bench process says stop. argv: the
 * server's URL, the subject, the period in ms.
 */
import { jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';

/** About a small event batch's body. */
const PADDING = 'x'.repeat(300);
/** As a node's publisher waits for a batch's acknowledgement. */
const ACK_TIMEOUT_MS = 5_000;
/** The clock the nodes stamp their events with (src/fleet/batch.ts). */
const now = (): number => performance.timeOrigin + performance.now();

async function main(): Promise<void> {
  const [url, subject, period] = process.argv.slice(2);
  if (url === undefined || subject === undefined || !(Number(period) > 0)) {
    throw new Error('usage: control-publisher <nats-url> <subject> <period-ms>');
  }
  const nc = await connect({ servers: url, name: 'fleet-bench-control' });
  const js = jetstream(nc);
  let sent = 0;
  const timer = setInterval(() => {
    const body = JSON.stringify({ at: now(), padding: PADDING });
    // A lost control message only thins the baseline's sample; the count is printed.
    js.publish(subject, body, { msgID: `control-${sent++}`, timeout: ACK_TIMEOUT_MS }).catch(
      () => undefined,
    );
  }, Number(period));
  process.on('message', (m) => {
    const cmd = (m as { cmd?: string }).cmd;
    if (cmd === 'clock') return void process.send?.({ now: now() });
    clearInterval(timer);
    void nc.drain().then(() => process.exit(0));
  });
  process.send?.({ ready: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
