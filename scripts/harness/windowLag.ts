/**
 * Window-change lag for the liveness bench, from three independent clocks in one process:
 * - the X server: an own X connection polled every 2 ms sees a titled top-level of the app
 *   mapped or unmapped (the reference instant of every change);
 * - the cache: the first patch batch after which `windows.list` shows the change (`list`), and
 *   the `window.opened` / `window.closed` patch, sent once a new window's contents are read
 *   (`announce`);
 * - the toolkit: the first AT-SPI window signal (Window:*, or children-changed of an app root)
 *   on an own bus connection, i.e. when the toolkit itself said something about it (`toolkit`;
 *   negative where it spoke before the X server mapped the window), and when it first answered
 *   a call made the moment X mapped a window (`answer`: the app's own busy time, the least any
 *   read of the new window can take). A toolkit that says nothing (a Qt dialog hidden by its
 *   Close button) has no toolkit delay for that change.
 */
import type { PatchBatch } from '../../protocol/src/index.js';
import { AtspiBus } from '../../src/backends/atspi/atspiBus.js';
import { X11WindowWatcher, type XWindowView } from '../../src/backends/x11/index.js';
import { rawWindowReader, type TimedLags } from './windowRawRead.js';
import type { TruthStack } from './windowTruth.js';

/** Toolkit signals this long before the X change still count as about it. */
const TOOLKIT_EARLY_MS = 100;
/** Toolkit signals later than this after the X change are about something else. */
const TOOLKIT_LATE_MS = 2_000;

/**
 * Pairs each X transition of a titled window with another clock's, in order, per key. A window
 * X closed while the other clock never showed it open is counted as missed (its open and close
 * are not paired with later ones, which would read as lags of whole rounds).
 */
export class LagPairs {
  readonly lags: number[] = [];
  /** The same lags split: windows coming (the app must answer) and going (X alone decides). */
  readonly opens: number[] = [];
  readonly closes: number[] = [];
  /** The X server's instant of each open in `opens`, in the same order (pairs the clocks). */
  readonly openedAt: number[] = [];
  /** The X server's instant of each close in `closes`, in the same order. */
  readonly closedAt: number[] = [];
  missed = 0;
  private readonly pending = new Map<string, { side: 'x' | 'other'; at: number }[]>();

  note(side: 'x' | 'other', key: string, at: number): void {
    if (side === 'x' && key.startsWith('close ')) {
      const opens = this.pending.get(`open ${key.slice('close '.length)}`);
      if (opens?.[0]?.side === 'x') {
        opens.shift();
        this.missed++;
        return;
      }
    }
    const queue = this.pending.get(key) ?? [];
    const first = queue[0];
    if (first !== undefined && first.side !== side) {
      queue.shift();
      const lag = side === 'other' ? at - first.at : first.at - at;
      this.lags.push(lag);
      const xAt = side === 'x' ? at : first.at;
      if (key.startsWith('open ')) {
        this.opens.push(lag);
        this.openedAt.push(xAt);
      } else {
        this.closes.push(lag);
        this.closedAt.push(xAt);
      }
    } else queue.push({ side, at });
    this.pending.set(key, queue);
  }
}

export interface LagWatch {
  list: LagPairs;
  announce: LagPairs;
  /** Delay from each X change to the toolkit's first window signal after it. */
  toolkit(): number[];
  /** Delay from each X map to the app's answer to a call made then. */
  answers: number[];
  /** Delay from each X map to the end of an independent raw walk of that window. */
  rawReads: TimedLags;
  /** Delay from each X map to an independent client finding that window listed and VISIBLE. */
  rawLists: TimedLags;
  /** Delay from each X unmap to an independent client finding no VISIBLE window so named. */
  rawCloses: TimedLags;
  stop(): void;
}

const titlesOf = (view: XWindowView, pid: number): Set<string> =>
  new Set(view.windows.filter((w) => w.pid === pid && !w.popup).map((w) => w.title));

function diffTitles(now: Set<string>, before: Set<string>, note: (key: string) => void): void {
  for (const t of now) if (!before.has(t)) note(`open ${t}`);
  for (const t of before) if (!now.has(t)) note(`close ${t}`);
}

/** Start the three clocks on a running stack. */
export async function watchLag(stack: TruthStack, signal: AbortSignal): Promise<LagWatch> {
  const list = new LagPairs();
  const announce = new LagPairs();
  const xChanges: number[] = [];
  const toolkitSignals: number[] = [];
  const answers: number[] = [];
  // Known once the own bus connection is up and the app has sent a window signal.
  const link: { bus?: AtspiBus; app?: string } = {};
  const ask = (at: number): void => {
    const { bus, app } = link;
    if (bus === undefined || app === undefined) return;
    const path = '/org/a11y/atspi/accessible/root';
    const body = ['org.a11y.atspi.Accessible', 'ChildCount'];
    const get = { dest: app, path, iface: 'org.freedesktop.DBus.Properties', member: 'Get' };
    bus.call({ ...get, signature: 'ss', body }, signal).then(
      () => answers.push(performance.now() - at),
      () => undefined,
    );
  };
  const raw = await rawWindowReader(stack.desktop.a11yBusAddress, signal);
  const watcher = new X11WindowWatcher(stack.desktop.env, {
    pollMs: 2,
    onChange: (view, previous) => {
      const at = performance.now();
      diffTitles(titlesOf(view, stack.app.pid), titlesOf(previous, stack.app.pid), (key) => {
        xChanges.push(at);
        if (key.startsWith('open ')) {
          ask(at);
          if (link.app !== undefined) raw.read(link.app, key.slice('open '.length), at);
        } else if (link.app !== undefined) raw.gone(link.app, key.slice('close '.length), at);
        list.note('x', key, at);
        announce.note('x', key, at);
      });
    },
  });
  watcher.start();
  let listed = new Set(stack.cacheTitles());
  const subscription = stack.cache.patches$.subscribe((batch: PatchBatch) => {
    const at = performance.now();
    const now = new Set(stack.cacheTitles());
    diffTitles(now, listed, (key) => list.note('other', key, at));
    listed = now;
    for (const p of batch.patches) {
      if (p.op === 'window.opened') announce.note('other', `open ${p.window.title}`, at);
      if (p.op === 'window.closed') announce.note('other', `close ${p.title}`, at);
    }
  });
  const own = await AtspiBus.connect(
    stack.desktop.a11yBusAddress,
    { concurrency: 2, callTimeoutMs: 5_000 },
    signal,
  );
  link.bus = own;
  await own.addMatch("type='signal',interface='org.a11y.atspi.Event.Window'", signal);
  await own.addMatch("type='signal',interface='org.a11y.atspi.Event.Object'", signal);
  const adopt = async (sender: string): Promise<void> => {
    const pidOf = { dest: 'org.freedesktop.DBus', path: '/org/freedesktop/DBus' };
    const [pid] = await own
      .call(
        {
          ...pidOf,
          iface: 'org.freedesktop.DBus',
          member: 'GetConnectionUnixProcessID',
          signature: 's',
          body: [sender],
        },
        signal,
      )
      .catch(() => [undefined]);
    if (pid === stack.app.pid) link.app = sender;
  };
  const busSub = own.signals$.subscribe((msg) => {
    const windowSignal = msg.interface === 'org.a11y.atspi.Event.Window';
    const rootChildren =
      msg.member === 'ChildrenChanged' && (msg.path ?? '').endsWith('/accessible/root');
    if (!windowSignal && !rootChildren) return;
    toolkitSignals.push(performance.now());
    // The fixture is the desktop's one app: its window signals name its bus. Swing's ATK
    // bridge sends none, only its root's children-changed (so does the registry): ask whose.
    if (windowSignal && msg.sender !== undefined) link.app = msg.sender;
    else if (link.app === undefined && msg.sender !== undefined) void adopt(msg.sender);
  });
  return {
    list,
    announce,
    toolkit: () => toolkitDelays(xChanges, toolkitSignals),
    answers,
    rawReads: raw.reads,
    rawLists: raw.lists,
    rawCloses: raw.closes,
    stop: () => {
      raw.stop();
      busSub.unsubscribe();
      own.disconnect();
      subscription.unsubscribe();
      watcher.stop();
    },
  };
}

/** For each X change, the first toolkit signal from shortly before it on, if one came. */
function toolkitDelays(xChanges: readonly number[], signals: readonly number[]): number[] {
  const delays: number[] = [];
  for (const x of xChanges) {
    const first = signals.find((s) => s >= x - TOOLKIT_EARLY_MS);
    if (first !== undefined && first - x <= TOOLKIT_LATE_MS) delays.push(first - x);
  }
  return delays;
}
