import { describe, expect, it, vi } from 'vitest';
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

  it('holds an ordinary re-read while a re-list and the new window it found are read', async () => {
    const held = heldBackend();
    const r = runner(held.backend, 4);
    void r.enqueue({ id: 'root', key: 'root', maxDepth: 1, urgent: true });
    void r.enqueue({ id: 'main', key: 'main' });
    await turn();
    expect(held.started).toEqual(['root/1']);
    void r.enqueue({ id: 'dialog', key: 'dialog', urgent: true });
    held.release('root/1');
    await turn();
    expect(held.started).toEqual(['root/1', 'dialog']);
    held.release('dialog');
    await turn();
    await turn();
    expect(held.started).toEqual(['root/1', 'dialog', 'main']);
    r.stop();
  });

  it('runs a held re-read once it waited its longest, with urgent reads still going', async () => {
    const held = heldBackend();
    const r = runner(held.backend, 4);
    void r.enqueue({ id: 'root', key: 'root', maxDepth: 1, urgent: true });
    const main = r.enqueue({ id: 'main', key: 'main' });
    await turn();
    expect(held.started).toEqual(['root/1']);
    // Ends only once the held fetch ran: no sleep, the runner's own bound releases it.
    await vi.waitFor(() => expect(held.started).toEqual(['root/1', 'main']), { timeout: 5_000 });
    held.release('main');
    await expect(main).resolves.toBe(0);
    r.stop();
  });
});
