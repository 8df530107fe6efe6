/**
 * `vitest`'s `expect` for the conformance specs when they run under Wine's node.exe, where
 * vitest itself cannot (its workers talk over pipes, which node.exe under Wine cannot write).
 * scripts/wine/run.sh aliases `vitest` to this module in the bundle; the assertions are the same
 * chai + Jest matchers vitest builds its own `expect` from.
 */
import {
  chai,
  JestAsymmetricMatchers,
  JestChaiExpect,
  JestExtend,
  type ExpectStatic,
} from '@vitest/expect';

chai.use(JestExtend);
chai.use(JestChaiExpect);
chai.use(JestAsymmetricMatchers);

const base = (value: unknown, message?: string) => chai.expect(value, message);
Object.assign(base, chai.expect);
// As vitest's own createExpect does: custom matchers (test/support/matchers.ts) join this expect.
(base as unknown as { extend(m: unknown): void }).extend = (matchers: unknown) =>
  (chai.expect as unknown as { extend(e: unknown, m: unknown): void }).extend(base, matchers);

export const expect = base as unknown as ExpectStatic;
