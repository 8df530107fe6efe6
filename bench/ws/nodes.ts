/** Real cached nodes: the default simulated desktop, synced through the cache once. */
import type { ElementNode } from '../../protocol/src/index.js';
import { createSimBackend } from '../../src/backends/sim/index.js';
import { createCache } from '../../src/cache/index.js';
import { loadConfig } from '../../src/config.js';

export async function sampleNodes(): Promise<ElementNode[]> {
  const signal = AbortSignal.timeout(30_000);
  const sim = createSimBackend();
  await sim.start(signal);
  const cache = createCache(sim, loadConfig({}).cache);
  await cache.start(signal);
  const root = cache.tree({ depth: 0 }).tree.ref;
  const { nodes } = cache.subtree(root);
  await cache.stop();
  await sim.stop();
  return nodes;
}
