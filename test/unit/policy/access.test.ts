/** The access policy decides read-only (by a method's registry kind), deny-app, dry-run, capture. */
import { describe, expect, it } from 'vitest';
import { registry } from '../../../protocol/src/index.js';
import { AccessPolicy, type AccessRules } from '../../../src/policy/access.js';
import { codeOf } from '../../support/errors.js';

const open: AccessRules = { readOnly: false, dryRun: false, denyApps: [], captureEnabled: true };

describe('AccessPolicy', () => {
  it('refuses exactly the methods of kind act in read-only mode', () => {
    const policy = new AccessPolicy({ ...open, readOnly: true });
    const refused = registry.methods.filter((m) => codeOf(() => policy.checkMethod(m)));
    expect(refused.map((m) => m.kind)).toEqual(refused.map(() => 'act'));
    expect(refused.map((m) => m.name)).toContain('actions.click');
    expect(refused.map((m) => m.name)).toContain('actions.batch');
    expect(refused.map((m) => m.name)).not.toContain('actions.waitFor');
    expect(refused.map((m) => m.name)).not.toContain('actions.cancel');
    expect(codeOf(() => policy.checkMethod({ name: 'x.y', kind: 'act' }))).toBe('read_only');
    expect(codeOf(() => AccessPolicy.open().checkMethod({ name: 'x.y', kind: 'act' }))).toBe(
      undefined,
    );
  });

  it('refuses targets of denied apps by name (any case) or pid', () => {
    const policy = new AccessPolicy({ ...open, denyApps: ['Terminal', '4242'] });
    expect(codeOf(() => policy.checkTarget({ app: 'terminal', pid: 1 }))).toBe('forbidden_target');
    expect(codeOf(() => policy.checkTarget({ app: 'editor', pid: 4242 }))).toBe('forbidden_target');
    expect(codeOf(() => policy.checkTarget({ app: 'editor', pid: 7 }))).toBeUndefined();
    expect(codeOf(() => policy.checkTarget({}))).toBeUndefined();
    expect(policy.deniesApp('TERMINAL', undefined)).toBe(true);
    expect(AccessPolicy.open().hasDenyList).toBe(false);
  });

  it('forces dry-run when configured, else follows the request', () => {
    expect(new AccessPolicy({ ...open, dryRun: true }).isDryRun(false)).toBe(true);
    expect(new AccessPolicy(open).isDryRun(false)).toBe(false);
    expect(new AccessPolicy(open).isDryRun(true)).toBe(true);
  });

  it('refuses capture when it is turned off', () => {
    expect(codeOf(() => new AccessPolicy({ ...open, captureEnabled: false }).checkCapture())).toBe(
      'capture_disabled',
    );
    expect(codeOf(() => new AccessPolicy(open).checkCapture())).toBeUndefined();
  });
});
