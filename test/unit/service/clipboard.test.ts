/**
 * clipboard.read / clipboard.write through the method table over the sim desktop: the policy's
 * refusals (--no-clipboard, read-only, a denied owner, the frame limit), the audit line, and the
 * opt-in clipboard.changed event; a copy in a sim edit is read back, a write is pasted.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { composeServices, type Services } from '../../../src/app.js';
import { createSimBackend, type SimBackend } from '../../../src/backends/sim/index.js';
import { loadConfig, type ConfigInput } from '../../../src/config.js';
import { callTableMethod } from '../../../src/service/dispatch.js';
import { rejectionCode } from '../../support/errors.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
let running: { sim: SimBackend; services: Services } | undefined;

async function start(input: ConfigInput = {}) {
  const sim = createSimBackend({ seed: 3 });
  const signal = AbortSignal.timeout(10_000);
  await sim.start(signal);
  const services = composeServices(sim, loadConfig({ backend: 'sim', ...input }));
  await services.cache.start(signal);
  running = { sim, services };
  const ctx = { clientId: 'test', signal };
  const call = (method: string, params: unknown): Promise<Record<string, unknown>> =>
    callTableMethod(services.handlers, method, params, ctx) as Promise<Record<string, unknown>>;
  return { sim, services, call };
}

afterEach(async () => {
  await running?.services.executor.stop();
  await running?.services.cache.stop();
  await running?.sim.stop();
  running = undefined;
});

/** Select all of the sim editor's text and copy it with the keyboard. */
async function copyInEditor(sim: SimBackend, text: string): Promise<void> {
  const signal = AbortSignal.timeout(5_000);
  const id = sim.control.find('editor.text');
  if (id === undefined) throw new Error('no editor');
  await sim.performPattern(id, { pattern: 'Value', value: text }, { signal });
  await sim.focus(id, { signal });
  const combos = [
    { key: 'a', modifiers: ['ctrl' as const] },
    { key: 'c', modifiers: ['ctrl' as const] },
  ];
  await sim.input({ kind: 'keys', combos }, { signal });
}

describe('clipboard methods', () => {
  it('writes text, html and png and reads each back, owned by the server', async () => {
    const { call } = await start();
    const written = await call('clipboard.write', {
      text: 'Grüße ✓',
      html: '<b>x</b>',
      image: PNG.toString('base64'),
    });
    expect(written).toMatchObject({ formats: ['text', 'html', 'image'] });
    const text = await call('clipboard.read', { format: 'text' });
    expect(text).toMatchObject({ data: 'Grüße ✓', bytes: 11, owner: { app: 'uistream' } });
    expect((await call('clipboard.read', { format: 'html' })).data).toBe('<b>x</b>');
    const image = await call('clipboard.read', { format: 'image' });
    expect(Buffer.from(image.data as Uint8Array).equals(PNG)).toBe(true);
  });

  it('reads what an app copied, with that app as the owner, and pastes what it wrote', async () => {
    const { sim, call } = await start();
    await copyInEditor(sim, 'copied in the editor');
    const read = await call('clipboard.read', {});
    expect(read).toMatchObject({ data: 'copied in the editor', formats: ['text'] });
    expect((read.owner as { app?: string }).app).toMatch(/editor/i);
    await call('clipboard.write', { text: 'pasted' });
    const id = sim.control.find('editor.text') as string;
    const signal = AbortSignal.timeout(5_000);
    await sim.performPattern(id, { pattern: 'Value', value: '' }, { signal });
    await sim.input({ kind: 'keys', combos: [{ key: 'v', modifiers: ['ctrl'] }] }, { signal });
    const after = sim.groundTruth().find((n) => n.id === id);
    expect(after?.props.value).toBe('pasted');
  });

  it('answers an absent format with no data', async () => {
    const { call } = await start();
    await call('clipboard.write', { text: 'only text' });
    expect(await call('clipboard.read', { format: 'image' })).toMatchObject({
      formats: ['text'],
      bytes: 0,
    });
  });

  it('refuses both with --no-clipboard, and the write in read-only mode', async () => {
    const off = await start({ clipboard: { enabled: false } });
    expect(await rejectionCode(off.call('clipboard.read', {}))).toBe('not_supported');
    expect(await rejectionCode(off.call('clipboard.write', { text: 'x' }))).toBe('not_supported');
    await off.services.executor.stop();
    const ro = await start({ readOnly: true });
    expect(await rejectionCode(ro.call('clipboard.write', { text: 'x' }))).toBe('read_only');
    expect(await ro.call('clipboard.read', {})).toMatchObject({ format: 'text' });
  });

  it('answers denied while a denied app owns the clipboard, and hides its changes', async () => {
    const editor = createSimBackend({ seed: 3 }).desktop.apps.find((a) =>
      a.windows.some((w) => w.name.length > 0 && /edit/i.test(a.kind)),
    );
    if (editor === undefined) throw new Error('no editor app in the scene');
    const { sim, call } = await start({ executor: { denyApps: [editor.name] } });
    const before = (await call('events.read', { limit: 1 })).cursor as number;
    await copyInEditor(sim, 'secret');
    expect(await rejectionCode(call('clipboard.read', {}))).toBe('denied');
    await call('clipboard.write', { text: 'mine' });
    expect((await call('clipboard.read', {})).data).toBe('mine');
    const seen = await call('events.read', { after: before, types: ['clipboard.changed'] });
    const owners = (seen.events as { owner: { app?: string } | null }[]).map((e) => e.owner?.app);
    expect(owners).toEqual(['uistream']);
  });

  it('refuses a write over the frame limit and changes nothing', async () => {
    const { call } = await start({ ws: { maxPayloadBytes: 4096 } });
    await call('clipboard.write', { text: 'before' });
    const code = await rejectionCode(call('clipboard.write', { text: 'x'.repeat(5000) }));
    expect(code).toBe('invalid_params');
    expect((await call('clipboard.read', {})).data).toBe('before');
    const badPng = await rejectionCode(call('clipboard.write', { image: 'aGVsbG8=' }));
    expect(badPng).toBe('invalid_params');
    expect(await rejectionCode(call('clipboard.write', {}))).toBe('invalid_params');
  });

  it('writes an audit line per write, without the content', async () => {
    const auditLog = join(mkdtempSync(join(tmpdir(), 'clip-audit-')), 'audit.jsonl');
    const { call, services } = await start({ executor: { auditLog } });
    await call('clipboard.write', { text: 'do not log me', html: '<i>nor me</i>' });
    await services.executor.stop();
    const lines = readFileSync(auditLog, 'utf8').trim().split('\n');
    expect(lines.map((l) => JSON.parse(l) as object)).toEqual([
      expect.objectContaining({ action: 'clipboard.write', target: 'text+html', outcome: 'ok' }),
    ]);
    expect(lines.join()).not.toContain('do not log me');
  });

  it('logs clipboard.changed only for filters that name it', async () => {
    const { sim, call } = await start();
    const before = (await call('events.read', { limit: 1 })).cursor as number;
    await copyInEditor(sim, 'event me');
    await call('clipboard.write', { text: 'and me' });
    const named = await call('events.read', { after: before, types: ['clipboard.changed'] });
    const events = named.events as { formats: string[]; owner: { app?: string } | null }[];
    expect(events.map((e) => e.owner?.app)).toEqual([expect.stringMatching(/editor/i), 'uistream']);
    expect(events.every((e) => e.formats.join() === 'text' && !('data' in e))).toBe(true);
    const all = await call('events.read', { after: before, limit: 1000 });
    const types = (all.events as { type: string }[]).map((e) => e.type);
    expect(types).not.toContain('clipboard.changed');
  });
});
