/**
 * The control path of the latency phase: a plain NATS publisher in its own process (no
 * uistream code) sends a small stamped message through the same nats-server to the bench
 * process every 10 ms while the fleet runs. What it sees is what this machine gives any
 * message at that moment, so a late uistream event can be told apart: late while a plain
 * message was late too (the machine held everyone up), or late on its own.
 */
import type { ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { preciseNow } from '../../src/fleet/batch.js';
import { percentile } from '../ws/clients.js';
import { nextMessage, spawnChild } from './child.js';
import { type ClockOffset, clockOffset } from './clock.js';

const CONTROL_SUBJECT = 'fleet-bench.control';
const CONTROL_PERIOD_MS = 10;
/** A control message this late marks a window in which the machine held messages up. */
const HELD_UP_MS = 5;
const START_DEADLINE_MS = 30_000;
const WHAT = 'control publisher';
const PUBLISHER = join(dirname(fileURLToPath(import.meta.url)), 'control-publisher.ts');

/** From when something was stamped to when the bench process held it (bench clock). */
export interface Span {
  from: number;
  to: number;
}

const ms = (x: number): number => Number(x.toFixed(3));

export class ControlPath {
  private readonly spans: Span[] = [];
  private measuring = false;
  private sub: Subscription | null = null;

  private constructor(
    private readonly child: ChildProcess,
    private readonly clock: ClockOffset,
  ) {}

  static async start(natsUrl: string, nc: NatsConnection): Promise<ControlPath> {
    const child = spawnChild(PUBLISHER, [natsUrl, CONTROL_SUBJECT, String(CONTROL_PERIOD_MS)]);
    await nextMessage(child, (m) => m.ready === true, START_DEADLINE_MS, WHAT);
    const ask = async (): Promise<number> => {
      const reply = nextMessage(child, (m) => typeof m.now === 'number', START_DEADLINE_MS, WHAT);
      child.send({ cmd: 'clock' });
      return (await reply).now as number;
    };
    const control = new ControlPath(child, await clockOffset(ask, 20));
    control.sub = nc.subscribe(CONTROL_SUBJECT, { callback: (_err, m) => control.take(m.json()) });
    return control;
  }

  private take(message: { at: number }): void {
    if (!this.measuring) return;
    this.spans.push({ from: message.at - this.clock.offsetMs, to: preciseNow() });
  }

  measure(on: boolean): void {
    this.measuring = on;
  }

  /** Spans that also overlap a window in which a control message was held up. */
  heldUpWith(spans: Span[]): number {
    const held = this.spans.filter((s) => s.to - s.from > HELD_UP_MS);
    return spans.filter((e) => held.some((c) => e.from < c.to && c.from < e.to)).length;
  }

  summary() {
    const latencies = this.spans.map((s) => s.to - s.from).sort((a, b) => a - b);
    return {
      periodMs: CONTROL_PERIOD_MS,
      messages: latencies.length,
      p50Ms: ms(percentile(latencies, 50)),
      p99Ms: ms(percentile(latencies, 99)),
      maxMs: ms(latencies[latencies.length - 1] ?? NaN),
      over10Ms: latencies.filter((l) => l > 10).length,
      heldUpOver5Ms: latencies.filter((l) => l > HELD_UP_MS).length,
    };
  }

  /**
   * The control path with nothing else running: what this machine gives a plain message at
   * rest, the floor under the fleet's own figures (the VM delays even this one now and then).
   */
  static async alone(natsUrl: string, nc: NatsConnection, ms: number) {
    const control = await ControlPath.start(natsUrl, nc);
    try {
      control.measure(true);
      await new Promise((resolve) => setTimeout(resolve, ms));
      control.measure(false);
      return { seconds: ms / 1000, ...control.summary() };
    } finally {
      await control.stop();
    }
  }

  async stop(): Promise<void> {
    this.sub?.unsubscribe();
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send({ cmd: 'stop' });
    const timer = setTimeout(() => this.child.kill('SIGKILL'), START_DEADLINE_MS);
    await exited;
    clearTimeout(timer);
  }
}
