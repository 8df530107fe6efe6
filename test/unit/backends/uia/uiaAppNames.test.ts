import { describe, expect, it } from 'vitest';
import { AppNames, type ProcessReader } from '../../../../src/backends/uia/uiaAppNames.js';

/** Processes by pid, each with a creation time; counts name reads. */
function processes(table: Record<number, { started: number | null; name: string }>) {
  const reads: number[] = [];
  const reader: ProcessReader = {
    startTime: (pid) => table[pid]?.started ?? null,
    name: (pid) => {
      reads.push(pid);
      return table[pid]?.name ?? '';
    },
  };
  return { table, reads, reader };
}

describe('app names by pid', () => {
  it('reuses a name while the same process holds the pid, not after the pid is reused', () => {
    const p = processes({ 40: { started: 111, name: 'notepad' } });
    const names = new AppNames(p.reader);
    expect(names.of(40)).toBe('notepad');
    expect(names.of(40)).toBe('notepad');
    expect(p.reads).toEqual([40]);
    // notepad exits; a new process gets pid 40.
    p.table[40] = { started: 222, name: 'cmd' };
    expect(names.of(40)).toBe('cmd');
    expect(p.reads).toEqual([40, 40]);
  });

  it('never caches a process it cannot identify, and stays bounded', () => {
    const p = processes({ 7: { started: null, name: 'system' } });
    const names = new AppNames(p.reader, 3);
    names.of(7);
    names.of(7);
    expect(p.reads).toEqual([7, 7]);
    expect(names.size).toBe(0);
    for (let pid = 100; pid < 110; pid++) p.table[pid] = { started: pid, name: `app${pid}` };
    for (let pid = 100; pid < 110; pid++) names.of(pid);
    expect(names.size).toBe(3);
    expect(names.of(109)).toBe('app109');
  });
});
