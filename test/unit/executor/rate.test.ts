import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isUiError } from '../../../src/errors.js';
import { describeTarget, openAuditLog } from '../../../src/executor/audit.js';
import { ActionRateLimit } from '../../../src/executor/rate.js';
import { codeOf } from '../../support/errors.js';

const base = { rateLimitPerSec: 100 };

describe('ActionRateLimit', () => {
  it('limits each client to its rate and refills over time', () => {
    let now = 0;
    const gate = new ActionRateLimit({ ...base, rateLimitPerSec: 3 }, () => now);
    for (let i = 0; i < 3; i++) gate.checkRate('a');
    expect(codeOf(() => gate.checkRate('a'))).toBe('rate_limited');
    expect(codeOf(() => gate.checkRate('b'))).toBeUndefined();
    now = 400; // 1.2 tokens back
    expect(codeOf(() => gate.checkRate('a'))).toBeUndefined();
    expect(codeOf(() => gate.checkRate('a'))).toBe('rate_limited');
  });

  it('says when to retry a rate-limited client', () => {
    const gate = new ActionRateLimit({ ...base, rateLimitPerSec: 1 }, () => 0);
    gate.checkRate('a');
    try {
      gate.checkRate('a');
      expect.unreachable('should be limited');
    } catch (err) {
      expect(isUiError(err) && err.details?.retryAfterMs).toBe(1000);
    }
  });
});

describe('audit log', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  it('appends one JSON line per record, keeping earlier lines', () => {
    dir = mkdtempSync(join(tmpdir(), 'audit-'));
    const path = join(dir, 'audit.jsonl');
    const record = {
      time: '2026-01-01T00:00:00.000Z',
      client: 'c1',
      action: 'actions.click',
      target: 'e1',
      outcome: 'ok',
      durationMs: 3,
    };
    const first = openAuditLog(path);
    first.write(record);
    first.close();
    first.write({ ...record, client: 'after close' });
    const second = openAuditLog(path);
    second.write({ ...record, outcome: 'timeout' });
    second.close();
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
    expect(lines.map((l) => JSON.parse(l) as unknown)).toEqual([
      record,
      { ...record, outcome: 'timeout' },
    ]);
  });

  it('describes targets briefly', () => {
    expect(describeTarget({ ref: 'e4' })).toBe('e4');
    expect(describeTarget({ x: 1, y: 2 })).toBe('(1,2)');
    expect(describeTarget({ name: 'Save', controlType: 'Button' })).toBe(
      'controlType="Button" name="Save"',
    );
    expect(describeTarget(undefined)).toBeNull();
  });
});

describe('rate limit memory', () => {
  it('forgets refilled clients once many have come and gone, keeping limited ones', () => {
    let now = 0;
    const gate = new ActionRateLimit({ ...base, rateLimitPerSec: 1 }, () => now);
    gate.checkRate('busy');
    now = 10_000;
    for (let i = 0; i < 10_001; i++) gate.checkRate(`client-${i}`);
    // Everyone refilled at the same clock except those just charged: the old ones are pruned.
    expect(gate.rateClients).toBeLessThan(10_002);
    expect(codeOf(() => gate.checkRate('client-10000'))).toBe('rate_limited');
    expect(codeOf(() => gate.checkRate('busy'))).toBeUndefined();
  });
});
