/**
 * The platform backend with in-app providers merged in. Provider windows are children of the
 * platform's desktop root; their ids route every call to the provider. The one rule when both
 * see the same process: the provider's tree is used, and the platform's windows of that pid are
 * left out (reported gone when asked for), since the provider knows the app better.
 */
import { merge, map, filter, type Observable } from 'rxjs';
import { ElementStaleError, NotSupportedError, raceSignal } from '../../errors.js';
import type {
  AccessibilityBackend,
  ActionOptions,
  BackendEvent,
  BackendId,
  BackendNode,
  FetchOptions,
  InputAction,
  PatternAction,
  PatternPerformed,
} from '../backend.js';
import { actionFor, checkPatternAction, requireCapability } from './providerActions.js';
import type { ProviderHub, ProviderUpdate } from './providerHub.js';
import { parseProviderId, providerId } from './providerIds.js';
import type { ProviderSession } from './providerSession.js';
import { subtreeOf } from './providerTree.js';
import { StagedNodes, toBackendNodes } from './stagedNodes.js';

/** How long a provider may take to answer one request. */
export const PROVIDER_REQUEST_DEADLINE_MS = 5_000;

export function withProviders(
  platform: AccessibilityBackend,
  hub: ProviderHub,
): AccessibilityBackend {
  const platformPids = new Map<BackendId, number>();
  const providerPids = (): Set<number> =>
    new Set([...hub.sessions.values()].flatMap((s) => (s.hello === null ? [] : [s.hello.pid])));

  const session = (id: string): ProviderSession => {
    const s = hub.sessions.get(id);
    if (s === undefined || s.hello === null)
      throw new ElementStaleError('the provider app disconnected');
    return s;
  };

  /** The platform's desktop, less windows of provider pids, plus every provider window. */
  const fetchRoot = async (options: FetchOptions): Promise<BackendNode[]> => {
    const nodes = await platform.fetchSubtree(platform.rootId, options);
    const root = nodes[0];
    if (root === undefined) return nodes;
    const hidden = providerPids();
    const dropped = new Set<BackendId>();
    // Pre-order: a parent comes before its children, so one pass drops whole subtrees.
    for (const n of nodes.slice(1)) {
      if (n.parentId === root.id && n.props.pid !== undefined) platformPids.set(n.id, n.props.pid);
      const hiddenWindow = n.parentId === root.id && hidden.has(n.props.pid ?? -1);
      if (hiddenWindow || (n.parentId !== null && dropped.has(n.parentId))) dropped.add(n.id);
    }
    const below = options.maxDepth === undefined ? undefined : options.maxDepth - 1;
    const windows: BackendId[] = [];
    const extra: BackendNode[] = [];
    for (const s of hub.sessions.values()) {
      if (s.hello === null) continue;
      for (const w of s.tree.windows) {
        windows.push(providerId(s.id, w));
        if (below === undefined || below >= 0)
          extra.push(...toBackendNodes(s, subtreeOf(s.tree, w, below), root.id));
      }
    }
    const children = [...root.children.filter((c) => !dropped.has(c)), ...windows];
    return [{ ...root, children }, ...nodes.slice(1).filter((n) => !dropped.has(n.id)), ...extra];
  };

  const fetchSubtree = async (id: BackendId, options: FetchOptions): Promise<BackendNode[]> => {
    const p = parseProviderId(id);
    if (p !== null) {
      const s = session(p.session);
      const nodes = subtreeOf(s.tree, p.node, options.maxDepth);
      if (nodes.length === 0) throw new ElementStaleError(`provider node ${p.node} is gone`);
      return toBackendNodes(s, nodes, platform.rootId);
    }
    if (id === platform.rootId) return fetchRoot(options);
    const pid = platformPids.get(id);
    if (pid !== undefined && providerPids().has(pid)) {
      throw new ElementStaleError('this window is served by its in-app provider');
    }
    return platform.fetchSubtree(id, options);
  };

  const patternRequest = (id: BackendId, node: string, action: PatternAction) => {
    const [target] = subtreeOf(session(parseProviderId(id)?.session ?? '').tree, node, 0);
    if (target === undefined) throw new ElementStaleError(`provider node ${node} is gone`);
    checkPatternAction(target, action);
    return actionFor(node, action);
  };

  const request = async (
    id: BackendId,
    build: (node: string) => Parameters<ProviderSession['request']>[0],
    options: ActionOptions,
  ): Promise<PatternPerformed | undefined> => {
    const p = parseProviderId(id);
    if (p === null) return undefined;
    const s = session(p.session);
    const action = build(p.node);
    requireCapability(s.hello?.capabilities.actions ?? [], action.kind, s.hello?.app ?? p.session);
    const done = await raceSignal(s.request(action, PROVIDER_REQUEST_DEADLINE_MS), options.signal);
    return { via: done.via ?? 'pattern', detail: action.kind };
  };

  /**
   * Keyboard input goes where the focus is. After a provider element took the focus, typed text
   * and key presses go to that app (which injects them itself) until the platform is focused.
   */
  let keyboardOwner: { session: string; node: string | null } | null = null;

  const input = async (action: InputAction, options: ActionOptions): Promise<void> => {
    const owner = keyboardOwner;
    if (owner === null || (action.kind !== 'text' && action.kind !== 'keys')) {
      return platform.input(action, options);
    }
    // Any id of the session routes the request; a focused node also receives the text.
    const id = providerId(owner.session, owner.node ?? '');
    if (action.kind === 'text') {
      const text = action.text;
      await request(
        id,
        () =>
          owner.node === null
            ? { kind: 'typeText', text }
            : { kind: 'typeText', id: owner.node, text },
        options,
      );
      return;
    }
    for (const combo of action.combos) {
      await request(
        id,
        () => ({ kind: 'pressKey', key: combo.key, modifiers: combo.modifiers }),
        options,
      );
    }
  };

  const staged = new StagedNodes();
  const providerEvents$: Observable<readonly BackendEvent[]> = hub.updates$.pipe(
    map((u) => eventsOf(u, platform.rootId, staged)),
    filter((events) => events.length > 0),
  );

  return {
    name: platform.name,
    capabilities: platform.capabilities,
    rootId: platform.rootId,
    events$: merge(platform.events$, providerEvents$),
    start: (signal) => platform.start(signal),
    stop: async () => {
      hub.close();
      await platform.stop();
    },
    fetchSubtree,
    // A provider's deltas are numbered and resynced on a gap: nothing to reconcile.
    eventComplete: (id) => parseProviderId(id) !== null || platform.eventComplete?.(id) === true,
    performPattern: async (id, action: PatternAction, options) =>
      (await request(id, (node) => patternRequest(id, node, action), options)) ??
      platform.performPattern(id, action, options),
    focus: async (id, options) => {
      if ((await request(id, (node) => ({ kind: 'focus', id: node }), options)) === undefined) {
        keyboardOwner = null;
        await platform.focus(id, options);
      } else {
        keyboardOwner = parseProviderId(id);
      }
    },
    activateWindow: async (id, options) => {
      if ((await request(id, (node) => ({ kind: 'activate', id: node }), options)) === undefined) {
        keyboardOwner = null;
        await platform.activateWindow(id, options);
      } else {
        const p = parseProviderId(id);
        keyboardOwner = p === null ? null : { session: p.session, node: null };
      }
    },
    input,
    ...(platform.capture === undefined ? {} : { capture: platform.capture.bind(platform) }),
    ...(platform.monitors === undefined ? {} : { monitors: platform.monitors.bind(platform) }),
    ...(platform.pointer === undefined ? {} : { pointer: platform.pointer.bind(platform) }),
    ...(platform.health === undefined ? {} : { health: platform.health.bind(platform) }),
    ...(platform.watchInput === undefined
      ? {}
      : { watchInput: platform.watchInput.bind(platform) }),
    ...(platform.windowOp === undefined
      ? {}
      : { windowOp: platformWindowOp(platform.windowOp.bind(platform)) }),
    ...(platform.windowStacking === undefined
      ? {}
      : { windowStacking: platform.windowStacking.bind(platform) }),
    ...(platform.appControl === undefined ? {} : { appControl: platform.appControl }),
    ...(platform.clipboard === undefined ? {} : { clipboard: platform.clipboard }),
  };
}

/** Window ops go to the platform; an app's own provider window has no platform window. */
function platformWindowOp(
  windowOp: NonNullable<AccessibilityBackend['windowOp']>,
): NonNullable<AccessibilityBackend['windowOp']> {
  return (id, op, options) =>
    parseProviderId(id) === null
      ? windowOp(id, op, options)
      : Promise.reject(new NotSupportedError('a provider window has no platform window to change'));
}

function eventsOf(update: ProviderUpdate, rootId: BackendId, staged: StagedNodes): BackendEvent[] {
  const s = update.session;
  const id = (node: string): BackendId => providerId(s.id, node);
  if (update.closed === true) {
    // Windows staged but never opened end too (the cache drops what it made for them).
    const gone = [...s.tree.windows, ...staged.end(s)];
    return gone.map((w): BackendEvent => ({ type: 'window.closed', id: id(w) }));
  }
  const events: BackendEvent[] = [];
  for (const c of update.changes) {
    switch (c.kind) {
      case 'staged':
        events.push(staged.stage(s, c.id, c.nodes, rootId, c.parts));
        break;
      case 'windowsChanged': {
        for (const w of c.closed) events.push({ type: 'window.closed', id: id(w) });
        // Handed over whole: the cache takes the window in without reading it again.
        for (const w of c.opened) {
          events.push({ type: 'window.opened', id: id(w), nodes: staged.opened(s, w, rootId) });
        }
        for (const w of staged.end(s)) {
          if (!c.opened.includes(w)) events.push({ type: 'window.closed', id: id(w) });
        }
        if (c.closed.length > 0)
          events.push({ type: 'structure', change: 'invalidated', id: rootId });
        break;
      }
      case 'children':
        events.push({ type: 'structure', change: 'invalidated', id: id(c.id) });
        break;
      case 'props': {
        const { id: _i, parentId: _p, children: _c, ...props } = c.node;
        events.push({ type: 'property', id: id(c.id), props });
        break;
      }
      case 'focus':
        if (c.id !== null) events.push({ type: 'focus', id: id(c.id) });
        break;
      case 'activated':
        events.push({ type: 'window.activated', id: id(c.id) });
        break;
    }
  }
  return events;
}
