/** Targets as data: a figure judged as a ratio or a difference to its baseline, or a budget. */
import { describe, expect, it } from 'vitest';
import { judge } from '../../../../bench/lib/targets.js';
import { percentileTrials, trialsOf } from '../../../../bench/lib/stats.js';
import { TARGETS, type TargetSpec } from '../../../../bench/targets.js';

describe('bench targets', () => {
  it('judges a ratio to a baseline of the same line, a trials object by its median', () => {
    const line = { read: { p99Us: trialsOf([300, 310, 500]), bareP99Us: 100 } };
    const t = judge(line, {
      figure: 'read.p99Us',
      relation: 'ratio',
      baseline: 'read.bareP99Us',
      of: 'bare',
      op: '<=',
      limit: 3,
    });
    expect(t).toMatchObject({ value: 3.1, baseline: 100, met: false, limit: '<= 3x bare' });
    expect(t.spread).toBeCloseTo(200 / 310, 3);
  });

  it('judges a pooled figure by its value over all cycles, with its trials spread', () => {
    const line = { lag: { pooled: 1.4, spread: 0.2, trials: [1.3, 1.5, 1.4] } };
    const t = judge(line, { figure: 'lag', op: '<=', limit: 1.5 });
    expect(t).toMatchObject({ value: 1.4, met: true, spread: 0.2 });
  });

  it('judges a difference over a baseline, and a budget as it is', () => {
    const line = { latency: { p99Ms: 12, control: { p99Ms: 8 } }, bytes: 900 };
    const over = judge(line, {
      figure: 'latency.p99Ms',
      relation: 'over',
      baseline: 'latency.control.p99Ms',
      op: '<=',
      limit: 5,
      unit: ' ms',
    });
    expect(over).toMatchObject({ value: 4, met: true });
    expect(judge(line, { figure: 'bytes', op: '<=', limit: 800 })).toMatchObject({ met: false });
  });

  it('judges a paired difference window by window, not the difference of the medians', () => {
    // Window 2 stalled both paths by 40 ms; the medians apart come from different windows.
    const line = {
      latency: {
        p99Ms: trialsOf([6, 46, 5, 7, 6]),
        control: { p99Ms: trialsOf([3, 43, 3, 4, 2]) },
      },
    };
    const spec = {
      figure: 'latency.p99Ms',
      relation: 'over',
      baseline: 'latency.control.p99Ms',
      op: '<=',
      limit: 3,
      unit: ' ms',
    } as const;
    expect(judge(line, spec)).toMatchObject({ value: 3, met: true });
    expect(judge(line, { ...spec, paired: true })).toMatchObject({ value: 3, met: true });
    const stalled = { latency: { ...line.latency, p99Ms: trialsOf([6, 46, 9, 9, 9]) } };
    expect(judge(stalled, spec)).toMatchObject({ value: 6, met: false });
    expect(judge(stalled, { ...spec, paired: true })).toMatchObject({ value: 5, met: false });
    const short = { latency: { ...line.latency, p99Ms: trialsOf([6, 46]) } };
    expect(judge(short, { ...spec, paired: true })).toMatchObject({ value: null, met: false });
  });

  it('misses a target whose figure or baseline was not measured', () => {
    const spec = { figure: 'a', relation: 'ratio', baseline: 'b', op: '>=', limit: 1 } as const;
    expect(judge({ a: 2 }, spec)).toMatchObject({ value: null, met: false });
    expect(judge({ b: 2 }, spec)).toMatchObject({ value: null, met: false });
  });

  it('has no target that is an absolute wall time', () => {
    // CPU budgets (the bridge's CPU per published event, the FX thread's CPU per task) count CPU
    // time, which waiting for a core on a loaded machine does not inflate.
    const specs: Record<string, Record<string, TargetSpec>> = TARGETS;
    const timed = Object.values(specs)
      .flatMap((t) => Object.values(t))
      .filter((t) => /Ms|Us/.test(t.figure) && !('baseline' in t) && !/^cpu\.|Cpu/.test(t.figure));
    expect(timed).toEqual([]);
  });

  it('takes a percentile per consecutive third, so one stall falls in one trial', () => {
    const ones = (n: number, v = 1): number[] => Array.from({ length: n }, () => v);
    const samples = [...ones(99), 50, ...ones(100), ...ones(100, 2)];
    const p = percentileTrials(samples, 99.5);
    expect(p.values).toEqual([50, 1, 2]);
    expect(p.median).toBe(2);
  });
});
