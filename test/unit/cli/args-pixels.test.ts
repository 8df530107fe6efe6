import { expect, it } from 'vitest';
import { parseCli } from '../../../src/cli/args.js';

it('--no-screenshots turns capture off; capture is on by default', () => {
  expect(parseCli([]).config.pixels.enabled).toBe(true);
  expect(parseCli(['--no-screenshots']).config.pixels.enabled).toBe(false);
});
