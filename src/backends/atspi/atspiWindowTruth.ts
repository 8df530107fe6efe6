/**
 * The X server as a second signal for AT-SPI windows (see x11Windows.ts and windowMatch.ts):
 * a desktop listing leaves out the accessible windows no X window matches (hidden, not
 * destroyed: Qt keeps a closed dialog as a child of its app and says nothing), and a change in
 * the X view (a window mapped, unmapped or destroyed, the active window moved) re-lists the
 * desktop at once, activates the matching window and re-reads the windows of the processes
 * involved, so focus is read again where it went back. Without an X display (Wayland, a remote
 * bus) nothing changes: the accessibility bus alone decides.
 */
import type { BackendEvent, BackendNode } from '../backend.js';
import {
  matchWindows,
  X11WindowWatcher,
  type AccessibleTopLevel,
  type XWindowView,
} from '../x11/index.js';
import { DESKTOP_ID } from './atspiIds.js';

export class AtspiWindowTruth {
  private readonly watcher: X11WindowWatcher;
  /** The desktop's windows as last listed, hidden ones included. */
  private listed: AccessibleTopLevel[] = [];

  constructor(
    env: NodeJS.ProcessEnv,
    private readonly emit: (events: readonly BackendEvent[]) => void,
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
    this.watcher.stop();
  }

  /** Drain the X server's queued events now (an action's settle wants every change in). */
  pump(): void {
    this.watcher.pump();
  }

  /** A desktop listing without the windows the X server says are not on screen. */
  filterDesktop(nodes: BackendNode[]): BackendNode[] {
    const desktop = nodes[0];
    if (!this.watcher.running || desktop === undefined || desktop.id !== DESKTOP_ID) return nodes;
    const byId = new Map(nodes.map((n) => [n.id, n]));
    this.listed = desktop.children.flatMap((id) => {
      const node = byId.get(id);
      return node === undefined ? [] : [topLevelOf(node)];
    });
    const { hidden } = matchWindows(this.listed, this.watcher.view(), (pid) =>
      this.watcher.knows(pid),
    );
    return hidden.size === 0 ? nodes : withoutSubtrees(nodes, hidden);
  }

  private changed(view: XWindowView, previous: XWindowView): void {
    const events: BackendEvent[] = [{ type: 'structure', change: 'invalidated', id: DESKTOP_ID }];
    const match = matchWindows(this.listed, view, (pid) => this.watcher.knows(pid));
    const active = view.active === null ? undefined : match.byXid.get(view.active);
    if (active !== undefined && view.active !== previous.active) {
      events.push({ type: 'window.activated', id: active });
    }
    const before = new Set(previous.windows.map((w) => w.xid));
    const after = new Set(view.windows.map((w) => w.xid));
    const pids = new Set<number>();
    for (const w of [...previous.windows, ...view.windows]) {
      if (w.pid !== undefined && before.has(w.xid) !== after.has(w.xid)) pids.add(w.pid);
    }
    for (const win of this.listed) {
      const involved = win.pid !== undefined && pids.has(win.pid);
      if ((involved && !match.hidden.has(win.id)) || win.id === active) {
        events.push({ type: 'structure', change: 'invalidated', id: win.id });
      }
    }
    this.emit(events);
  }
}

function topLevelOf(node: BackendNode): AccessibleTopLevel {
  const win: AccessibleTopLevel = {
    id: node.id,
    name: node.props.name,
    rect: node.props.rect,
    shown: !node.props.states.includes('offscreen'),
  };
  if (node.props.pid !== undefined) win.pid = node.props.pid;
  return win;
}

/** Pre-order nodes without the subtrees rooted at `ids` (and the root's links to them). */
function withoutSubtrees(nodes: readonly BackendNode[], ids: ReadonlySet<string>): BackendNode[] {
  const dropped = new Set(ids);
  const kept: BackendNode[] = [];
  for (const node of nodes) {
    if (dropped.has(node.id) || (node.parentId !== null && dropped.has(node.parentId))) {
      dropped.add(node.id);
      continue;
    }
    kept.push(node);
  }
  const [root, ...rest] = kept;
  if (root === undefined) return kept;
  return [{ ...root, children: root.children.filter((id) => !ids.has(id)) }, ...rest];
}
