import { describe, expect, it } from 'vitest';
import { parseCli } from '../../../src/cli/args.js';

describe('launch flags', () => {
  it('launching is on by default with no allow list', () => {
    const { executor } = parseCli(['serve']).config;
    expect([executor.launch, executor.allowLaunch]).toEqual([true, []]);
  });

  it('--no-launch turns it off; --allow-launch repeats', () => {
    const off = parseCli(['serve', '--no-launch']).config.executor;
    expect(off.launch).toBe(false);
    const some = parseCli(['mcp', '--allow-launch', '/usr/bin/*', '--allow-launch', 'org.gnome.*']);
    expect(some.config.executor.allowLaunch).toEqual(['/usr/bin/*', 'org.gnome.*']);
  });
});
