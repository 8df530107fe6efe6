import { describe, expect, it } from 'vitest';
import type { InstalledApp } from '../../../src/backends/apps.js';
import {
  byDesktopId,
  byName,
  closestNames,
  editDistance,
} from '../../../src/backends/launchMatch.js';
import { rejectionCode } from '../../support/errors.js';

const entry = (id: string, name: string, executable: string): InstalledApp => ({
  id,
  name,
  executable,
  source: 'desktop-entry',
});
const INSTALLED: InstalledApp[] = [
  entry('org.gnome.TextEditor.desktop', 'Text Editor', '/usr/bin/gnome-text-editor'),
  entry('org.gnome.Calculator.desktop', 'Calculator', '/usr/bin/gnome-calculator'),
  entry('mousepad.desktop', 'Mousepad', '/usr/bin/mousepad'),
  { id: '/usr/bin/xterm', name: 'xterm', executable: '/usr/bin/xterm', source: 'path' },
  { id: '/usr/bin/mousepad', name: 'mousepad', executable: '/usr/bin/mousepad', source: 'path' },
];

describe('finding an installed app', () => {
  it('measures edit distance', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('finds by display name, id or program name, preferring a desktop entry', () => {
    expect(byName(INSTALLED, 'calculator').id).toBe('org.gnome.Calculator.desktop');
    expect(byName(INSTALLED, 'org.gnome.TextEditor').name).toBe('Text Editor');
    expect(byName(INSTALLED, 'mousepad').source).toBe('desktop-entry');
    expect(byName(INSTALLED, 'xterm').executable).toBe('/usr/bin/xterm');
    expect(byName(INSTALLED, 'text').id).toBe('org.gnome.TextEditor.desktop');
  });

  it('finds by desktop id with or without .desktop', () => {
    expect(byDesktopId(INSTALLED, 'mousepad').name).toBe('Mousepad');
    expect(byDesktopId(INSTALLED, 'ORG.GNOME.CALCULATOR.DESKTOP').name).toBe('Calculator');
  });

  it('answers app_not_found with the closest names, multiple_matches for an ambiguous part', async () => {
    let thrown: unknown;
    try {
      byName(INSTALLED, 'Calculater');
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toFailWith('app_not_found');
    expect((thrown as { details: { closest: string[] } }).details.closest[0]).toBe('Calculator');
    expect(await rejectionCode(Promise.resolve().then(() => byName(INSTALLED, 'o')))).toBe(
      'multiple_matches',
    );
    expect(await rejectionCode(Promise.resolve().then(() => byDesktopId(INSTALLED, 'xterm')))).toBe(
      'app_not_found',
    );
  });

  it('ranks close names and leaves far ones out', () => {
    expect(closestNames('mousepd', ['Mousepad', 'Calculator', 'xterm'])).toEqual(['Mousepad']);
    expect(closestNames('zzzzzz', ['Mousepad'])).toEqual([]);
  });
});
