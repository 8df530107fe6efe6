import { describe, expect, it } from 'vitest';
import type { AccessibilityBackend, BackendNode } from '../../../src/backends/backend.js';
import { FetchRunner } from '../../../src/cache/fetcher.js';

/** A backend whose fetches stay in flight until the test releases them, in the order asked. */
function heldBackend(): {
  backend: AccessibilityBackend;
  started: string[];
  release(id: string): void;
} {
  const started: string[] = [];
  const waiting = new Map<string, () => void>();
  const backend = {
    fetchSubtree: (id: string, options: { maxDepth?: number }) => {
      const label = options.maxDepth === undefined ? id : `${id}/${options.maxDepth}`;
      started.push(label);
      return new Promise<BackendNode[]>((resolve) => waiting.set(label, () => resolve([])));
    },
  } as unknown as AccessibilityBackend;
  return {
    backend,
    started,
    release: (label) => {
      waiting.get(label)?.();
      waiting.delete(label);
    },
  };
}

function runner(backend: AccessibilityBackend, concurrency: number): FetchRunner {
  return new FetchRunner({
    backend,
    concurrency,
    timeoutMs: 5_000,
    rootId: () => 'root',
    apply: () => 0,
    settled: () => undefined,
  });
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('fetch runner', () => {
  it('runs an urgent request ahead of the ones already queued', async () => {
    const held = heldBackend();
    const r = runner(held.backend, 1);
    void r.enqueue({ id: 'w1', key: 'w1' });
    void r.enqueue({ id: 'w2', key: 'w2' });
    void r.enqueue({ id: 'w3', key: 'w3', urgent: true });
    await turn();
    held.release('w1');
    await turn();
    held.release('w3');
    await turn();
    expect(held.started).toEqual(['w1', 'w3', 'w2']);
    r.stop();
  });

  it('moves a queued request forward when an urgent one joins it', async () => {
    const held = heldBackend();
    const r = runner(held.backend, 1);
    void r.enqueue({ id: 'w1', key: 'w1' });
    void r.enqueue({ id: 'w2', key: 'w2' });
    void r.enqueue({ id: 'root', key: 'root', maxDepth: 1 });
    void r.enqueue({ id: 'root', key: 'root', maxDepth: 1, urgent: true });
    await turn();
    held.release('w1');
    await turn();
    expect(held.started).toEqual(['w1', 'root/1']);
    r.stop();
  });

  it('re-lists the top level beside a window fetch, but fetches the whole desktop alone', async () => {
    const held = heldBackend();
    const r = runner(held.backend, 4);
    void r.enqueue({ id: 'w1', key: 'w1' });
    void r.enqueue({ id: 'root', key: 'root', maxDepth: 1, urgent: true });
    void r.enqueue({ id: 'root', key: 'root' });
    await turn();
    expect(held.started).toEqual(['w1', 'root/1']);
    held.release('w1');
    held.release('root/1');
    await turn();
    await turn();
    expect(held.started).toEqual(['w1', 'root/1', 'root']);
    r.stop();
  });
});
