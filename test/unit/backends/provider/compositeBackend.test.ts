/**
 * The provider composite passes window ops to the platform backend it wraps (the real server
 * always wraps it), and refuses them for a provider's own windows.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AccessibilityBackend } from '../../../../src/backends/backend.js';
import { withProviders } from '../../../../src/backends/provider/compositeBackend.js';
import { ProviderHub } from '../../../../src/backends/provider/providerHub.js';
import { providerId } from '../../../../src/backends/provider/providerIds.js';
import { createSimBackend, type SimBackend } from '../../../../src/backends/sim/index.js';
import { rejectionCode } from '../../../support/errors.js';

const options = () => ({ signal: AbortSignal.timeout(5_000) });
let sim: SimBackend;
let composite: AccessibilityBackend;

beforeAll(async () => {
  sim = createSimBackend({ scene: { apps: [{ kind: 'editor', at: { x: 40, y: 40 } }] } });
  await sim.start(AbortSignal.timeout(5_000));
  composite = withProviders(sim, new ProviderHub());
});
afterAll(() => sim.stop());

it('moves a platform window through the composite, as the platform reads it back', async () => {
  const [root, window] = await composite.fetchSubtree(composite.rootId, {
    maxDepth: 1,
    ...options(),
  });
  expect(window?.parentId).toBe(root?.id);
  const moved = await composite.windowOp!(window!.id, { op: 'move', x: 300, y: 200 }, options());
  expect(moved.rect).toMatchObject({ x: 300, y: 200 });
  const [again] = await sim.fetchSubtree(window!.id, { maxDepth: 0, ...options() });
  expect(again?.props.rect).toMatchObject({ x: 300, y: 200 });
  expect(await composite.windowStacking!(AbortSignal.timeout(5_000))).toEqual(
    await sim.windowStacking(),
  );
});

it('refuses a window op on a provider window with not_supported', async () => {
  const op = composite.windowOp!(providerId('s1', 'w1'), { op: 'activate' }, options());
  expect(await rejectionCode(op)).toBe('not_supported');
});
