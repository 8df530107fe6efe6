/**
 * Runs every desktop-operations spec against one backend, each with a fresh fixture and a
 * deadline. A spec listed in expectations/desktop/<backend>.json is a known gap: it runs as an
 * expected failure (it.fails) with its reason, so it is never skipped and a fixed gap fails
 * until its entry is removed. A reason starting "unreliable:" marks a spec whose outcome varies
 * between runs for a cause not yet found: neither it nor it.fails could hold, so it is skipped,
 * and the skip shows in every run with its reason.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DesktopFixture, DesktopFixtureFactory, DesktopSpec } from './fixture.js';
import { DESKTOP_SPECS, SCALE_SPECS } from './specs/index.js';

const UNRELIABLE = 'unreliable:';

/** Deadline of one spec, its app's start included. */
const SPEC_DEADLINE_MS = 60_000;

const ExpectationsFile = z.record(z.string().min(1), z.string().min(1, 'give the reason'));

/** Read expectations/desktop/<backend>.json, rejecting ids that name no spec. */
export function loadDesktopExpectations(backend: string): Record<string, string> {
  const url = new URL(`../expectations/desktop/${backend}.json`, import.meta.url);
  const parsed = ExpectationsFile.parse(JSON.parse(readFileSync(url, 'utf8')));
  const known = new Set([...DESKTOP_SPECS, ...SCALE_SPECS].map((s) => s.id));
  const unknown = Object.keys(parsed).filter((id) => !known.has(id));
  if (unknown.length > 0) throw new Error(`expectations name unknown specs: ${unknown.join(', ')}`);
  return parsed;
}

/** Declare the desktop-operations suite for one backend. */
export function runDesktopConformance(
  backend: string,
  createFixture: DesktopFixtureFactory,
  specs: readonly DesktopSpec[] = DESKTOP_SPECS,
): void {
  const expectations = loadDesktopExpectations(backend);
  describe(`desktop conformance: ${backend}`, () => {
    let fixture: DesktopFixture | undefined;
    afterEach(async () => {
      await fixture?.dispose();
      fixture = undefined;
    });

    it('has unique spec ids', () => {
      const ids = [...DESKTOP_SPECS, ...SCALE_SPECS].map((s) => s.id);
      expect(new Set(ids).size).toBe(ids.length);
    });

    for (const spec of specs) {
      const gap = expectations[spec.id];
      const declare = gap === undefined ? it : gap.startsWith(UNRELIABLE) ? it.skip : it.fails;
      const title = gap === undefined ? spec.title : `${spec.title} (known gap: ${gap})`;
      declare(
        `${spec.id}: ${title}`,
        async () => {
          fixture = await createFixture(AbortSignal.timeout(SPEC_DEADLINE_MS / 2));
          await spec.run(fixture);
        },
        SPEC_DEADLINE_MS,
      );
    }
  });
}
