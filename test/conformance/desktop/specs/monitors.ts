/** screen.monitors: the monitors the platform reports, with one primary, in physical pixels. */
import { expect } from 'vitest';
import type { DesktopSpec } from '../fixture.js';
import { call } from './calls.js';

export const monitorSpecs: DesktopSpec[] = [
  {
    id: 'monitors.match',
    title: 'screen.monitors lists the platform’s monitors and its primary one',
    async run(fx) {
      const answer = await call(fx, 'screen.monitors', {});
      const outside = await fx.outside.monitors();
      expect(answer.space).toBe('physical');
      const byPlace = (a: { rect: { x: number; y: number } }, b: typeof a) =>
        a.rect.x - b.rect.x || a.rect.y - b.rect.y;
      const got = answer.monitors.map((m) => ({ rect: m.rect, primary: m.primary })).sort(byPlace);
      expect(got).toEqual([...outside].sort(byPlace));
      expect(answer.monitors.filter((m) => m.primary)).toHaveLength(1);
      for (const m of answer.monitors) expect(m.scale).toBeGreaterThan(0);
    },
  },
];
