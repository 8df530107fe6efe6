/**
 * How long each bench may run before bench/run.ts stops it. A bench bounds its own work; the
 * limit is the backstop for a bench that hangs, set well above its duration on a loaded
 * 2-core machine so that slowness alone never trips it.
 */

const MINUTE = 60_000;

/** Any bench not named below. */
export const DEFAULT_LIMIT_MS = 15 * MINUTE;

/** The soak's one run of UISTREAM_SOAK_S seconds (default 600), its own overrun bound, set-up. */
function soakLimitMs(env: NodeJS.ProcessEnv): number {
  const seconds = Number(env.UISTREAM_SOAK_S ?? 600);
  return Math.max(DEFAULT_LIMIT_MS, (seconds + 120 + 5 * 60) * 1_000);
}

/**
 * The limit for `name`. BENCH_LIMIT_S overrides every limit (the runner's own tests use it).
 * - windows: 100 dialog cycles on four toolkits with and without a window manager, each cycle
 *   waiting for the app's own map;
 * - atspi: its desktop part bounded at 10 minutes, then Chromium at 6;
 * - ws: 16 minutes at a load average of 22-26 (six fresh server processes for the stall).
 */
export function limitMs(name: string, env: NodeJS.ProcessEnv = process.env): number {
  if (env.BENCH_LIMIT_S !== undefined) return Number(env.BENCH_LIMIT_S) * 1_000;
  if (name === 'soak') return soakLimitMs(env);
  const named: Readonly<Record<string, number>> = {
    windows: 45 * MINUTE,
    atspi: 20 * MINUTE,
    ws: 30 * MINUTE,
  };
  return named[name] ?? DEFAULT_LIMIT_MS;
}

/** Time after SIGTERM for a bench to stop its children before the group gets SIGKILL. */
export const GRACE_MS = 10_000;
