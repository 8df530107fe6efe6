/** The safety gate on the real stack: each rule, and the audit log it writes. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { codeOf, errorOf, startDesktop, type Desktop } from './desktop.js';

let desk: Desktop | undefined;
let dir: string | undefined;
afterEach(async () => {
  await desk?.stop();
  desk = undefined;
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

const checked = (d: Desktop, ref: string): boolean =>
  d.cache.node(ref)?.states.includes('checked') === true;

describe('safety gate', () => {
  it('read-only: every action is refused, waitFor still answers', async () => {
    desk = await startDesktop({ readOnly: true });
    const ref = desk.ref('settings.startup');
    const before = checked(desk, ref);
    expect(await codeOf(desk.run('actions.click', { target: { ref } }))).toBe('read_only');
    expect(await codeOf(desk.run('actions.type', { text: 'x' }))).toBe('read_only');
    expect(
      await codeOf(
        desk.run('actions.batch', {
          steps: [{ method: 'actions.click', params: { target: { ref } } }],
        }),
      ),
    ).toBe('read_only');
    expect(checked(desk, ref)).toBe(before);
    const seen = await desk.run('actions.waitFor', {
      condition: 'appear',
      target: { ref },
      timeoutMs: 1_000,
    });
    expect(seen.element?.ref).toBe(ref);
  });

  it('deny list: actions on a denied app are forbidden, others run', async () => {
    desk = await startDesktop({ executor: { denyApps: ['Settings'] } });
    const denied = desk.ref('settings.startup');
    const before = checked(desk, denied);
    const failure = await errorOf(desk.run('actions.click', { target: { ref: denied } }));
    expect(failure.code).toBe('forbidden_target');
    expect(checked(desk, denied)).toBe(before);
    const allowed = desk.ref('flaky.keep');
    await desk.run('actions.click', { target: { ref: allowed } });
  });

  it('deny list: a denied pid is forbidden too', async () => {
    desk = await startDesktop();
    const pid = desk.sim.control.apps().find((a) => a.name === 'editor')?.pid;
    expect(pid).toBeDefined();
    await desk.stop();
    desk = await startDesktop({ executor: { denyApps: [String(pid)] } });
    expect(
      await codeOf(
        desk.run('actions.type', { target: { automationId: 'editor.text' }, text: 'x' }),
      ),
    ).toBe('forbidden_target');
  });

  it('rate limit: a client beyond its rate is refused, another client is not', async () => {
    desk = await startDesktop({ executor: { rateLimitPerSec: 2 } });
    const ref = desk.ref('settings.startup');
    const a = desk.ctx('a');
    await desk.run('actions.focus', { target: { ref }, settleMs: 0 }, a);
    await desk.run('actions.focus', { target: { ref }, settleMs: 0 }, a);
    expect(await codeOf(desk.run('actions.focus', { target: { ref }, settleMs: 0 }, a))).toBe(
      'rate_limited',
    );
    await desk.run('actions.focus', { target: { ref }, settleMs: 0 }, desk.ctx('b'));
  });

  it('dry run: resolves and reports, changes nothing', async () => {
    desk = await startDesktop();
    const ref = desk.ref('settings.startup');
    const before = checked(desk, ref);
    const result = await desk.run('actions.click', { target: { ref }, dryRun: true });
    expect(result).toMatchObject({ dryRun: true, method: 'pattern', element: { ref } });
    expect(checked(desk, ref)).toBe(before);
    expect(
      await codeOf(
        desk.run('actions.click', { target: { name: 'Nothing like this' }, dryRun: true }),
      ),
    ).toBe('element_not_found');
  });

  it('dry run configured server-wide applies to every action', async () => {
    desk = await startDesktop({ executor: { dryRun: true } });
    const ref = desk.ref('settings.startup');
    const before = checked(desk, ref);
    const result = await desk.run('actions.invoke', { target: { ref }, pattern: 'Toggle' });
    expect(result.dryRun).toBe(true);
    expect(checked(desk, ref)).toBe(before);
  });

  it('audit log: one JSON line per action with client, action, target, outcome, duration', async () => {
    dir = mkdtempSync(join(tmpdir(), 'uistream-audit-'));
    const path = join(dir, 'audit.jsonl');
    desk = await startDesktop({ executor: { auditLog: path } });
    const ref = desk.ref('settings.startup');
    await desk.run('actions.click', { target: { ref } }, desk.ctx('alice'));
    await codeOf(desk.run('actions.click', { target: { name: 'Nope nope' } }, desk.ctx('bob')));
    await desk.run('actions.click', { target: { ref }, dryRun: true }, desk.ctx('alice'));
    const lines = readFileSync(path, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({
      client: 'alice',
      action: 'actions.click',
      target: ref,
      outcome: 'ok',
    });
    expect(lines[1]).toMatchObject({
      client: 'bob',
      outcome: 'element_not_found',
      target: 'name="Nope nope"',
    });
    expect(lines[2]).toMatchObject({ outcome: 'dry_run' });
    for (const line of lines) {
      expect(typeof line.time).toBe('string');
      expect(typeof line.durationMs).toBe('number');
    }
  });
});
