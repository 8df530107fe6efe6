import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { PatchBatch } from '../../../protocol/src/index.js';
import {
  readResource,
  ResourceSubscriptions,
  UnknownResourceError,
} from '../../../src/mcp/resources.js';
import { fakeContext } from './fake-table.js';

/** A promise that resolves on the next call of the returned trigger. */
function nextCall(): { promise: Promise<void>; fire: () => void } {
  let fire = (): void => undefined;
  const promise = new Promise<void>((resolve) => (fire = resolve));
  return { promise, fire };
}

function withDeadline<T>(p: Promise<T>, ms = 5_000): Promise<T> {
  return Promise.race([
    p,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error('deadline')), ms).unref()),
  ]);
}

describe('resources', () => {
  it('reads a window snapshot and refuses unknown URIs', async () => {
    const ctx = fakeContext({
      'tree.snapshot': (p) => ({
        revision: 1,
        text: `snapshot of ${(p as { window: string }).window}`,
        lines: [],
        total: 0,
        truncated: false,
      }),
    });
    await expect(readResource('ui://window/w3', ctx)).resolves.toMatchObject({
      text: 'snapshot of w3',
      mimeType: 'text/plain',
    });
    await expect(readResource('ui://window/notaref', ctx)).rejects.toBeInstanceOf(
      UnknownResourceError,
    );
    await expect(readResource('file:///etc/passwd', ctx)).rejects.toBeInstanceOf(
      UnknownResourceError,
    );
  });

  it('notifies a subscriber only when the resource text changed', async () => {
    const patches$ = new Subject<PatchBatch>();
    let text = 'one';
    let rendered = nextCall();
    const ctx = fakeContext(
      {
        'tree.snapshot': () => {
          rendered.fire();
          return { revision: 1, text, lines: [], total: 0, truncated: false };
        },
      },
      {
        cache: {
          patches$,
          stats: () => ({
            elements: 0,
            windows: 0,
            revision: 0,
            drift: 0,
            fetches: 0,
            reconcile: { ticks: 0, checks: 0, drifted: 0, repaired: 0, failed: 0, periodMs: 0 },
          }),
        },
      },
    );
    const notified: string[] = [];
    const notice = nextCall();
    const subs = new ResourceSubscriptions(
      ctx,
      (uri) => {
        notified.push(uri);
        notice.fire();
        return Promise.resolve();
      },
      5,
    );
    await subs.add('ui://window/w1');

    rendered = nextCall();
    patches$.next({ revision: 2, patches: [] });
    await withDeadline(rendered.promise);
    expect(notified).toEqual([]);

    text = 'two';
    patches$.next({ revision: 3, patches: [] });
    await withDeadline(notice.promise);
    expect(notified).toEqual(['ui://window/w1']);

    subs.remove('ui://window/w1');
    expect(subs.size).toBe(0);
    subs.close();
  });
});
