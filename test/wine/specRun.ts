/**
 * The loop every Wine suite runs: each selected spec on a fresh fixture, under a deadline so a
 * hung spec fails alone, the fixture disposed whatever happened.
 */
import type { UiaBackend } from '../../src/backends/uia/index.js';

const SPEC_DEADLINE_MS = 60_000;

export interface AppsRun {
  newBackend(): UiaBackend;
  fixtureExe: string;
  only: readonly string[] | undefined;
  /** Run one spec with the shared bookkeeping (gaps, timing, the result file). */
  runSpec(spec: { id: string; title: string }, body: () => Promise<void>): Promise<void>;
}

export async function runSpecs<F extends { dispose(): Promise<void> }>(
  run: AppsRun,
  specs: readonly { id: string; title: string; run(fixture: F): Promise<void> }[],
  newFixture: (backend: UiaBackend, fixtureExe: string) => Promise<F>,
): Promise<void> {
  for (const spec of specs) {
    if (run.only !== undefined && !run.only.includes(spec.id)) continue;
    await run.runSpec(spec, async () => {
      const fixture = await newFixture(run.newBackend(), run.fixtureExe);
      const deadline = new Promise<never>((_resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('spec deadline passed')), SPEC_DEADLINE_MS);
        timer.unref();
      });
      try {
        await Promise.race([spec.run(fixture), deadline]);
      } finally {
        await fixture.dispose();
      }
    });
  }
}
