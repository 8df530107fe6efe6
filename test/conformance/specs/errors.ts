/** Bad input to the contract gives a typed error, and the backend carries on afterwards. */
import { ignoreElements, lastValueFrom, throwError, timeout } from 'rxjs';
import { expect } from 'vitest';
import type { ConformanceSpec } from '../fixture.js';
import { EVENT_DEADLINE_MS, expectUiError, fetchOne } from '../helpers.js';

const UNKNOWN = 'no-such-element-42';

export const errorSpecs: ConformanceSpec[] = [
  {
    id: 'errors.unknown-id',
    title: 'an unknown id gives a typed error on every call',
    async run(fx, signal) {
      const { backend } = fx;
      const codes = ['element_stale', 'invalid_params'] as const;
      await expectUiError(backend.fetchSubtree(UNKNOWN, { signal }), codes);
      await expectUiError(
        backend.performPattern(UNKNOWN, { pattern: 'Invoke' }, { signal }),
        codes,
      );
      await expectUiError(backend.focus(UNKNOWN, { signal }), codes);
      await expectUiError(backend.activateWindow(UNKNOWN, { signal }), codes);
      expect((await fetchOne(backend, backend.rootId, signal)).children.length).toBeGreaterThan(0);
    },
  },
  {
    id: 'errors.stale-after-close',
    title: 'ids of a closed window answer element_stale',
    async run(fx, signal) {
      const { backend } = fx;
      const win = await fx.target('closableWindow', signal);
      const inside = (await backend.fetchSubtree(win, { signal })).map((n) => n.id);
      await backend.performPattern(win, { pattern: 'Window', op: 'close' }, { signal });
      await expectUiError(backend.fetchSubtree(win, { signal }), ['element_stale']);
      const last = inside[inside.length - 1] ?? win;
      await expectUiError(backend.focus(last, { signal }), ['element_stale']);
    },
  },
  {
    id: 'errors.wrong-pattern',
    title: 'a pattern the element lacks gives pattern_not_supported',
    async run(fx, signal) {
      const box = await fx.target('checkBox', signal);
      await expectUiError(
        fx.backend.performPattern(box, { pattern: 'RangeValue', value: 1 }, { signal }),
        ['pattern_not_supported'],
      );
    },
  },
  {
    id: 'errors.bad-values',
    title: 'NaN and out-of-range values give invalid_params, never a crash',
    async run(fx, signal) {
      const { backend } = fx;
      const slider = await fx.target('range', signal);
      const scrollable = await fx.target('scrollable', signal);
      const range = (await fetchOne(backend, slider, signal)).props.range;
      const bad = ['invalid_params'] as const;
      const set = (value: number) =>
        backend.performPattern(slider, { pattern: 'RangeValue', value }, { signal });
      await expectUiError(set(Number.NaN), bad);
      await expectUiError(set((range?.max ?? 0) + 1_000), bad);
      const scroll = { pattern: 'Scroll', direction: 'down', amount: Number.NaN } as const;
      await expectUiError(backend.performPattern(scrollable, scroll, { signal }), bad);
      const click = { kind: 'click', x: Number.NaN, y: 1, button: 'left', count: 1 } as const;
      await expectUiError(backend.input(click, { signal }), bad);
      await expectUiError(backend.input({ kind: 'keys', combos: [] }, { signal }), bad);
      expect((await fetchOne(backend, slider, signal)).props.range).toEqual(range);
    },
  },
  {
    id: 'errors.aborted-signal',
    title: 'an already-aborted signal gives timeout or cancelled without acting',
    async run(fx, signal) {
      const { backend } = fx;
      const box = await fx.target('checkBox', signal);
      const before = await fetchOne(backend, box, signal);
      const aborted = AbortSignal.abort();
      const codes = ['timeout', 'cancelled'] as const;
      await expectUiError(backend.fetchSubtree(backend.rootId, { signal: aborted }), codes);
      await expectUiError(
        backend.performPattern(box, { pattern: 'Toggle' }, { signal: aborted }),
        codes,
      );
      expect((await fetchOne(backend, box, signal)).props.states).toEqual(before.props.states);
    },
  },
  {
    id: 'lifecycle.stop',
    title: 'stop() completes events$, is idempotent, and later calls give backend_unavailable',
    async run(fx, signal) {
      const { backend } = fx;
      const completed = lastValueFrom(
        backend.events$.pipe(
          ignoreElements(),
          timeout({
            first: EVENT_DEADLINE_MS,
            with: () => throwError(() => new Error('events$ did not complete on stop()')),
          }),
        ),
        { defaultValue: undefined },
      );
      await backend.stop();
      await completed;
      await backend.stop();
      await expectUiError(backend.fetchSubtree(backend.rootId, { signal }), [
        'backend_unavailable',
      ]);
    },
  },
];
