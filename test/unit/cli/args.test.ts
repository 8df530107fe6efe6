import { describe, expect, it } from 'vitest';
import { parseCli, UsageError } from '../../../src/cli/args.js';

describe('parseCli', () => {
  it('defaults to serve on loopback with the auto backend', () => {
    const cli = parseCli([]);
    expect(cli.command).toBe('serve');
    expect(cli.config.host).toBe('127.0.0.1');
    expect(cli.config.backend).toBe('auto');
    expect(cli.config.readOnly).toBe(false);
  });

  it('maps every flag into the config', () => {
    const cli = parseCli([
      'mcp',
      '--backend',
      'sim',
      '--port',
      '0',
      '--token',
      'abcdefghijklmnopqrstuvwxyz',
      '--read-only',
      '--deny-app',
      'editor',
      '--deny-app',
      'installer',
      '--seed',
      '7',
      '--demo',
      '--tools',
      'ui_automation',
    ]);
    expect(cli.command).toBe('mcp');
    expect(cli.config).toMatchObject({
      backend: 'sim',
      port: 0,
      readOnly: true,
      seed: 7,
      demo: true,
      executor: { denyApps: ['editor', 'installer'] },
      mcp: { tools: 'ui_automation' },
    });
  });

  it.each([
    [['--backend', 'win95'], /--backend/],
    [['--port', 'eighty'], /--port needs a whole number/],
    [['--port', '70000'], /--port/],
    [['--token', 'short'], /--token: a token needs at least 16 characters/],
    [['--frobnicate'], /frobnicate/],
    [['launch'], /unknown command "launch"/],
    [['serve', 'extra'], /unexpected argument "extra"/],
    [['--tools', 'all'], /--tools/],
  ])('rejects %j with a clear usage error', (argv, message) => {
    expect(() => parseCli(argv)).toThrow(UsageError);
    expect(() => parseCli(argv)).toThrow(message);
  });

  it('answers help and version without validating the rest', () => {
    expect(parseCli(['--help']).command).toBe('help');
    expect(parseCli(['-v']).command).toBe('version');
  });
});
