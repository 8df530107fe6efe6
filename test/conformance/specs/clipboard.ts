/**
 * The clipboard: what the backend writes an app pastes (read back from the app's own text), what
 * an app copies the backend reads, with the app as the announced owner, and text, HTML and PNG
 * each round-trip. A backend without a clipboard fails these (listed as a known gap).
 */
import { filter, firstValueFrom, timeout } from 'rxjs';
import { expect } from 'vitest';
import type { BackendClipboard, ClipboardState } from '../../../src/backends/backend.js';
import type { ConformanceFixture, ConformanceSpec } from '../fixture.js';
import { EVENT_DEADLINE_MS, fetchOne, propertyOf, watchFor } from '../helpers.js';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82]);

function clipboardOf(fx: ConformanceFixture): BackendClipboard {
  const clip = fx.backend.clipboard;
  if (clip === undefined) throw new Error(`the ${fx.backend.name} backend has no clipboard`);
  return clip;
}

/** The first announced change matching `predicate`, watched from now. */
function changeWhere(clip: BackendClipboard, predicate: (s: ClipboardState) => boolean) {
  const seen = firstValueFrom(
    clip.changes$.pipe(filter(predicate), timeout({ first: EVENT_DEADLINE_MS })),
  );
  seen.catch(() => undefined);
  return seen;
}

export const clipboardSpecs: ConformanceSpec[] = [
  {
    id: 'clipboard.round-trip',
    title: 'text, HTML and PNG written together are offered and read back as written',
    async run(fx, signal) {
      const clip = clipboardOf(fx);
      const content = { text: 'Grüße, Привет ✓', html: '<p>Grüße <b>✓</b></p>', image: PNG };
      await clip.write(content, signal);
      expect((await clip.state(signal)).formats).toEqual(['text', 'html', 'image']);
      expect(await clip.read('text', 1 << 20, signal)).toBe(content.text);
      expect(await clip.read('html', 1 << 20, signal)).toBe(content.html);
      expect(Array.from((await clip.read('image', 1 << 20, signal)) as Uint8Array)).toEqual(
        Array.from(PNG),
      );
    },
  },
  {
    id: 'clipboard.paste-into-edit',
    title: 'text the backend put on the clipboard is pasted into an edit with Ctrl+V',
    async run(fx, signal) {
      const { backend } = fx;
      const clip = clipboardOf(fx);
      const text = 'Pasted ✓ 42';
      await clip.write({ text }, signal);
      const edit = await fx.target('edit', signal);
      await backend.performPattern(edit, { pattern: 'Value', value: '' }, { signal });
      await backend.focus(edit, { signal });
      const pasted = watchFor(
        backend,
        'value/text with the pasted text',
        (e) =>
          (e.type === 'text' && e.id === edit && (e.value ?? text).includes(text)) ||
          (propertyOf(edit, 'value')(e) && e.type === 'property' && e.props.value === text),
      );
      await backend.input(
        { kind: 'keys', combos: [{ key: 'v', modifiers: ['ctrl'] }] },
        { signal },
      );
      await pasted;
      expect((await fetchOne(backend, edit, signal)).props.value).toBe(text);
    },
  },
  {
    id: 'clipboard.copy-from-edit',
    title: 'text copied in an edit with Ctrl+C is read back, the app announced as the owner',
    async run(fx, signal) {
      const { backend } = fx;
      const clip = clipboardOf(fx);
      await clip.write({ text: 'before the copy' }, signal);
      const edit = await fx.target('edit', signal);
      const text = 'Copied 17 ü';
      await backend.performPattern(edit, { pattern: 'Value', value: text }, { signal });
      await backend.focus(edit, { signal });
      const node = await fetchOne(backend, edit, signal);
      const owned = changeWhere(clip, (s) => s.owner !== null && s.owner.app !== 'uistream');
      const combos = [
        { key: 'a', modifiers: ['ctrl' as const] },
        { key: 'c', modifiers: ['ctrl' as const] },
      ];
      await backend.input({ kind: 'keys', combos }, { signal });
      const change = await owned;
      expect(change.formats).toContain('text');
      if (node.props.pid !== undefined) expect(change.owner?.pid).toBe(node.props.pid);
      expect(await clip.read('text', 1 << 20, signal)).toBe(text);
    },
  },
];
