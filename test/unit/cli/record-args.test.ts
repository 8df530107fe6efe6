import { describe, expect, it } from 'vitest';
import { parseCli, UsageError } from '../../../src/cli/args.js';

describe('uistream record', () => {
  it('takes the format from --out, the app and the assertion chord', () => {
    const cli = parseCli(['record', '--app', 'gedit', '--out', 'test_edit.py']);
    expect(cli.command).toBe('record');
    expect(cli.record).toEqual({
      app: 'gedit',
      out: 'test_edit.py',
      format: 'pytest',
      assertKey: 'Ctrl+Alt+a',
    });
    expect(parseCli(['record', '--out', 'x.test.ts']).record?.format).toBe('typescript');
    expect(parseCli(['record', '--out', 'calls.json']).record?.format).toBe('mcp');
    expect(parseCli(['record', '--assert-key', 'F9']).record?.assertKey).toBe('F9');
    expect(parseCli(['record', '--backend', 'sim', '--seed', '4']).record).toMatchObject({
      backend: 'sim',
      seed: 4,
      format: 'pytest',
    });
  });

  it('refuses an unknown extension, format, chord or flag with a usage error', () => {
    expect(() => parseCli(['record', '--out', 'x.txt'])).toThrow(UsageError);
    expect(() => parseCli(['record', '--format', 'robot'])).toThrow(/pytest, typescript or mcp/);
    expect(() => parseCli(['record', '--assert-key', 'Hyper+Q'])).toThrow(/--assert-key/);
    expect(() => parseCli(['record', '--port', '1'])).toThrow(UsageError);
  });
});
