/**
 * The tree panel's mirror: `tree.subscribe` applied patch by patch to a PatchMirror (cheap),
 * while the pre-order list the view draws is taken once per animation frame at most. (The
 * client's tree() builds a nested copy on every patch, which costs too much at 10,000 nodes.)
 * `tree.resync` rebuilds from a fresh copy and is counted.
 */
import type { MirroredTree } from '../../clients/typescript/index.js';
import type { MethodResult, Patch } from '../../protocol/src/index.js';
import { PatchMirror } from '../../protocol/src/index.js';
import { currentClient } from './session.js';

export interface MirrorHandle {
  stop(): void;
}

export function openMirror(
  window: string,
  onFrame: (tree: MirroredTree) => void,
  onResync: () => void,
): MirrorHandle {
  const client = currentClient();
  let mirror: PatchMirror | null = null;
  let subscription: string | null = null;
  let stopped = false;
  let queued = false;

  const draw = (): void => {
    if (queued || stopped) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      if (mirror === null || stopped) return;
      onFrame({ revision: mirror.revision, tree: null, nodes: mirror.list() });
    });
  };
  const onNotification = (method: string, params: unknown): void => {
    if (mirror === null || stopped) return;
    if (method === 'tree.patch') {
      const { patches, revision } = params as { patches: Patch[]; revision: number };
      mirror.apply(patches, revision);
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
