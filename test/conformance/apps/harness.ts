/**
 * Runs the apps specs against one fixture, shared by the file's specs (each spec launches its
 * own app). A spec named in `gaps` is a known gap: it runs as an expected failure with its
 * reason, so the list cannot go stale.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { APPS_SPECS, type AppsFixture } from './specs.js';

const SPEC_DEADLINE_MS = 60_000;

export function runAppsConformance(
  name: string,
  setup: () => Promise<AppsFixture>,
  gaps: Readonly<Record<string, string>> = {},
): void {
  describe(`apps conformance: ${name}`, () => {
    let fixture: AppsFixture;
    beforeAll(async () => {
      fixture = await setup();
    }, SPEC_DEADLINE_MS);
    afterAll(() => fixture?.dispose());
    for (const spec of APPS_SPECS) {
      const gap = gaps[spec.id];
      const declare = gap === undefined ? it : it.fails;
      const title = gap === undefined ? spec.title : `${spec.title} (known gap: ${gap})`;
      declare(`${spec.id}: ${title}`, () => spec.run(fixture), SPEC_DEADLINE_MS);
    }
  });
}
