/**
 * Typing any text on any layout and dragging, on real toolkits under a window manager: a GTK 3
 * and a Qt 5 fixture (an entry and a reorderable list), the AT-SPI backend, cache and executor.
 * Every result is checked by an independent AT-SPI read (pyatspi), and the keyboard map must be
 * the same after typing as before (the keycodes borrowed for the text are given back).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MethodInput, MethodResult } from '../../../protocol/src/index.js';
import type { ActionMethod } from '../../../src/executor/api.js';
import { isUiError } from '../../../src/errors.js';
import { parse } from '../../../scripts/harness/params.js';
import { LineReader, startTruthStack, type TruthStack } from '../../atspi/windowTruth.js';

const GTK = fileURLToPath(new URL('../../fixtures/gtk/dnd_app.py', import.meta.url));
const QT = fileURLToPath(new URL('../../fixtures/toolkits/qtDnd.py', import.meta.url));
const READER = fileURLToPath(new URL('../../fixtures/x11/atspiRead.py', import.meta.url));
const SETUP_MS = 60_000;
const TEXT = 'Grüße, Привет, 日本語 ✓';
const FRUITS = ['Apple', 'Banana', 'Cherry', 'Date'];

interface Read {
  text: string | null;
  rows: string[];
}

function suite(toolkit: string, fixture: string): void {
  describe(`${toolkit} fixture under openbox`, () => {
    let stack: TruthStack;
    let reader: LineReader;
    const run = <M extends ActionMethod>(
      method: M,
      input: MethodInput<M>,
    ): Promise<MethodResult<M>> =>
      stack.executor.run(method, parse(method, input), {
        clientId: 'spec',
        signal: AbortSignal.timeout(30_000),
      });
    const read = (name: string): Promise<Read> => reader.ask<Read>(`${stack.app.pid} ${name}`);
    const keymap = (): string =>
      execFileSync('xmodmap', ['-pke'], { env: stack.desktop.env }).toString();
    const ref = (
      name: string,
      controlType: 'Edit' | 'List' | 'Table' | 'Tree' | 'ListItem' | 'DataItem',
    ): string => {
      const found = stack.cache.find({
        name,
        controlType,
        nameMatch: 'equals',
        caseSensitive: true,
        maxResults: 2,
      });
      const [first] = found.elements;
      if (first === undefined) throw new Error(`no ${controlType} "${name}" in the cache`);
      return first.ref;
    };

    beforeAll(async () => {
      stack = await startTruthStack(
        { windowManager: true, command: '/usr/bin/python3', args: [fixture] },
        AbortSignal.timeout(SETUP_MS),
      );
      reader = new LineReader(READER, stack.desktop.env);
    }, SETUP_MS + 5_000);
    afterAll(async () => {
      await reader?.stop();
      await stack?.stop();
    });

    for (const layout of ['de', 'ru', 'us']) {
      it(`types "${TEXT}" on a ${layout} layout, and gives the borrowed keycodes back`, async () => {
        execFileSync('setxkbmap', [layout], { env: stack.desktop.env });
        const before = keymap();
        const edit = ref('Text', 'Edit');
        await run('actions.setValue', { target: { ref: edit }, value: '' });
        const result = await run('actions.type', {
          target: { ref: edit },
          text: TEXT,
          timeoutMs: 30_000,
        });
        expect(result.method).toBe('input');
        expect((await read('Text')).text).toBe(TEXT);
        expect(keymap()).toBe(before);
      }, 60_000);
    }

    it('reorders the list by dragging its first row onto its third, with real input', async () => {
      const before = (await read('Fruits')).rows;
      expect(before).toEqual(FRUITS);
      const items = stack.cache.find({
        within: ref('Fruits', toolkit === 'GTK' ? 'Table' : 'List'),
        nameMatch: 'equals',
        caseSensitive: true,
        maxResults: 50,
      });
      const apple = items.elements.find((n) => n.name === 'Apple' && n.rect !== null);
      const cherry = items.elements.find((n) => n.name === 'Cherry' && n.rect !== null);
      expect(apple && cherry).toBeTruthy();
      const result = await run('actions.drag', {
        from: { ref: apple!.ref },
        to: { ref: cherry!.ref },
        timeoutMs: 20_000,
      });
      expect(result.movedPointer).toBe(true);
      const after = (await read('Fruits')).rows;
      expect([...after].sort()).toEqual([...FRUITS].sort());
      expect(after.indexOf('Apple')).toBeGreaterThan(0);
    }, 60_000);

    it('puts the pointer back after a drag under focusPolicy keep', async () => {
      const env = stack.desktop.env;
      execFileSync('xdotool', ['mousemove', '--sync', '3', '4'], { env });
      const before = (await read('Fruits')).rows;
      const items = stack.cache.find({
        within: ref('Fruits', toolkit === 'GTK' ? 'Table' : 'List'),
        nameMatch: 'equals',
        caseSensitive: true,
        maxResults: 50,
      });
      const [first, , , last] = before.map((name) =>
        items.elements.find((n) => n.name === name && n.rect !== null),
      );
      const result = await run('actions.drag', {
        from: { ref: first!.ref },
        to: { ref: last!.ref },
        focusPolicy: 'keep',
        timeoutMs: 20_000,
      });
      expect(result.restored).toContain('pointer');
      expect((await read('Fruits')).rows).not.toEqual(before);
      const at = execFileSync('xdotool', ['getmouselocation', '--shell'], { env }).toString();
      expect(at).toMatch(/^X=3$/m);
      expect(at).toMatch(/^Y=4$/m);
    }, 60_000);

    it('refuses typing into an element without the focus under focusPolicy keep', async () => {
      const edit = ref('Text', 'Edit');
      const before = (await read('Text')).text;
      const refused = await run('actions.type', {
        target: { ref: edit },
        text: 'no',
        focusPolicy: 'keep',
      }).then(
        () => 'resolved',
        (err: unknown) => (isUiError(err) ? err.code : String(err)),
      );
      expect(refused).toBe('focus_required');
      expect((await read('Text')).text).toBe(before);
    }, 60_000);
  });
}

suite('GTK', GTK);
suite('Qt', QT);
