/**
 * Typing into a long document: the `text.changed` event carries the change (where, what came,
 * what went), not the document, while the cache still holds the whole text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UiEvent } from '../../../protocol/src/index.js';
import { RawClient, startTestServer, type TestServer } from './harness.js';

/** About 20 KB, the size the demo's document reaches after a while of typing. */
const LONG = 'The quick brown fox jumps over the lazy dog. '.repeat(450);

let t: TestServer;
let c: RawClient;
beforeAll(async () => {
  t = await startTestServer({}, { apps: [{ kind: 'editor', at: { x: 40, y: 40 }, text: LONG }] });
  c = await RawClient.open(t.url);
});
afterAll(async () => {
  c.close();
  await t.close();
});

interface Note {
  method?: string;
  params?: { events?: UiEvent[] };
}

describe('text.changed on a long document', () => {
  it('carries a small change, and the element still reads the whole text', async () => {
    await c.call('events.subscribe', { types: ['text.changed'] });
    const typed = await c.call('actions.type', {
      target: { automationId: 'editor.text' },
      text: 'Z',
    });
    expect(typed.error).toBeUndefined();
    const note = (await c.next((m) => (m as Note).method === 'events.event')) as Note;
    const event = note.params?.events?.[0];
    if (event?.type !== 'text.changed') throw new Error('no text.changed event');
    const { start } = event.change;
    expect(event.change).toEqual({ start, removed: 0, inserted: 'Z' });
    expect(event.length).toBe(LONG.length + 1);
    expect(JSON.stringify(event).length).toBeLessThan(600);
    const doc = await c.call('elements.get', { ref: event.element.ref, fields: ['value'] });
    expect((doc.result as { element: { value: string } }).element.value).toBe(
      `${LONG.slice(0, start)}Z${LONG.slice(start)}`,
    );
  });
});
