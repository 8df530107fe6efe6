/**
 * The X server as a second signal for AT-SPI windows (see x11Windows.ts and windowMatch.ts):
 * a desktop listing leaves out the accessible windows no X window matches (hidden, not
 * destroyed: Qt keeps a closed dialog as a child of its app and says nothing), and a change in
 * the X view (a window mapped, unmapped or destroyed, the active window moved) re-lists the
 * desktop at once and activates the matching window; a shown window X no longer has is closed
 * before that re-list, which waits for its app: at once when its X window was destroyed or its
 * app says it hid it, else after a short grace (unmapGrace.ts), and a listing meanwhile keeps it.
 * An app that does not answer keeps its windows (atspiUnreadWindows.ts). Without an X display
 * (Wayland, a remote bus) the accessibility bus alone decides. Focus is not re-read here: the
 * toolkits announce focus moving into an activated window.
 */
import type { BackendEvent, BackendNode } from '../backend.js';
import {
  matchWindows,
  X11WindowWatcher,
  type AccessibleTopLevel,
  type XWindowView,
} from '../x11/index.js';
import type { CloseTargetTruth } from './atspiCloseTarget.js';
import type { MatchedWindow } from './atspiCoordinates.js';
import { DESKTOP_ID } from './atspiIds.js';
import { busNameOf, closedEvent, topLevelOf, withoutSubtrees } from './atspiTopLevels.js';
import { Wakeups } from './atspiWakeups.js';
import { WithdrawnWindows } from './atspiWithdrawn.js';
import { ShownWindows } from './atspiShownWindows.js';
import { flashedEvents } from './atspiFlashedWindows.js';
import { UnlistedWindows } from './atspiUnlistedWindows.js';
import { unreadAppsOf } from './atspiBulk.js';
import { carryUnreadWindows } from './atspiUnreadWindows.js';

/** How long an action's settle waits for windows mapped but not listed yet, by default. */
const UNLISTED_WAIT_MS = 1_000;

export class AtspiWindowTruth implements CloseTargetTruth {
  private readonly watcher: X11WindowWatcher;
  /** The desktop's windows as last listed, hidden ones included. */
  private listed: AccessibleTopLevel[] = [];
  /** An active window the X server reported that no listing has matched yet. */
  private pendingActive: number | null = null;

  /** Desktop listings made so far. */
  private listingsMade = 0;
  /** The windows on screen at the last listing. */
  private shown = new Set<string>();
  /** Woken at each desktop listing. */
  private readonly listings = new Wakeups();
  /** X windows mapped but not listed yet, chased with re-lists. */
  private readonly unlistedXs = new UnlistedWindows(() => this.relist());
  /** What X showed lately and whether a listing matched it, for an action's settle. */
  readonly shownLog = new ShownWindows();
  /** Shown windows the X view lost, held open while they may come back. */
  private readonly withdrawn = new WithdrawnWindows(
    (xid) => this.watcher.exists(xid),
    () => this.recheck(),
    (id) => this.appShows(id),
  );

  /**
   * `forgetApp` is told of every app whose windows came or went: Qt reuses the object paths of
   * deleted accessibles, so what was memoised about a path (its role) may belong to another
   * element now.
   */
  constructor(
    env: NodeJS.ProcessEnv,
    private readonly emit: (events: readonly BackendEvent[]) => void,
    private readonly forgetApp: (busName: string) => void,
    /** The app's own word on whether its window is still shown (atspiWindowShown.ts). */
    private readonly appShows: (id: string) => Promise<boolean | undefined>,
  ) {
    this.watcher = new X11WindowWatcher(env, {
      onChange: (view, previous) => this.changed(view, previous),
    });
  }

  /** Start watching the X server; false where there is none (the bus alone decides then). */
  start(): boolean {
    try {
      return this.watcher.start();
    } catch {
      return false;
    }
  }

  stop(): void {
    this.unlistedXs.stop();
    this.withdrawn.stop();
    this.watcher.stop();
  }

  get watching(): boolean {
    return this.watcher.running;
  }

  /** The X server's top-level windows now (empty without an X display). */
  view(): XWindowView {
    return this.watcher.running
      ? this.watcher.view()
      : { windows: [], active: null, managed: false };
  }

  /** Drain the X server's queued events now (an action's settle wants every change in). */
  pump(): void {
    this.watcher.pump();
  }

  /** Watch X closely for a while: an action ran, the windows it opens or closes are due. */
  hurry(): void {
    this.watcher.hurry();
  }

  /** Where the X server has top-level window `xid` (its client area), if it is one. */
  originOf(xid: number): { x: number; y: number } | undefined {
    const rect = this.watcher.view().windows.find((w) => w.xid === xid)?.rect;
    return rect === null || rect === undefined ? undefined : { x: rect.x, y: rect.y };
  }

  /** The last listing's accessible windows paired with the X windows they match now. */
  pairs(): MatchedWindow[] {
    if (!this.watcher.running) return [];
    const view = this.watcher.view();
    const byId = new Map(this.listed.map((w) => [w.id, w]));
    return [...this.match().byXid].flatMap(([xid, id]) => {
      const acc = byId.get(id);
      const x = view.windows.find((w) => w.xid === xid);
      return acc === undefined || x === undefined ? [] : [{ acc, x, active: view.active === xid }];
    });
  }

  /** A desktop listing without the windows the X server says are not on screen. */
  filterDesktop(listing: BackendNode[]): BackendNode[] {
    const desktop = listing[0];
    if (!this.watcher.running || desktop?.id !== DESKTOP_ID) return listing;
    const { nodes, carried } = carryUnreadWindows(listing, this.listed, unreadAppsOf(desktop));
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const read = desktop.children.flatMap((id) => byId.get(id) ?? []);
    this.listed = [...read.map(topLevelOf), ...carried];
    const { hidden, byXid } = this.match();
    this.shownLog.noteListed(byXid);
    this.withdrawn.noteXids(byXid, this.listed);
    const { closed, held } = this.withdrawn.judge(this.shown, hidden);
    for (const id of held) hidden.delete(id);
    // Closed as X said, or gone from its app (a Swing dialog destroyed before X unmapped it),
    // before this listing lands: a window on screen but not announced yet still opened.
    const ids = new Set(this.listed.map((w) => w.id));
    const gone = [...this.shown].filter((id) => !ids.has(id) && !closed.includes(id));
    if (closed.length + gone.length > 0)
      this.emit([...closed, ...gone].map((id) => closedEvent(id)));
    this.listingsMade++;
    this.listings.wakeAll();
    this.announceActive(byXid);
    this.unlistedXs.chase(this.watcher.view(), this.listed, byXid);
    this.noteShown(this.listed.filter((w) => !hidden.has(w.id)).map((w) => w.id));
    return hidden.size === 0 ? nodes : withoutSubtrees(nodes, hidden);
  }

  /**
   * After a reset (the cache re-reads everything), a listing read while the registry is away
   * must not close the windows it lacks: X still shows them (see recently-closed.ts).
   */
  forgetListing(): void {
    this.listed = [];
    this.noteShown([]);
  }

  /** The window as last listed (undefined: the last listing lacks it). */
  listedWindow(id: string): AccessibleTopLevel | undefined {
    return this.listed.find((w) => w.id === id);
  }

  listingCount(): number {
    return this.listingsMade;
  }

  /** Ask for a fresh desktop listing (the cache re-lists at this event). */
  relist(): void {
    this.emit([{ type: 'structure', change: 'invalidated', id: DESKTOP_ID }]);
  }

  /** Wait (bounded) until `holds()` is false, checked now and at each listing. */
  whileListing(holds: () => boolean, limitMs: number, signal?: AbortSignal): Promise<void> {
    return this.listings.whileHolds(holds, limitMs, signal);
  }

  /** The X client window of an accessible top-level window, matched against the view now. */
  xidOf(id: string): number | undefined {
    if (!this.watcher.running) return undefined;
    for (const [xid, acc] of this.match().byXid) if (acc === id) return xid;
    return undefined;
  }

  /** Accessible top-level windows by their X client window, as matched now. */
  byXid(): ReadonlyMap<number, string> {
    return this.watcher.running ? this.match().byXid : new Map();
  }

  /**
   * Wait, at most `limitMs`, until the app behind `busName` has no X window mapped lately that
   * no listed accessible window matches (atspiUnlistedWindows.ts): an action's changes are told
   * from the listing that holds it.
   */
  untilListed(busName: string, limitMs = UNLISTED_WAIT_MS): Promise<void> {
    return this.listings.whileHolds(() => this.unlisted(busName), limitMs);
  }

  /** Wait (bounded) for the X windows the app mapped since `since` (atspiShownWindows.ts). */
  untilShownListed(busName: string, since: number, limitMs: number) {
    const pid = this.listed.find((w) => busNameOf(w.id) === busName)?.pid;
    if (!this.watcher.running || pid === undefined) return Promise.resolve(undefined);
    this.watcher.pump();
    return this.shownLog.untilListed(pid, since, limitMs, this.listings);
  }

  /** Wait (bounded) until no window of the app behind `busName` is held open (atspiWithdrawn.ts). */
  untilJudged(busName: string): Promise<void> {
    return this.withdrawn.untilJudged((id) => busNameOf(id) === busName);
  }

  private unlisted(busName: string): boolean {
    if (!this.watcher.running) return false;
    const app = this.listed.filter((w) => busNameOf(w.id) === busName);
    return this.unlistedXs.young(this.watcher.view(), app, this.match().byXid).length > 0;
  }

  private busNameOfPid(pid: number): string | undefined {
    const win = this.listed.find((w) => w.pid === pid);
    return win === undefined ? undefined : busNameOf(win.id);
  }

  private match() {
    return matchWindows(this.listed, this.watcher.view(), (pid) => this.watcher.knows(pid));
  }

  /**
   * Re-list the desktop (windows come and go there). The active window is matched against that
   * fresh listing (a new dialog is not in the last one), so it is announced from there.
   */
  private changed(view: XWindowView, previous: XWindowView): void {
    if (view.active !== null && view.active !== previous.active) this.pendingActive = view.active;
    const now = performance.now();
    this.unlistedXs.noteView(view, now);
    const shownGone = this.shownLog.noteView(view, now);
    const gone = this.unmappedNow(view);
    this.emit([
      ...flashedEvents(shownGone, (pid) => this.busNameOfPid(pid)),
      ...gone.map((id) => closedEvent(id)),
      { type: 'structure', change: 'invalidated', id: DESKTOP_ID },
    ]);
  }

  /**
   * Windows shown at the last listing that no X window matches now and that no longer count as
   * open (unmapGrace.ts): closed from the last listing alone. The re-list that confirms it reads
   * the app, which may be busy for hundreds of ms destroying that very window (GTK 3's file
   * chooser).
   */
  private unmappedNow(view: XWindowView): string[] {
    const { hidden } = matchWindows(this.listed, view, (pid) => this.watcher.knows(pid));
    const gone = this.withdrawn.judge(this.shown, hidden).closed;
    if (gone.length > 0) this.noteShown([...this.shown].filter((id) => !gone.includes(id)));
    return gone;
  }

  /** Close the held windows that X destroyed or did not show again in time. */
  private recheck(): void {
    if (!this.watcher.running) return;
    this.watcher.pump();
    const gone = this.unmappedNow(this.watcher.view());
    if (gone.length === 0) return;
    this.emit([
      ...gone.map((id) => closedEvent(id)),
      { type: 'structure', change: 'invalidated', id: DESKTOP_ID },
    ]);
  }

  private noteShown(ids: readonly string[]): void {
    const now = new Set(ids);
    const apps = new Set<string>();
    for (const id of now) if (!this.shown.has(id)) apps.add(busNameOf(id));
    for (const id of this.shown) if (!now.has(id)) apps.add(busNameOf(id));
    this.shown = now;
    for (const app of apps) this.forgetApp(app);
  }

  /** Announce the active window the X view reported, once a listing holds it. */
  private announceActive(byXid: ReadonlyMap<number, string>): void {
    if (this.pendingActive === null) return;
    const id = byXid.get(this.pendingActive);
    if (id === undefined) return;
    this.pendingActive = null;
    // Focus moved into it, and a toolkit may not say so (Qt, after a dialog closed itself):
    // its re-read brings the focused element.
    this.emit([
      { type: 'window.activated', id },
      { type: 'structure', change: 'invalidated', id },
    ]);
  }
}
