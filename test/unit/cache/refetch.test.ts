import { describe, expect, it } from 'vitest';
import { smallDesktop } from './fake-backend.js';
import { synced } from './synced-state.js';

describe('re-reads asked for by the reducer', () => {
  it('turns structure events into fetch requests keyed by window', () => {
    const b = smallDesktop();
    const { step } = synced(b);
    const r = step({
      kind: 'events',
      events: [
        { type: 'structure', change: 'childAdded', id: 'p1' },
        { type: 'structure', change: 'childAdded', id: 'unknown', windowId: 'w2' },
        { type: 'window.opened', id: 'w9' },
      ],
    });
    expect(r.patches).toEqual([]);
    expect(r.fetch).toEqual([
      { id: 'p1', key: 'w1' },
      { id: 'w2', key: 'w2' },
      { id: 'root', key: 'root', maxDepth: 1, urgent: true },
    ]);
  });

  it('repairs a detail-less structure event by relisting and re-fetching the foreground window', () => {
    const b = smallDesktop();
    const { step } = synced(b);
    step({ kind: 'events', events: [{ type: 'window.activated', id: 'w2' }] });
    const r = step({ kind: 'events', events: [{ type: 'structure', change: 'invalidated' }] });
    // Weak evidence: no window is known to have come or gone, so the relist keeps its quiet
    // period (only a window event or a change of the top level makes it urgent).
    expect(r.fetch).toEqual([
      { id: 'root', key: 'root', maxDepth: 1 },
      { id: 'w2', key: 'w2' },
    ]);
  });

  it('asks for the parent when a fetch root went stale', () => {
    const b = smallDesktop();
    const { step } = synced(b);
    expect(step({ kind: 'stale', id: 'ed1' }).fetch).toEqual([{ id: 'p1', key: 'w1' }]);
    expect(step({ kind: 'stale', id: 'w2' }).fetch).toEqual([
      { id: 'root', key: 'root', maxDepth: 1, urgent: true },
    ]);
    expect(step({ kind: 'stale', id: 'unknown' }).fetch).toEqual([]);
  });
});
