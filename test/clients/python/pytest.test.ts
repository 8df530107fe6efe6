/**
 * The Python client's own tests (clients/python/tests) and the pytest examples
 * (examples/python), run with Debian's pytest against real `uistream serve` processes on the
 * simulated desktop. Each suite runs once; each of its tests is reported here as its own test,
 * with pytest's failure text (and the plugin's report sections) when it fails.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { collect, junitKey, pythonReady, runSuite, type Outcome } from './pytest-run.js';

const SUITES = [
  { suite: 'clients/python/tests', name: 'python-client', minimum: 12 },
  { suite: 'examples/python', name: 'python-examples', minimum: 3 },
];
const RUN_TIMEOUT = 300_000;
const ready = process.platform === 'linux' && pythonReady();

describe.runIf(process.platform === 'linux')('Debian Python for the Python client', () => {
  it('has /usr/bin/python3 with websockets, msgpack and pytest (scripts/desktop/install.sh)', () => {
    expect(ready).toBe(true);
  });
});

for (const { suite, name, minimum } of SUITES) {
  describe.runIf(ready)(`pytest ${suite}`, () => {
    const ids = ready ? collect(suite) : [];
    let outcomes = new Map<string, Outcome>();
    let output = '';

    beforeAll(async () => {
      const run = await runSuite(suite, name, RUN_TIMEOUT);
      outcomes = run.outcomes;
      output = run.output;
    }, RUN_TIMEOUT + 10_000);

    it(`collects at least ${minimum} tests`, () => {
      expect(ids.length).toBeGreaterThanOrEqual(minimum);
    });

    for (const id of ids) {
      it(id, () => {
        const outcome = outcomes.get(junitKey(id));
        expect(outcome, `no result for ${id}; pytest said:\n${output}`).toBeDefined();
        expect(outcome?.status, outcome?.detail).toBe('passed');
      });
    }
  });
}
