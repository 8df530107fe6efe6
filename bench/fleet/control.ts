/**
 * The control path of the latency phase: a publisher in its own process (no uistream code)
 * stores a small stamped message every 10 ms in a stream of the same nats-server, file-backed
 * like the fleet's, and the bench process consumes it as it consumes the fleet's events. The
 * fleet's events take the same two broker steps (stored, then delivered to a consumer), so
 * what the control sees is what this machine gives any stored message at that moment: the
 * baseline of the fleet's event latency, which then measures uistream's own share.
 */
import type { ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type ConsumerMessages,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
} from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { preciseNow } from '../../src/fleet/batch.js';
import { percentile, trialsOf, type Timed } from '../lib/stats.js';
import { nextMessage, spawnChild } from './child.js';
import { type ClockOffset, clockOffset } from './clock.js';

const CONTROL_STREAM = 'FLEET_BENCH_CONTROL';
const CONTROL_SUBJECT = 'fleet-bench.control';
const CONTROL_PERIOD_MS = 10;
const START_DEADLINE_MS = 30_000;
const WHAT = 'control publisher';
const PUBLISHER = join(dirname(fileURLToPath(import.meta.url)), 'control-publisher.ts');

/** From when something was stamped to when the bench process held it (bench clock). */
interface Span {
  from: number;
  to: number;
}

const ms = (x: number): number => Number(x.toFixed(3));

export class ControlPath {
  private readonly spans: Span[] = [];
  private measuring = false;
  private messages: ConsumerMessages | null = null;

  private constructor(
    private readonly child: ChildProcess,
    private readonly clock: ClockOffset,
  ) {}

  static async start(natsUrl: string, nc: NatsConnection): Promise<ControlPath> {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.add({
      name: CONTROL_STREAM,
      subjects: [CONTROL_SUBJECT],
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
    });
    const consumer = await jetstream(nc).consumers.get(CONTROL_STREAM, {
      deliver_policy: DeliverPolicy.New,
    });
    const child = spawnChild(PUBLISHER, [natsUrl, CONTROL_SUBJECT, String(CONTROL_PERIOD_MS)]);
    await nextMessage(child, (m) => m.ready === true, START_DEADLINE_MS, WHAT);
    const ask = async (): Promise<number> => {
      const reply = nextMessage(child, (m) => typeof m.now === 'number', START_DEADLINE_MS, WHAT);
      child.send({ cmd: 'clock' });
      return (await reply).now as number;
    };
    const control = new ControlPath(child, await clockOffset(ask, 20));
    control.messages = await consumer.consume();
    void control.read(control.messages);
    return control;
  }

  private async read(messages: ConsumerMessages): Promise<void> {
    for await (const m of messages) this.take(m.json());
  }

  private take(message: { at: number }): void {
    if (!this.measuring) return;
    this.spans.push({ from: message.at - this.clock.offsetMs, to: preciseNow() });
  }

  measure(on: boolean): void {
    this.measuring = on;
  }

  /** Each message's latency at the time the bench process held it. */
  latencies(): Timed[] {
    return this.spans.map((s) => ({ at: s.to, value: s.to - s.from }));
  }

  /** `p99s`: the p99 of each trial window, in step with the events' (eventLatency). */
  summary(p99s: number[]) {
    const latencies = this.spans.map((s) => s.to - s.from);
    return {
      periodMs: CONTROL_PERIOD_MS,
      messages: latencies.length,
      p50Ms: ms(percentile(latencies, 50)),
      p99Ms: trialsOf(p99s),
      maxMs: ms(Math.max(...latencies)),
    };
  }

  async stop(): Promise<void> {
    await this.messages?.close();
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send({ cmd: 'stop' });
    const timer = setTimeout(() => this.child.kill('SIGKILL'), START_DEADLINE_MS);
    await exited;
    clearTimeout(timer);
  }
}
