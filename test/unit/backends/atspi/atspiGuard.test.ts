/**
 * The guard's verdicts on failed calls, with scripted replies in place of a bus: which failures
 * prove a call safe, which quarantine an app, and when a call is forbidden on its toolkit.
 */
import { describe, expect, it } from 'vitest';
import type { CallSpec } from '../../../../src/backends/atspi/atspiBus.js';
import { AppGuard, type HealthReport } from '../../../../src/backends/atspi/atspiGuard.js';
import { ToolkitPolicies } from '../../../../src/backends/atspi/atspiToolkits.js';
import { TimeoutError, UiError } from '../../../../src/errors.js';

const GTK = { name: 'gtk', version: '3.24.38' };
const APP = ':1.7';
const NAME_CALL = 'Accessible.Name';

/** What the scripted app does with a call other than the guard's own probes. */
type Behaviour = 'answer' | 'error-reply' | 'silent' | 'died';

interface Rig {
  guard: AppGuard;
  policies: ToolkitPolicies;
  reports: HealthReport[];
  /** Set how the app treats later calls, and the guard's probes. */
  set(b: Behaviour, probes?: 'answer' | 'silent'): void;
  /** One call of the app, as it behaves now. */
  call(): Promise<unknown[]>;
  /** Resolves once a report of this kind arrives. */
  next(kind: HealthReport['kind']): Promise<HealthReport>;
  stop(): void;
}

function rig(): Rig {
  const policies = new ToolkitPolicies();
  const reports: HealthReport[] = [];
  const waiters: { kind: HealthReport['kind']; resolve: (r: HealthReport) => void }[] = [];
  let behaviour: Behaviour = 'answer';
  let probes: 'answer' | 'silent' = 'answer';
  const lifetime = new AbortController();
  const raw = (spec: CallSpec): Promise<unknown[]> => {
    const prop = spec.body?.[1];
    const member = typeof prop === 'string' ? prop : spec.member;
    if (member === 'ToolkitName') return Promise.resolve([{ value: GTK.name }]);
    if (member === 'Version') return Promise.resolve([{ value: GTK.version }]);
    if (member === 'NameHasOwner') return Promise.resolve([behaviour !== 'died']);
    if (probes === 'answer') return Promise.resolve([1]);
    return Promise.reject(new TimeoutError('probe: no reply within 1 ms'));
  };
  const guard = new AppGuard({
    raw,
    policies,
    report: (r) => {
      reports.push(r);
      for (const w of waiters.filter((w) => w.kind === r.kind)) w.resolve(r);
    },
    probeBackoffMs: [1, 1, 1],
    probeTimeoutMs: 1,
    lifetime: lifetime.signal,
  });
  return {
    guard,
    policies,
    reports,
    set: (b, p = 'answer') => {
      behaviour = b;
      probes = p;
    },
    next: (kind) => new Promise((resolve) => waiters.push({ kind, resolve })),
    stop: () => {
      lifetime.abort();
      guard.stop();
    },
    call: () => scripted(behaviour),
  };
}

function nameSpec(): CallSpec {
  return {
    dest: APP,
    path: '/org/a11y/atspi/accessible/5',
    iface: 'org.freedesktop.DBus.Properties',
    member: 'Get',
    signature: 'ss',
    body: ['org.a11y.atspi.Accessible', 'Name'],
  };
}

function scripted(behaviour: Behaviour): Promise<unknown[]> {
  if (behaviour === 'answer') return Promise.resolve(['ok']);
  if (behaviour === 'error-reply') {
    const cause = { type: 'org.freedesktop.DBus.Error.UnknownProperty' };
    return Promise.reject(new UiError('action_failed', 'no such property', { cause }));
  }
  if (behaviour === 'died') {
    const cause = { type: 'org.freedesktop.DBus.Error.NoReply' };
    return Promise.reject(
      new UiError('element_stale', 'the element or its app is gone', { cause }),
    );
  }
  return Promise.reject(new TimeoutError('Get: no reply within 5000 ms'));
}

function run(r: Rig): Promise<unknown[]> {
  return r.guard.run(nameSpec(), new AbortController().signal, () => r.call());
}

describe('app guard verdicts', () => {
  it('takes an error reply as the app answering: the call is proven safe', async () => {
    const r = rig();
    r.set('error-reply');
    await expect(run(r)).rejects.toThrow(/no such property/);
    expect(r.policies.isProven(GTK, NAME_CALL)).toBe(true);
    expect(r.reports).toEqual([]);
    r.stop();
  });

  it('says once that an app exited during calls made together, forbidding none', async () => {
    const r = rig();
    await run(r); // made alone and answered: proven, so the next ones go together
    r.set('died');
    const exits = [run(r), run(r)].map((p) => expect(p).rejects.toThrow(/gone/));
    await Promise.all(exits);
    expect(r.reports).toEqual([
      { kind: 'exited', app: APP, toolkit: 'gtk 3.24.38', call: NAME_CALL },
    ]);
    expect(r.policies.refusal(GTK, NAME_CALL)).toBeUndefined();
    r.stop();
  });

  it('quarantines on a first silent call made alone without forbidding it', async () => {
    const r = rig();
    const recovered = r.next('recovered');
    r.set('silent');
    await expect(run(r)).rejects.toMatchObject({ code: 'app_not_responding' });
    expect(r.reports[0]).toMatchObject({ kind: 'hung', call: NAME_CALL, verdict: 'suspect' });
    await recovered;
    expect(r.policies.refusal(GTK, NAME_CALL)).toBeUndefined();
    r.set('answer');
    await expect(run(r)).resolves.toEqual(['ok']);
    r.stop();
  });

  it('forbids a call made alone that gets no reply a second time', async () => {
    const r = rig();
    for (const verdict of ['suspect', 'forbidden']) {
      const recovered = r.next('recovered');
      r.set('silent');
      await expect(run(r)).rejects.toMatchObject({ code: 'app_not_responding' });
      expect(r.reports.at(-1)).toMatchObject({ kind: 'hung', verdict });
      await recovered;
    }
    expect(r.policies.refusal(GTK, NAME_CALL)).toMatch(/stopped answering/);
    await expect(run(r)).rejects.toMatchObject({ code: 'pattern_not_supported' });
    r.stop();
  });

  it('forbids the suspect call when the app stays silent through the probe schedule', async () => {
    const r = rig();
    r.set('silent', 'silent');
    await expect(run(r)).rejects.toMatchObject({ code: 'app_not_responding' });
    await expect
      .poll(() => r.policies.refusal(GTK, NAME_CALL), { timeout: 5_000 })
      .toMatch(/stopped answering/);
    r.stop();
  });

  it("leaves the app alone when the caller's own deadline ends the call", async () => {
    const r = rig();
    const own = new AbortController();
    const mine = r.guard.run(nameSpec(), own.signal, () => {
      own.abort(new DOMException('caller gave up', 'TimeoutError'));
      return Promise.reject(new TimeoutError('deadline exceeded'));
    });
    await expect(mine).rejects.toMatchObject({ code: 'timeout' });
    expect(r.reports).toEqual([]);
    await expect(run(r)).resolves.toEqual(['ok']);
    r.stop();
  });
});
