/**
 * The platform's own event and the least a client does on it, as an independent client sees
 * them: a plain dbus-next connection of its own to the accessibility bus (none of the backend's
 * code), with a match rule for one element's `StateChanged` signals. It notes when the app's
 * signal arrives and, at once, re-reads the element's states with one GetState call, as any
 * client must that keeps whole states (the signal carries one bit); the backend's own re-read
 * starts from the same signal, so both meet the same app and the same stalls.
 */
import dbus from 'dbus-next';

const { Message } = dbus;

/** performance.now() of the signal's arrival and of the raw re-read's reply. */
export interface RawStateTimes {
  signalAt: number;
  readAt: number;
}

export interface RawStateSignal {
  /** Expect the element's next `detail` state change; null when none came within the deadline. */
  expect(deadlineMs: number): Promise<RawStateTimes | null>;
  stop(): void;
}

async function connect(address: string, signal: AbortSignal) {
  const bus = dbus.sessionBus({ busAddress: address });
  await new Promise<void>((resolve, reject) => {
    bus.on('connect', () => resolve());
    bus.on('error', reject);
    signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
  });
  return bus;
}

export async function rawStateSignal(
  address: string,
  [sender, path]: readonly [string, string],
  detail: string,
  signal: AbortSignal,
): Promise<RawStateSignal> {
  const bus = await connect(address, signal);
  const call = (destination: string, at: string, iface: string, member: string, body?: string) =>
    bus.call(
      new Message({
        destination,
        path: at,
        interface: iface,
        member,
        ...(body === undefined ? {} : { signature: 's', body: [body] }),
      }),
    );
  let waiting: ((times: RawStateTimes | null) => void) | undefined;
  bus.on('message', (msg) => {
    if (msg.type !== dbus.MessageType.SIGNAL || msg.member !== 'StateChanged') return;
    if (msg.sender !== sender || msg.path !== path || msg.body[0] !== detail) return;
    const signalAt = performance.now();
    const done = waiting;
    waiting = undefined;
    void call(sender, path, 'org.a11y.atspi.Accessible', 'GetState').then(
      () => done?.({ signalAt, readAt: performance.now() }),
      () => done?.(null),
    );
  });
  const rule =
    `type='signal',sender='${sender}',interface='org.a11y.atspi.Event.Object',` +
    `member='StateChanged',path='${path}'`;
  await call(
    'org.freedesktop.DBus',
    '/org/freedesktop/DBus',
    'org.freedesktop.DBus',
    'AddMatch',
    rule,
  );
  return {
    expect: (deadlineMs) =>
      new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiting = undefined;
          resolve(null);
        }, deadlineMs);
        waiting = (times) => {
          clearTimeout(timer);
          resolve(times);
        };
      }),
    stop: () => bus.disconnect(),
  };
}
