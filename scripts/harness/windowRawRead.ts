/**
 * The baselines for listing and reading a new window in the liveness bench: an independent reader
 * on its own bus connection that, from the instant the X server maps a titled window, asks the
 * app for its top-level windows until one with that name is VISIBLE (found: the least a listing
 * of the window can take) and walks its subtree element by element (child list, role, states and
 * name of each, siblings in parallel under the same cap as the server's bus), as a plain AT-SPI
 * client would; and, from the instant the X server unmaps it, asks until no window so named is
 * VISIBLE (gone: the least noticing the close can take). Started at the same instant as the
 * cache's own read, against the same busy app, so the ratio of the two says what the cache adds.
 */
import { AtspiBus, type ObjectRef } from '../../src/backends/atspi/atspiBus.js';
import { hasState, STATE_BIT } from '../../src/backends/atspi/atspiRoles.js';

const ROOT = '/org/a11y/atspi/accessible/root';
const ACCESSIBLE = 'org.a11y.atspi.Accessible';
/** The server's own bus cap (atspiBackend.ts): the same parallelism on both sides. */
const CONCURRENCY = 32;
/** A window not found named within this is not counted (the toolkit never exposed it). */
const FIND_DEADLINE_MS = 5_000;

/** Lags from X maps, with the X instant each is timed from (the same instants the cache's are). */
export interface TimedLags {
  lags: number[];
  at: number[];
}

export interface RawWindowReader {
  /** Read the window titled `title` of app `busName`, timed from `at`; resolves once done. */
  read(busName: string, title: string, at: number): void;
  /** Milliseconds from each X map to the raw read's end, for the windows it found. */
  readonly reads: TimedLags;
  /** Milliseconds from each X map to finding that window listed and VISIBLE on the bus. */
  readonly lists: TimedLags;
  /** Watch the window titled `title` of app `busName` go, timed from the X unmap at `at`. */
  gone(busName: string, title: string, at: number): void;
  /** Milliseconds from each X unmap to finding no window so named VISIBLE on the bus. */
  readonly closes: TimedLags;
  stop(): void;
}

export async function rawWindowReader(
  address: string,
  signal: AbortSignal,
): Promise<RawWindowReader> {
  const bus = await AtspiBus.connect(
    address,
    { concurrency: CONCURRENCY, callTimeoutMs: 5_000 },
    signal,
  );
  const reads: TimedLags = { lags: [], at: [] };
  const lists: TimedLags = { lags: [], at: [] };
  const closes: TimedLags = { lags: [], at: [] };
  const record = (into: TimedLags, at: number): void => {
    into.lags.push(performance.now() - at);
    into.at.push(at);
  };
  const call = (ref: ObjectRef, member: string, iface = ACCESSIBLE, body?: unknown[]) =>
    bus.call(
      {
        dest: ref[0],
        path: ref[1],
        iface,
        member,
        ...(body === undefined ? {} : { signature: 'ss', body }),
      },
      signal,
    );
  const children = async (ref: ObjectRef): Promise<ObjectRef[]> =>
    ((await call(ref, 'GetChildren'))[0] ?? []) as ObjectRef[];
  const name = async (ref: ObjectRef): Promise<string> => {
    const [variant] = await call(ref, 'Get', 'org.freedesktop.DBus.Properties', [
      ACCESSIBLE,
      'Name',
    ]);
    const value = (variant as { value?: unknown } | undefined)?.value;
    return typeof value === 'string' ? value : '';
  };
  const visible = async (ref: ObjectRef): Promise<boolean> => {
    const [words] = await call(ref, 'GetState');
    return hasState((words ?? []) as number[], STATE_BIT.VISIBLE);
  };
  /**
   * The app's top-level window named `title` that its toolkit calls VISIBLE (Qt keeps a hidden
   * dialog listed under its name), asked again until it is there.
   */
  const shownNamed = async (busName: string, title: string): Promise<ObjectRef | undefined> => {
    const windows = await children([busName, ROOT]);
    const names = await Promise.all(windows.map((w) => name(w).catch(() => '')));
    const named = windows.filter((_w, i) => names[i] === title);
    const shown = await Promise.all(named.map((w) => visible(w).catch(() => false)));
    return named.find((_w, i) => shown[i]);
  };
  const find = async (busName: string, title: string, at: number): Promise<ObjectRef | null> => {
    while (performance.now() - at < FIND_DEADLINE_MS && !signal.aborted) {
      const found = await shownNamed(busName, title);
      if (found !== undefined) return found;
    }
    return null;
  };
  /** Asks until the app lists no VISIBLE window so named (gone, or hidden as Qt keeps them). */
  const vanish = async (busName: string, title: string, at: number): Promise<boolean> => {
    while (performance.now() - at < FIND_DEADLINE_MS && !signal.aborted) {
      if ((await shownNamed(busName, title)) === undefined) return true;
    }
    return false;
  };
  const walk = async (ref: ObjectRef): Promise<number> => {
    const [kids] = await Promise.all([
      children(ref),
      call(ref, 'GetRole'),
      call(ref, 'GetState'),
      name(ref),
    ]);
    const counts = await Promise.all(kids.map((k) => walk(k).catch(() => 0)));
    return 1 + counts.reduce((a, b) => a + b, 0);
  };
  return {
    reads,
    lists,
    read: (busName, title, at) => {
      void find(busName, title, at)
        .then(async (win) => {
          if (win === null) return;
          record(lists, at);
          await walk(win);
          record(reads, at);
        })
        .catch(() => undefined);
    },
    closes,
    gone: (busName, title, at) => {
      void vanish(busName, title, at)
        .then((done) => done && record(closes, at))
        .catch(() => undefined);
    },
    stop: () => bus.disconnect(),
  };
}
