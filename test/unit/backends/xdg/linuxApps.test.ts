/** Resolving against real desktop entry directories and starting real processes. */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readDesktopEntries } from '../../../../src/backends/xdg/catalog.js';
import { createLinuxAppControl, descendsFrom } from '../../../../src/backends/xdg/linuxApps.js';
import { rejection } from '../../../support/errors.js';

const root = mkdtempSync(join(tmpdir(), 'uistream-xdg-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const bin = join(root, 'bin');
const [home, system] = [join(root, 'home'), join(root, 'system')];
for (const d of [bin, join(home, 'applications'), join(system, 'applications/sub')])
  mkdirSync(d, { recursive: true });
const script = join(bin, 'fixture-app');
writeFileSync(script, '#!/bin/sh\nexec sleep 30\n');
chmodSync(script, 0o755);
const entry = (name: string, exec: string) =>
  `[Desktop Entry]\nType=Application\nName=${name}\nExec=${exec}\n`;
writeFileSync(
  join(home, 'applications/fixture.desktop'),
  entry('Fixture Home', 'fixture-app --home %F'),
);
writeFileSync(join(system, 'applications/fixture.desktop'), entry('Fixture System', 'fixture-app'));
writeFileSync(
  join(system, 'applications/sub/viewer.desktop'),
  entry('Viewer', 'fixture-app --view %u'),
);
const env = { PATH: `${bin}:/usr/bin:/bin`, XDG_DATA_HOME: home, XDG_DATA_DIRS: system };
const control = createLinuxAppControl(env, { requestClose: () => Promise.resolve() });
const options = () => ({ signal: AbortSignal.timeout(5_000) });

describe('Linux app control', () => {
  it('reads entries, an earlier directory hiding a later one with the same id', () => {
    const entries = readDesktopEntries(env);
    expect(entries.map((e) => [e.id, e.name]).sort()).toEqual([
      ['fixture.desktop', 'Fixture Home'],
      ['sub-viewer.desktop', 'Viewer'],
    ]);
  });

  it('resolves by name, desktop id, program and path to an argv', async () => {
    const byName = await control.resolve({ name: 'viewer', args: ['/tmp/x.png'] }, options());
    expect(byName.argv).toEqual([script, '--view', '/tmp/x.png']);
    const byId = await control.resolve({ desktopId: 'fixture', args: ['a', 'b'] }, options());
    expect(byId.argv).toEqual([script, '--home', 'a', 'b']);
    const program = await control.resolve({ name: 'fixture-app', args: [] }, options());
    // Two entries run that program: the program itself is meant.
    expect([program.app.source, program.argv]).toEqual(['path', [script]]);
    const byPath = await control.resolve({ path: script, args: ['-x'] }, options());
    expect(byPath.argv).toEqual([script, '-x']);
  });

  it('answers app_not_found for what is not installed or not executable', async () => {
    const missing = await rejection(control.resolve({ name: 'Viewr', args: [] }, options()));
    expect(missing.code).toBe('app_not_found');
    expect(missing.details?.closest).toContain('Viewer');
    expect(
      (await rejection(control.resolve({ path: join(root, 'nope'), args: [] }, options()))).code,
    ).toBe('app_not_found');
    expect(
      (
        await rejection(
          control.resolve(
            { path: join(system, 'applications/fixture.desktop'), args: [] },
            options(),
          ),
        )
      ).code,
    ).toBe('app_not_found');
  });

  it('starts without a shell, relates the process, and kills it', async () => {
    const command = await control.resolve({ path: script, args: [] }, options());
    const launched = await control.launch(command, options());
    expect(control.running(launched.pid)).toBe(true);
    expect(descendsFrom(launched.pid, process.pid)).toBe(true);
    expect(descendsFrom(process.pid, launched.pid)).toBe(false);
    expect(control.belongsTo(launched.pid, launched.pid)).toBe(true);
    await control.kill(launched.pid, options());
    expect(await launched.exited).toBeNull();
    expect(control.running(launched.pid)).toBe(false);
  });

  it('fails a launch whose working directory does not exist, typed', async () => {
    const command = await control.resolve(
      { path: script, args: [], cwd: join(root, 'gone') },
      options(),
    );
    expect((await rejection(control.launch(command, options()))).code).toBe('action_failed');
  });
});
