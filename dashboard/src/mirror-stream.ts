/**
 * The tree panel's mirror: `tree.subscribe` applied patch by patch to a PatchMirror (cheap),
 * and the patches of a frame handed to the row index (tree-rows.ts) once per animation frame,
 * so the page does no work proportional to the tree's size while it only changes. (The
 * client's tree() builds a nested copy on every patch, which costs too much at 10,000 nodes.)
 * `tree.resync` rebuilds from a fresh copy and is counted.
 */
import type { ElementNode, MethodResult, Patch } from '../../protocol/src/index.js';
import { PatchMirror } from '../../protocol/src/index.js';
import { currentClient } from './session.js';
import { TreeRows } from './tree-rows.js';

export interface MirrorHandle {
  stop(): void;
}

/** One frame's look at the mirror. A new object each frame, so signals see the change. */
export interface MirrorView {
  readonly revision: number;
  /** Every node in pre-order: built on first read only (tests and the benchmark read it). */
  readonly nodes: ElementNode[];
  readonly rows: TreeRows;
  node(ref: string): ElementNode | undefined;
  /** The first `limit` nodes in pre-order, without listing the rest. */
  firstNodes(limit: number): ElementNode[];
}

export function viewOf(mirror: PatchMirror, rows: TreeRows): MirrorView {
  let nodes: ElementNode[] | null = null;
  return {
    revision: mirror.revision,
    get nodes() {
      return (nodes ??= mirror.list());
    },
    rows,
    node: (ref) => mirror.node(ref),
    firstNodes: (limit) => {
      const out: ElementNode[] = [];
      const stack = [mirror.root];
      while (stack.length > 0 && out.length < limit) {
        const node = mirror.node(stack.pop()!);
        if (node === undefined) continue;
        out.push(node);
        const kids = mirror.childrenOf(node.ref);
        for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
      }
      return out;
    },
  };
}

export function openMirror(
  window: string,
  onFrame: (view: MirrorView) => void,
  onResync: () => void,
): MirrorHandle {
  const client = currentClient();
  const collapsed = new Set<string>();
  let mirror: PatchMirror | null = null;
  let rows: TreeRows | null = null;
  /** Patches applied to the mirror since the rows last caught up. */
  let pending: Patch[] = [];
  let subscription: string | null = null;
  let stopped = false;
  let queued = false;

  const draw = (): void => {
    if (queued || stopped) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      if (mirror === null || stopped) return;
      if (rows === null) rows = new TreeRows(mirror, collapsed);
      else if (pending.length > 0) rows.applied(pending);
      pending = [];
      onFrame(viewOf(mirror, rows));
    });
  };
  const onNotification = (method: string, params: unknown): void => {
    if (mirror === null || stopped) return;
    if (method === 'tree.patch') {
      const { patches, revision } = params as { patches: Patch[]; revision: number };
      mirror.apply(patches, revision);
      for (const patch of patches) pending.push(patch);
      draw();
    } else if (method === 'tree.resync') {
      if (subscription !== null) client.route(subscription, null);
      onResync();
      void subscribe();
    }
  };
  const subscribe = async (): Promise<void> => {
    await client.request('tree.subscribe', { window }, (raw) => {
      const r = raw as MethodResult<'tree.subscribe'>;
      subscription = r.subscription;
      mirror = new PatchMirror(r.root, r.nodes, r.revision);
      rows = null;
      pending = [];
      client.route(r.subscription, onNotification);
      draw();
    });
  };
  subscribe().catch(() => undefined);
  return {
    stop: () => {
      stopped = true;
      if (subscription === null) return;
      client.route(subscription, null);
      client.request('tree.unsubscribe', { subscription }).catch(() => undefined);
    },
  };
}
