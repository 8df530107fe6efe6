/**
 * The host side of the isolation: receives calls from the supervisor, runs them one at a time
 * against a HostOps implementation (the real UIA one, or a fake in tests), answers pings, and
 * forwards event batches. One call at a time on purpose (a UIA call stuck behind a modal
 * dialog must not pile others behind it unnoticed). Calls that may block run natively on pool
 * threads, so pings are answered during any operation; each pong carries the oldest native call
 * still in flight, and the supervisor restarts the host when one has not returned past its
 * limit (or when the pongs stop: a blocked synchronous call).
 */
import { parentPort } from 'node:worker_threads';
import { TimeoutError } from '../../errors.js';
import type { BackendEvent } from '../backend.js';
import type { FromHost, HostHello, HostNotice, HostOp, ToHost } from './uiaHostProtocol.js';
import type { NativeBusy } from './uiaProgress.js';
import { serializeError } from './uiaHostProtocol.js';

/** What a host implements. `emit` sends an already-batched list of events. */
export interface HostOps {
  /** Set up (COM, handlers); resolves with facts for the hello message. */
  init(
    emit: (batch: BackendEvent[]) => void,
    log: (message: string) => void,
    notice?: (notice: HostNotice) => void,
  ): Promise<HostHello['facts']>;
  call(op: HostOp, args: unknown, deadline: number): unknown;
  /** The oldest native call in flight (reported with each pong). */
  busy?(): NativeBusy | null;
  /** Release what the host holds; bounded by SHUTDOWN_MS. */
  shutdown(): void | Promise<void>;
}

/** Longest the host waits for its own shutdown before closing anyway. */
const SHUTDOWN_MS = 1_500;

async function shutdownWithin(ops: HostOps, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  try {
    await Promise.race([Promise.resolve(ops.shutdown()).catch(() => undefined), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The host's end of the channel: process IPC or a worker's parentPort. */
export interface HostPort {
  readonly mode: HostHello['mode'];
  send(message: FromHost): void;
  onMessage(handler: (message: ToHost) => void): void;
  close(): void;
}

/** The port of the current process or worker; throws when started any other way. */
export function currentHostPort(): HostPort {
  if (parentPort !== null) {
    const port = parentPort;
    return {
      mode: 'worker',
      send: (m) => port.postMessage(m),
      onMessage: (h) => port.on('message', h),
      close: () => port.close(),
    };
  }
  if (typeof process.send === 'function') {
    return {
      mode: 'process',
      send: (m) => void process.send?.(m),
      onMessage: (h) => process.on('message', (m) => h(m as ToHost)),
      close: () => process.disconnect?.(),
    };
  }
  throw new Error('the UIA host must run as a child process with IPC or as a worker');
}

async function answer(
  port: HostPort,
  ops: HostOps,
  message: Extract<ToHost, { t: 'call' }>,
): Promise<void> {
  const deadline = Date.now() + message.deadlineMs;
  try {
    if (message.deadlineMs <= 0) throw new TimeoutError(`${message.op}: deadline already passed`);
    const value: unknown = await ops.call(message.op, message.args, deadline);
    port.send({ t: 'result', id: message.id, value: value ?? null });
  } catch (err) {
    port.send({ t: 'error', id: message.id, error: serializeError(err) });
  }
}

/** Run a host until told to stop. Calls are answered strictly in order. */
export async function runHost(port: HostPort, ops: HostOps): Promise<void> {
  let queue: Promise<void> = Promise.resolve();
  let stopping = false;
  const log = (message: string): void => port.send({ t: 'log', level: 'info', message });
  port.onMessage((message) => {
    if (message.t === 'ping') port.send({ t: 'pong', id: message.id, busy: ops.busy?.() ?? null });
    else if (message.t === 'call') queue = queue.then(() => answer(port, ops, message));
    else if (!stopping) {
      stopping = true;
      void queue.then(async () => {
        await shutdownWithin(ops, SHUTDOWN_MS);
        port.close();
      });
    }
  });
  try {
    const facts = await ops.init(
      (batch) => port.send({ t: 'events', batch }),
      log,
      (notice) => port.send({ t: 'notice', notice }),
    );
    port.send({ t: 'ready', hello: { pid: process.pid, mode: port.mode, facts } });
  } catch (err) {
    port.send({ t: 'fatal', error: serializeError(err) });
    port.close();
  }
}
