import { expect, it } from 'vitest';
import { parseCli } from '../../../src/cli/args.js';

it('--no-screenshots turns capture off; capture is on by default', () => {
  expect(parseCli([]).config.pixels.enabled).toBe(true);
  expect(parseCli(['--no-screenshots']).config.pixels.enabled).toBe(false);
});

it('--screenshots takes a mode and --screenshot-dir a directory; a bad mode is a usage error', () => {
  const none = parseCli([]).config.pixels;
  expect(none.screenshots).toBeUndefined();
  expect(none.screenshotDir).toBeUndefined();
  const set = parseCli(['--screenshots', 'after-actions', '--screenshot-dir', '/tmp/shots']);
  expect(set.config.pixels.screenshots).toBe('after-actions');
  expect(set.config.pixels.screenshotDir).toBe('/tmp/shots');
  expect(() => parseCli(['--screenshots', 'always'])).toThrow(/--screenshots: /);
  expect(() => parseCli(['--screenshot-dir', ''])).toThrow(/--screenshot-dir: /);
});
