import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { UiEvent } from '../../../protocol/src/index.js';
import { methods } from '../../../protocol/src/index.js';
import type { AccessibilityBackend } from '../../../src/backends/backend.js';
import type { EventLog, UiCache } from '../../../src/cache/api.js';
import { loadConfig } from '../../../src/config.js';
import { UiError } from '../../../src/errors.js';
import type { Executor } from '../../../src/executor/api.js';
import { callTableMethod, isTableMethod } from '../../../src/service/dispatch.js';
import { CONNECTION_METHODS, createHandlers } from '../../../src/service/handlers.js';

/** A log over an in-memory array: just enough behaviour for events.read. */
function fakeLog(): EventLog & { emit(e: UiEvent): void } {
  const all: UiEvent[] = [];
  const subject = new Subject<UiEvent>();
  return {
    get seq() {
      return all.length;
    },
    oldestSeq: 1,
    events$: subject.asObservable(),
    read: (p) => {
      const events = all.filter((e) => e.seq > (p.after ?? all.length)).slice(0, p.limit);
      return { events, cursor: events.at(-1)?.seq ?? p.after ?? all.length, hasMore: false };
    },
    emit(e) {
      all.push(e);
      subject.next(e);
    },
  };
}

const focusEvent = (seq: number): UiEvent => ({
  seq,
  time: 0,
  type: 'focus.changed',
  element: null,
  previous: null,
});

function setup(readOnly = false) {
  const log = fakeLog();
  const runs: string[] = [];
  const cache = { events: log, status: 'ok', revision: 7 } as unknown as UiCache;
  const executor = {
    run: (method: string) => {
      runs.push(method);
      return Promise.resolve({ ran: method });
    },
    cancel: () => 3,
    find: () => Promise.resolve({ found: true }),
  } as unknown as Executor;
  const backend = {
    name: 'sim',
    capabilities: {
      events: { focus: true, structure: false },
      patterns: ['Invoke'],
      input: { keyboard: true, mouse: false },
      bulkFetch: true,
    },
  } as unknown as AccessibilityBackend;
  const config = loadConfig({ readOnly });
  const handlers = createHandlers({ backend, cache, executor, config });
  const ctx = { clientId: 'c1', signal: new AbortController().signal };
  return { handlers, log, runs, ctx };
}

describe('the method table', () => {
  it('has a handler for every registry method except per-connection subscriptions', () => {
    const { handlers } = setup();
    const expected = methods
      .map((m) => m.name)
      .filter((n) => !(CONNECTION_METHODS as readonly string[]).includes(n))
      .sort();
    expect(Object.keys(handlers).sort()).toEqual(expected);
  });

  it('answers session.hello from the backend, cache and config', async () => {
    const { handlers, ctx } = setup();
    const hello = await callTableMethod(handlers, 'session.hello', {}, ctx);
    expect(hello).toMatchObject({
      server: 'uistream',
      backend: 'sim',
      status: 'ok',
      revision: 7,
      seq: 0,
      capabilities: { events: ['focus'], patterns: ['Invoke'], readOnly: false },
      limits: { maxPayloadBytes: 1024 * 1024 },
    });
  });

  it('refuses actions in read-only mode, but allows waits and cancel', async () => {
    const { handlers, runs, ctx } = setup(true);
    const click = callTableMethod(handlers, 'actions.click', { target: { name: 'OK' } }, ctx);
    await expect(click).rejects.toMatchObject({ code: 'read_only' });
    await callTableMethod(
      handlers,
      'actions.waitFor',
      { condition: 'windowOpened', title: 'x' },
      ctx,
    );
    expect(runs).toEqual(['actions.waitFor']);
    expect(await callTableMethod(handlers, 'actions.cancel', {}, ctx)).toEqual({ cancelled: 3 });
  });

  it('validates params at the boundary with the zod issues in details', async () => {
    const { handlers, ctx } = setup();
    const err = await callTableMethod(handlers, 'elements.find', { maxResults: 0 }, ctx).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(UiError);
    expect((err as UiError).code).toBe('invalid_params');
    expect((err as UiError).details?.issues).toEqual([
      expect.objectContaining({ path: 'maxResults' }),
    ]);
    expect((err as UiError).details?.method).toBe('elements.find');
    expect(isTableMethod(handlers, 'events.subscribe')).toBe(false);
    expect(isTableMethod(handlers, 'nope')).toBe(false);
    expect(isTableMethod(handlers, 'toString')).toBe(false);
  });

  it('events.read waits for the next event, driven by the stream', async () => {
    const { handlers, log, ctx } = setup();
    const reading = callTableMethod(handlers, 'events.read', { waitMs: 10_000 }, ctx);
    log.emit(focusEvent(1));
    expect(await reading).toMatchObject({ events: [{ seq: 1 }], cursor: 1 });
  });

  it('events.read answers empty at its deadline and aborts with its caller', async () => {
    const { handlers, ctx } = setup();
    expect(await callTableMethod(handlers, 'events.read', { waitMs: 5 }, ctx)).toMatchObject({
      events: [],
    });
    const abort = new AbortController();
    const reading = callTableMethod(
      handlers,
      'events.read',
      { waitMs: 10_000 },
      { clientId: 'c', signal: abort.signal },
    );
    abort.abort();
    await expect(reading).rejects.toMatchObject({ code: 'cancelled' });
  });
});
