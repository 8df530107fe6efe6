/**
 * What a call to an app is, as the guard judges it: its name as toolkit policies write it,
 * whether it reads, and whether its error is the app's own answer or a lost call.
 */
import type { CallSpec } from './atspiBus.js';

export const ATSPI_PREFIX = 'org.a11y.atspi.';
export const PROPERTIES_IFACE = 'org.freedesktop.DBus.Properties';

/** `Interface.Member`, or `Interface.Property` for Properties.Get/Set, as policies name calls. */
export function callNameOf(spec: CallSpec): string {
  if (spec.iface === PROPERTIES_IFACE && (spec.member === 'Get' || spec.member === 'Set')) {
    const [iface, prop] = spec.body ?? [];
    return `${String(iface).replace(ATSPI_PREFIX, '')}.${String(prop)}`;
  }
  return `${spec.iface.replace(ATSPI_PREFIX, '')}.${spec.member}`;
}

/**
 * Reads are what the guard learns about: an action that wedges an app (a modal loop inside
 * DoAction) quarantines it, but actions stay allowed (the executor decides how to act).
 */
export function isRead(spec: CallSpec): boolean {
  return spec.member.startsWith('Get');
}

const NOT_AN_ANSWER = /\.(NoReply|Disconnected|ServiceUnknown|NameHasNoOwner|Timeout|TimedOut)$/;

/** An error reply the app itself sent, as opposed to a lost or timed-out call. */
export const answeredWithError = (type: string): boolean =>
  type !== '' && !NOT_AN_ANSWER.test(type);

/** The D-Bus error name behind a mapped error ('' when there is none). */
export function dbusErrorName(err: unknown): string {
  const cause = err instanceof Error ? (err.cause as { type?: unknown } | undefined) : undefined;
  return typeof cause?.type === 'string' ? cause.type : '';
}
