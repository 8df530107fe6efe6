import { describe, expect, it } from 'vitest';
import { desktopIdOf, parseDesktopEntry } from '../../../../src/backends/xdg/desktopEntry.js';
import { expandExec, splitExec } from '../../../../src/backends/xdg/execLine.js';
import { codeOf } from '../../../support/errors.js';

const ctx = {
  args: [] as string[],
  name: 'Text Editor',
  icon: 'accessories-text-editor',
  file: '/usr/share/applications/e.desktop',
};

describe('desktop entries', () => {
  it('reads the Desktop Entry group only, with string escapes undone', () => {
    const text = [
      '# comment',
      '[Desktop Entry]',
      'Type=Application',
      'Name=Text\\sEditor',
      'Name[de]=Texteditor',
      'Exec=editor %U',
      'Path=/tmp',
      '[Desktop Action new]',
      'Exec=other',
    ].join('\n');
    expect(parseDesktopEntry(text, 'e.desktop', '/x/e.desktop')).toEqual({
      id: 'e.desktop',
      file: '/x/e.desktop',
      name: 'Text Editor',
      exec: 'editor %U',
      path: '/tmp',
    });
  });

  it('skips links, hidden entries and entries without Exec', () => {
    expect(parseDesktopEntry('[Desktop Entry]\nType=Link\nName=a\nExec=a', 'a', 'a')).toBeNull();
    expect(
      parseDesktopEntry('[Desktop Entry]\nType=Application\nName=a\nExec=a\nHidden=true', 'a', 'a'),
    ).toBeNull();
    expect(parseDesktopEntry('[Desktop Entry]\nType=Application\nName=a', 'a', 'a')).toBeNull();
  });

  it('names a file in a subdirectory with dashes', () => {
    expect(desktopIdOf('kde4/konsole.desktop')).toBe('kde4-konsole.desktop');
  });
});

describe('Exec lines, without a shell', () => {
  it('splits on blanks, honours double quotes and their escapes', () => {
    expect(splitExec('a  "b c" "d\\"e" "f\\\\g" "\\$HOME" x$y')).toEqual([
      'a',
      'b c',
      'd"e',
      'f\\g',
      '$HOME',
      'x$y',
    ]);
    expect(splitExec('a ""')).toEqual(['a', '']);
    expect(codeOf(() => splitExec('a "b'))).toBe('invalid_params');
  });

  it('never runs shell syntax: ; | $() stay plain arguments', () => {
    expect(expandExec(splitExec('sh -c x;rm $(id) | cat'), ctx)).toEqual([
      'sh',
      '-c',
      'x;rm',
      '$(id)',
      '|',
      'cat',
    ]);
  });

  it('expands the field codes', () => {
    const files = { ...ctx, args: ['/a b.txt', '/c.txt'] };
    expect(expandExec(splitExec('ed %F'), files)).toEqual(['ed', '/a b.txt', '/c.txt']);
    expect(expandExec(splitExec('ed %u'), files)).toEqual(['ed', '/a b.txt']);
    expect(expandExec(splitExec('ed --file=%f'), files)).toEqual(['ed', '--file=/a b.txt']);
    expect(expandExec(splitExec('ed %i --name %c %k 100%%'), ctx)).toEqual([
      'ed',
      '--icon',
      'accessories-text-editor',
      '--name',
      'Text Editor',
      ctx.file,
      '100%',
    ]);
    expect(expandExec(splitExec('ed %d %m %U'), ctx)).toEqual(['ed']);
  });

  it('appends the arguments to an Exec without a file code', () => {
    expect(expandExec(splitExec('xterm'), { ...ctx, args: ['-e', 'top'] })).toEqual([
      'xterm',
      '-e',
      'top',
    ]);
  });
});
