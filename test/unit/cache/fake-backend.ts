/**
 * A tiny in-memory backend for the cache's unit tests: a mutable tree of BackendNodes, a
 * Subject for event batches, and fetches that can be held open to test concurrency and
 * overlap. Tests drive its tree and its events by hand.
 */
import { Subject } from 'rxjs';
import type {
  AccessibilityBackend,
  BackendCapabilities,
  BackendEvent,
  BackendId,
  BackendNode,
  BackendProps,
  FetchOptions,
} from '../../../src/backends/backend.js';
import { ElementStaleError, NotSupportedError, abortError } from '../../../src/errors.js';

export function props(
  controlType: BackendProps['controlType'],
  name: string,
  extra: Partial<BackendProps> = {},
): BackendProps {
  return {
    controlType,
    name,
    rect: { x: 0, y: 0, width: 10, height: 10 },
    states: ['enabled'],
    patterns: [],
    ...extra,
  };
}

const CAPABILITIES: BackendCapabilities = {
  events: {
    focus: true,
    structure: true,
    property: true,
    text: true,
    'window.opened': true,
    'window.closed': true,
    'window.activated': true,
  },
  patterns: [],
  input: { keyboard: false, mouse: false },
  bulkFetch: true,
};

export class FakeBackend implements AccessibilityBackend {
  readonly name = 'sim' as const;
  readonly capabilities = CAPABILITIES;
  readonly rootId = 'root';
  readonly subject = new Subject<readonly BackendEvent[]>();
  readonly events$ = this.subject.asObservable();
  readonly nodes = new Map<BackendId, BackendNode>();
  readonly calls: { id: BackendId; maxDepth: number | undefined }[] = [];
  inFlight = 0;
  maxInFlight = 0;
  /** When set, fetches wait for it before reading the tree. */
  hold: Promise<void> | null = null;
  /** Windows whose every change the test reports as events (backend.eventComplete). */
  eventComplete?: (windowId: BackendId) => boolean;
  /** Ticks when a fetch starts. */
  readonly fetchStarted = new Subject<void>();

  constructor() {
    this.nodes.set('root', {
      id: 'root',
      parentId: null,
      children: [],
      props: props('Pane', 'Desktop'),
    });
  }

  add(parentId: BackendId, id: BackendId, p: BackendProps, index?: number): this {
    const parent = this.nodes.get(parentId);
    if (parent === undefined) throw new Error(`no parent ${parentId}`);
    this.nodes.set(id, { id, parentId, children: [], props: p });
    if (index === undefined) parent.children.push(id);
    else parent.children.splice(index, 0, id);
    return this;
  }

  remove(id: BackendId): void {
    const node = this.nodes.get(id);
    if (node === undefined) return;
    for (const c of [...node.children]) this.remove(c);
    this.nodes.delete(id);
    const parent = node.parentId === null ? undefined : this.nodes.get(node.parentId);
    if (parent !== undefined) parent.children = parent.children.filter((c) => c !== id);
  }

  move(id: BackendId, parentId: BackendId, index: number): void {
    const node = this.nodes.get(id) as BackendNode;
    const old = this.nodes.get(node.parentId as string) as BackendNode;
    old.children = old.children.filter((c) => c !== id);
    const parent = this.nodes.get(parentId) as BackendNode;
    parent.children.splice(index, 0, id);
    node.parentId = parentId;
  }

  set(id: BackendId, p: Partial<BackendProps>): void {
    const node = this.nodes.get(id) as BackendNode;
    node.props = { ...node.props, ...p };
  }

  emit(...events: BackendEvent[]): void {
    this.subject.next(events);
  }

  /** Pre-order copy of a subtree, like a bulk fetch. */
  walk(id: BackendId, maxDepth = Infinity): BackendNode[] {
    const out: BackendNode[] = [];
    const visit = (nid: BackendId, depth: number): void => {
      const n = this.nodes.get(nid) as BackendNode;
      out.push(structuredClone(n));
      if (depth < maxDepth) for (const c of n.children) visit(c, depth + 1);
    };
    visit(id, 0);
    return out;
  }

  start(): Promise<void> {
    return Promise.resolve();
  }

  stop(): Promise<void> {
    this.subject.complete();
    return Promise.resolve();
  }

  async fetchSubtree(id: BackendId, options: FetchOptions): Promise<BackendNode[]> {
    this.calls.push({ id, maxDepth: options.maxDepth });
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    this.fetchStarted.next();
    try {
      if (this.hold !== null) await this.hold;
      if (options.signal.aborted) throw abortError(options.signal);
      if (!this.nodes.has(id)) throw new ElementStaleError(`gone: ${id}`);
      return this.walk(id, options.maxDepth);
    } finally {
      this.inFlight--;
    }
  }

  performPattern(): Promise<void> {
    return Promise.reject(new NotSupportedError('fake'));
  }
  focus(): Promise<void> {
    return Promise.reject(new NotSupportedError('fake'));
  }
  activateWindow(): Promise<void> {
    return Promise.reject(new NotSupportedError('fake'));
  }
  input(): Promise<void> {
    return Promise.reject(new NotSupportedError('fake'));
  }
}

/** A small desktop: two windows of two apps with menus, toolbar, edits and a status bar. */
export function smallDesktop(): FakeBackend {
  const b = new FakeBackend();
  b.add(
    'root',
    'w1',
    props('Window', 'Untitled - Notepad', {
      app: 'notepad',
      pid: 100,
      states: ['enabled', 'active'],
      rect: { x: 0, y: 0, width: 800, height: 600 },
    }),
  );
  b.add('w1', 'tb1', props('TitleBar', 'Untitled - Notepad'));
  b.add('w1', 'mb1', props('MenuBar', 'Application'));
  b.add('mb1', 'mf', props('MenuItem', 'File', { states: ['enabled', 'collapsed'] }));
  b.add('mb1', 'me', props('MenuItem', 'Edit'));
  b.add('w1', 'p1', props('Pane', '', { rect: { x: 0, y: 40, width: 800, height: 500 } }));
  b.add(
    'p1',
    'ed1',
    props('Edit', 'Text Editor', {
      automationId: 'editor',
      value: 'hello world',
      rect: { x: 10, y: 50, width: 700, height: 400 },
      states: ['enabled', 'focusable', 'editable'],
    }),
  );
  b.add('w1', 'sb1', props('StatusBar', 'Status'));
  b.add('sb1', 'st1', props('Text', 'Ln 1, Col 1'));
  b.add(
    'root',
    'w2',
    props('Window', 'Calculator', {
      app: 'calc',
      pid: 200,
      rect: { x: 900, y: 0, width: 300, height: 400 },
    }),
  );
  b.add('w2', 'btn7', props('Button', '7', { automationId: 'num7', patterns: ['Invoke'] }));
  b.add('w2', 'btn8', props('Button', '8', { automationId: 'num8', patterns: ['Invoke'] }));
  b.add('w2', 'btnSave', props('Button', 'Save', { states: [] }));
  return b;
}
