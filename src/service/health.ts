/**
 * What keeps the backend from full health, told the same way in session.hello, /health and
 * ui_status: the reason of the latest status change, the apps held apart as not responding and
 * the calls never made again on a toolkit, each with its reason; and what the background
 * reconcile found and repaired.
 */
import type { BackendHealth } from '../../protocol/src/index.js';
import type { AccessibilityBackend } from '../backends/backend.js';
import type { UiCache } from '../cache/api.js';

export function healthOf(
  backend: Pick<AccessibilityBackend, 'health'>,
  cache: Pick<UiCache, 'statusReason'> & Partial<Pick<UiCache, 'stats'>>,
): BackendHealth {
  const report = backend.health?.() ?? { quarantined: [], forbidden: [] };
  const health: BackendHealth = { quarantined: report.quarantined, forbidden: report.forbidden };
  const repair = cache.stats?.().reconcile;
  if (repair !== undefined) {
    const { checks, drifted, repaired, failed, periodMs } = repair;
    health.repair = { checks, drifted, repaired, failed, periodMs };
  }
  if (cache.statusReason !== undefined) health.reason = cache.statusReason;
  return health;
}
