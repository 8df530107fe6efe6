import { describe, expect, it } from 'vitest';
import type { InstalledApp } from '../../../../src/backends/apps.js';
import { UiaAppControl } from '../../../../src/backends/uia/uiaAppControl.js';
import type { ProcessReport } from '../../../../src/backends/uia/uiaHostApps.js';
import type { HostOp } from '../../../../src/backends/uia/uiaHostProtocol.js';
import { quoteArg } from '../../../../src/backends/uia/uiaWin32Process.js';

const CATALOG: InstalledApp[] = [
  {
    id: 'notepad.exe',
    name: 'notepad',
    executable: 'C:\\Windows\\notepad.exe',
    source: 'app-paths',
  },
  { id: 'C:\\bin\\tool.exe', name: 'tool', executable: 'C:\\bin\\tool.exe', source: 'path' },
];

/** A host answering from fixed data; records what it was asked. */
function fakeHost(reports: ProcessReport[] = []) {
  const asked: { op: HostOp; args: unknown }[] = [];
  const call = (op: HostOp, args: unknown): Promise<unknown> => {
    asked.push({ op, args });
    if (op === 'appsCatalog') {
      const path = (args as { path?: string }).path;
      return Promise.resolve(path === undefined ? CATALOG : CATALOG.filter((a) => a.id === path));
    }
    if (op === 'appsLaunch') return Promise.resolve({ pid: 42, name: 'notepad' });
    if (op === 'appsProcesses') return Promise.resolve(reports.shift() ?? reports.at(-1));
    return Promise.resolve(null);
  };
  return { call, asked };
}

const options = { signal: AbortSignal.timeout(5_000) };

describe('UiaAppControl', () => {
  it('resolves names through App Paths and PATH with the shared matching rules', async () => {
    const apps = new UiaAppControl(fakeHost().call);
    const r = await apps.resolve({ name: 'Notepad', args: ['a b'] }, options);
    expect(r.argv).toEqual(['C:\\Windows\\notepad.exe', 'a b']);
    expect((await apps.resolve({ name: 'tool', args: [] }, options)).app.source).toBe('path');
    await expect(apps.resolve({ name: 'notpad-xq', args: [] }, options)).rejects.toMatchObject({
      code: 'app_not_found',
    });
  });

  it('takes a desktop id with "!" as a packaged app and a missing path as app_not_found', async () => {
    const apps = new UiaAppControl(fakeHost().call);
    const aumid = 'Microsoft.WindowsCalculator_8wekyb3d8bbwe!App';
    const packaged = await apps.resolve({ desktopId: aumid, args: [] }, options);
    expect(packaged.app.source).toBe('packaged');
    await expect(
      apps.resolve({ path: 'C:\\nowhere\\x.exe', args: [] }, options),
    ).rejects.toMatchObject({ code: 'app_not_found' });
  });

  it("settles a launch's exit from the host's report and follows its children", async () => {
    const host = fakeHost([
      { exits: { 42: 'running' }, parents: [[43, 42]] },
      { exits: { 42: 3 }, parents: [[43, 42]] },
    ]);
    const apps = new UiaAppControl(host.call);
    const cmd = await apps.resolve({ name: 'notepad', args: [] }, options);
    const launched = await apps.launch(cmd, options);
    expect(launched.pid).toBe(42);
    expect(await launched.exited).toBe(3);
    expect(apps.belongsTo(43, 42)).toBe(true);
    expect(apps.belongsTo(44, 42)).toBe(false);
    expect(host.asked.find((a) => a.op === 'appsLaunch')?.args).toMatchObject({ packaged: false });
    apps.stop();
  });
});

describe('quoteArg (CommandLineToArgvW rules)', () => {
  it.each([
    ['plain', 'plain'],
    ['two words', '"two words"'],
    ['', '""'],
    ['say "hi"', '"say \\"hi\\""'],
    ['C:\\dir\\', 'C:\\dir\\'],
    ['C:\\my dir\\', '"C:\\my dir\\\\"'],
    ['a\\"b', '"a\\\\\\"b"'],
  ])('%j -> %j', (arg, quoted) => expect(quoteArg(arg)).toBe(quoted));
});
