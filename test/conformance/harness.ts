/**
 * Runs every conformance spec against one backend. Each spec gets a fresh fixture and a
 * deadline. A spec listed in the backend's expectations file is a known gap: it runs as an
 * expected failure (it.fails), so it is never skipped and the list cannot go stale silently —
 * once the gap is fixed, the expected failure fails and the entry must be removed.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ConformanceFixture, Expectations, FixtureFactory } from './fixture.js';
import { ALL_SPECS } from './specs/index.js';

/** Deadline of one spec, fixture setup included. */
const SPEC_DEADLINE_MS = 20_000;

const ExpectationsFile = z.record(z.string().min(1), z.string().min(1, 'give the reason'));

/** Read expectations/<backend>.json, rejecting ids that name no spec. */
export function loadExpectations(backend: string): Expectations {
  const url = new URL(`./expectations/${backend}.json`, import.meta.url);
  const parsed = ExpectationsFile.parse(JSON.parse(readFileSync(url, 'utf8')));
  const known = new Set(ALL_SPECS.map((s) => s.id));
  const unknown = Object.keys(parsed).filter((id) => !known.has(id));
  if (unknown.length > 0) throw new Error(`expectations name unknown specs: ${unknown.join(', ')}`);
  return parsed;
}

/** Declare the conformance suite for one backend. */
export function runConformance(backend: string, createFixture: FixtureFactory): void {
  const expectations = loadExpectations(backend);
  describe(`conformance: ${backend}`, () => {
    let fixture: ConformanceFixture | undefined;
    afterEach(async () => {
      await fixture?.dispose();
      fixture = undefined;
    });

    it('has unique spec ids', () => {
      const ids = ALL_SPECS.map((s) => s.id);
      expect(new Set(ids).size).toBe(ids.length);
    });

    for (const spec of ALL_SPECS) {
      const gap = expectations[spec.id];
      const declare = gap === undefined ? it : it.fails;
      const title = gap === undefined ? spec.title : `${spec.title} (known gap: ${gap})`;
      declare(
        `${spec.id}: ${title}`,
        async () => {
          const signal = AbortSignal.timeout(SPEC_DEADLINE_MS - 1_000);
          fixture = await createFixture(signal);
          await spec.run(fixture, signal);
        },
        SPEC_DEADLINE_MS,
      );
    }
  });
}
