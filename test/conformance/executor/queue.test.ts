/**
 * Many callers at once on the real stack: exactly-once answers in per-lane order, cancel,
 * the queue bound, event-driven waits for every condition, batches and find with a wait.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { BackendId, PatternAction } from '../../../src/backends/backend.js';
import { codeOf, startDesktop, type Desktop } from './desktop.js';

let desk: Desktop | undefined;
afterEach(async () => {
  await desk?.stop();
  desk = undefined;
});

/** Log the values of Value-pattern calls in the order the backend receives them. */
function logValues(d: Desktop): string[] {
  const seen: string[] = [];
  const perform = d.sim.performPattern.bind(d.sim);
  d.sim.performPattern = (id: BackendId, action: PatternAction, options) => {
    if (action.pattern === 'Value') seen.push(action.value);
    return perform(id, action, options);
  };
  return seen;
}

describe('many clients', () => {
  it('answers every action exactly once, in lane order', async () => {
    desk = await startDesktop({ executor: { rateLimitPerSec: 1_000 } });
    const text = desk.ref('editor.text');
    const seen = logValues(desk);
    const submitted: string[] = [];
    const answers = new Map<string, number>();
    const calls: Promise<void>[] = [];
    for (let round = 0; round < 4; round++) {
      for (let client = 0; client < 50; client++) {
        const value = `c${client}-r${round}`;
        submitted.push(value);
        const call = desk.run(
          'actions.setValue',
          { target: { ref: text }, value, settleMs: 0 },
          desk.ctx(`c${client}`),
        );
        calls.push(call.then(() => void answers.set(value, (answers.get(value) ?? 0) + 1)));
      }
    }
    await Promise.all(calls);
    expect(answers.size).toBe(200);
    expect([...answers.values()].every((n) => n === 1)).toBe(true);
    expect(seen).toEqual(submitted);
    expect(desk.executor.stats()).toMatchObject({ queued: 0, running: 0 });
  });

  it('cancels a client’s pending and running actions, leaving others alone', async () => {
    desk = await startDesktop();
    const query = desk.ref('slow.query');
    const x = desk.ctx('x');
    const hold = desk.sim.control.holdCalls('busyapp');
    const running = desk.run('actions.setValue', { target: { ref: query }, value: 'x0' }, x);
    await hold.entered; // x0 is inside the backend now; the rest queue behind it in its lane
    const queued = [1, 2, 3].map((n) =>
      desk!.run('actions.setValue', { target: { ref: query }, value: `x${n}` }, x),
    );
    const other = desk.run(
      'actions.setValue',
      { target: { ref: query }, value: 'y', settleMs: 0 },
      desk.ctx('y'),
    );
    expect(desk.executor.cancel('x')).toBe(4);
    for (const call of [running, ...queued]) expect(await codeOf(call)).toBe('cancelled');
    hold.release();
    await other;
    const landed = await desk.run('actions.waitFor', {
      condition: 'valueEquals',
      target: { ref: query },
      value: 'y',
      timeoutMs: 5_000,
    });
    expect(landed.element?.ref).toBe(query);
    expect(desk.executor.cancel('x')).toBe(0);
  });

  it('refuses actions beyond the queue bound with rate_limited', async () => {
    desk = await startDesktop({ executor: { queueLimit: 2 } });
    const query = desk.ref('slow.query');
    const hold = desk.sim.control.holdCalls('busyapp');
    const running = desk.run('actions.setValue', { target: { ref: query }, value: 'a' });
    await hold.entered;
    const second = desk.run('actions.setValue', { target: { ref: query }, value: 'b' });
    expect(await codeOf(desk.run('actions.setValue', { target: { ref: query }, value: 'c' }))).toBe(
      'rate_limited',
    );
    desk.executor.cancel('spec');
    expect(await codeOf(running)).toBe('cancelled');
    expect(await codeOf(second)).toBe('cancelled');
    hold.release();
  });
});

describe('actions.waitFor', () => {
  it('resolves each condition from the patch stream', async () => {
    desk = await startDesktop();
    const text = desk.ref('editor.text');
    const apply = desk.ref('settings.apply');
    const enabled = desk.run('actions.waitFor', {
      condition: 'enabled',
      target: { ref: apply },
      timeoutMs: 5_000,
    });
    await desk.run('actions.invoke', {
      target: { automationId: 'settings.startup' },
      pattern: 'Toggle',
    });
    expect((await enabled).element?.ref).toBe(apply);

    const value = desk.run('actions.waitFor', {
      condition: 'valueEquals',
      target: { ref: text },
      value: 'abc',
      timeoutMs: 5_000,
    });
    const name = desk.run('actions.waitFor', {
      condition: 'nameMatches',
      target: { automationId: 'editor.position' },
      value: 'Col 4$',
      timeoutMs: 5_000,
    });
    await desk.run('actions.type', { target: { ref: text }, text: 'abc' });
    expect((await value).satisfied).toBe(true);
    expect((await name).element?.name).toMatch(/Col 4$/);

    const gone = desk.run('actions.waitFor', {
      condition: 'disappear',
      target: { automationId: 'flaky.keep' },
      timeoutMs: 5_000,
    });
    const closed = desk.run('actions.waitFor', {
      condition: 'windowClosed',
      title: 'Flaky App',
      timeoutMs: 5_000,
    });
    desk.sim.control.close('flakyapp');
    expect((await gone).element).toBeNull();
    expect((await closed).satisfied).toBe(true);
  });

  it('times out with timeout and rejects bad params with invalid_params', async () => {
    desk = await startDesktop();
    expect(
      await codeOf(
        desk.run('actions.waitFor', { condition: 'windowOpened', title: 'Never', timeoutMs: 30 }),
      ),
    ).toBe('timeout');
    expect(await codeOf(desk.run('actions.waitFor', { condition: 'appear', timeoutMs: 30 }))).toBe(
      'invalid_params',
    );
    expect(
      await codeOf(
        desk.run('actions.waitFor', {
          condition: 'nameMatches',
          target: { name: 'x' },
          value: '(',
          timeoutMs: 30,
        }),
      ),
    ).toBe('invalid_params');
  });
});

describe('actions.batch and find', () => {
  it('runs steps in order and stops at the first failure', async () => {
    desk = await startDesktop();
    const text = desk.ref('editor.text');
    const ok = await desk.run('actions.batch', {
      steps: [
        { method: 'actions.type', params: { target: { ref: text }, text: 'one' } },
        { method: 'actions.keys', params: { keys: 'End' } },
        {
          method: 'actions.waitFor',
          params: { condition: 'valueEquals', target: { ref: text }, value: 'one' },
        },
      ],
    });
    expect(ok).toMatchObject({ completed: 3, failed: null });
    const stopped = await desk.run('actions.batch', {
      steps: [
        { method: 'actions.type', params: { target: { ref: text }, text: '+two' } },
        { method: 'actions.click', params: { target: { name: 'No such thing here' } } },
        { method: 'actions.type', params: { target: { ref: text }, text: '+three' } },
      ],
    });
    expect(stopped.completed).toBe(1);
    expect(stopped.failed).toMatchObject({ index: 1, error: { code: 'element_not_found' } });
    expect(desk.cache.node(text)?.value).toBe('one+two');
    const invalid = await desk.run('actions.batch', {
      steps: [{ method: 'actions.keys', params: {} }],
    });
    expect(invalid.failed).toMatchObject({ index: 0, error: { code: 'invalid_params' } });
  });

  it('find waits, driven by events, for a first match', async () => {
    desk = await startDesktop();
    const pending = desk.executor.find(
      {
        automationId: 'about.ok',
        nameMatch: 'contains',
        caseSensitive: false,
        maxResults: 5,
        timeoutMs: 5_000,
      },
      desk.ctx(),
    );
    const menu = {
      window: 'Untitled - Editor',
      controlType: 'MenuItem',
      nameMatch: 'equals',
    } as const;
    await desk.run('actions.click', { target: { ...menu, name: 'Help' } });
    await desk.run('actions.click', { target: { ...menu, name: 'About' }, waitMs: 2_000 });
    expect((await pending).elements).toHaveLength(1);
    const none = await desk.executor.find(
      {
        name: 'zzz none',
        nameMatch: 'contains',
        caseSensitive: false,
        maxResults: 5,
        timeoutMs: 20,
      },
      desk.ctx(),
    );
    expect(none.elements).toHaveLength(0);
  });
});
