/**
 * Single-property reads (`org.freedesktop.DBus.Properties.Get`) for the action and event paths.
 * `GetAll` is never used here: Qt5's bridge segfaults on `GetAll Accessible` and Chromium aborts
 * on `GetAll Value`, while one `Get` at a time works on every toolkit measured.
 */
import type { AtspiBus, ObjectRef } from './atspiBus.js';

const A = 'org.a11y.atspi.';

/** One property's value (the variant unwrapped). */
export async function getProp(
  bus: AtspiBus,
  ref: ObjectRef,
  iface: string,
  property: string,
  signal: AbortSignal,
): Promise<unknown> {
  const [reply] = await bus.call(
    {
      dest: ref[0],
      path: ref[1],
      iface: 'org.freedesktop.DBus.Properties',
      member: 'Get',
      signature: 'ss',
      body: [A + iface, property],
    },
    signal,
  );
  return (reply as { value?: unknown } | undefined)?.value;
}

/** Several properties of one interface, read one `Get` each, in parallel. */
export async function getProps<K extends string>(
  bus: AtspiBus,
  ref: ObjectRef,
  iface: string,
  properties: readonly K[],
  signal: AbortSignal,
): Promise<Record<K, unknown>> {
  const values = await Promise.all(
    properties.map((p) => getProp(bus, ref, iface, p, signal).catch(() => undefined)),
  );
  return Object.fromEntries(properties.map((p, i) => [p, values[i]])) as Record<K, unknown>;
}

/** A Value interface's current, minimum, maximum and step, as numbers (0 when unreadable). */
export async function readRange(
  bus: AtspiBus,
  ref: ObjectRef,
  signal: AbortSignal,
): Promise<{ value: number; min: number; max: number; step: number }> {
  const v = await getProps(
    bus,
    ref,
    'Value',
    ['CurrentValue', 'MinimumValue', 'MaximumValue', 'MinimumIncrement'],
    signal,
  );
  const num = (x: unknown): number => (Number.isFinite(Number(x)) ? Number(x) : 0);
  return {
    value: num(v.CurrentValue),
    min: num(v.MinimumValue),
    max: num(v.MaximumValue),
    step: num(v.MinimumIncrement),
  };
}
