/**
 * Post-action and failure screenshots around the acting methods. The action's own `screenshot`
 * option wins; otherwise the transport's default (MCP: on-failure) or the server's
 * `--screenshots` mode decides. Screenshots the mode takes on failure share a cooldown, so a
 * caller retrying a failing action in a loop does not capture the screen each time.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { ActionResult, ActionShot } from '../../protocol/src/index.js';
import type { UiCache } from '../cache/api.js';
import type { Config, ScreenshotMode } from '../config.js';
import { NotSupportedError, UiError, isUiError } from '../errors.js';
import type { CallerContext } from '../executor/api.js';
import type { Pixels } from '../pixels/service.js';
import { SCREEN_IMAGE_TOKENS, WINDOW_IMAGE_TOKENS } from '../pixels/encode.js';

/** The settle delay before a post-action screenshot when the caller gives none. */
export const DEFAULT_SCREENSHOT_DELAY_MS = 150;
/** Image token budget of these screenshots: the window's, or the screen's when it is gone. */
const shotTokens = (area: { window?: string }): number =>
  area.window === undefined ? SCREEN_IMAGE_TOKENS : WINDOW_IMAGE_TOKENS;
/** A screenshot never holds an answer up longer than this. */
const SHOT_TIMEOUT_MS = 5_000;

export interface ShotOptions {
  screenshot?: boolean | undefined;
  screenshotDelayMs?: number | undefined;
}

export class ActionScreenshots {
  private lastFailureShot = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly pixels: Pixels,
    private readonly cache: UiCache,
    private readonly config: Config,
  ) {}

  /** Run `act`, adding a screenshot to its answer or to its error when asked or due. */
  async around(
    options: ShotOptions,
    ctx: CallerContext,
    act: () => Promise<ActionResult>,
  ): Promise<ActionResult> {
    const mode: ScreenshotMode = ctx.screenshots ?? this.config.pixels.screenshots ?? 'off';
    const asked = options.screenshot;
    // Asked for explicitly, a screenshot that cannot be taken refuses before anything is done.
    if (asked === true) this.ensureCapturable();
    let result: ActionResult;
    try {
      result = await act();
    } catch (err) {
      throw await this.onFailure(err, asked ?? mode !== 'off', asked === true, options, ctx);
    }
    if (!(asked ?? mode === 'after-actions') || !this.capturable()) return result;
    const shot = await this.take(result.window?.ref, options, ctx);
    return shot === undefined ? result : { ...result, screenshot: shot };
  }

  private async onFailure(
    err: unknown,
    wanted: boolean,
    explicit: boolean,
    options: ShotOptions,
    ctx: CallerContext,
  ): Promise<unknown> {
    if (!wanted || !isUiError(err) || !this.capturable() || ctx.signal.aborted) return err;
    const now = performance.now();
    if (!explicit && now - this.lastFailureShot < this.config.pixels.failureCooldownMs) return err;
    this.lastFailureShot = now;
    const shot = await this.take(this.foregroundWindow(), options, ctx);
    if (shot === undefined) return err;
    return new UiError(err.code, err.message, {
      recovery: err.recovery,
      details: { ...err.details, screenshot: shot },
      cause: err.cause,
    });
  }

  private capturable(): boolean {
    return this.pixels.enabled && this.pixels.canCapture;
  }

  private ensureCapturable(): void {
    if (!this.pixels.enabled) {
      throw new UiError('capture_disabled', 'screen capture is turned off on this server', {
        details: { option: 'screenshot' },
      });
    }
    if (!this.pixels.canCapture) {
      throw new NotSupportedError('this backend cannot capture the screen: screenshot refused');
    }
  }

  private foregroundWindow(): string | undefined {
    const wins = this.cache.windowsList({ includeMinimized: false }).windows;
    return wins.find((w) => w.foreground)?.ref;
  }

  /** The window (when still there) or the whole desktop; undefined when neither can be had. */
  private async take(
    window: string | undefined,
    options: ShotOptions,
    ctx: CallerContext,
  ): Promise<ActionShot | undefined> {
    const signal = AbortSignal.any([ctx.signal, AbortSignal.timeout(SHOT_TIMEOUT_MS)]);
    const params = { padding: 0, format: 'png' as const, quality: 80, marks: false };
    try {
      await delay(options.screenshotDelayMs ?? DEFAULT_SCREENSHOT_DELAY_MS, undefined, { signal });
      const areas = window === undefined ? [{}] : [{ window }, {}];
      for (const area of areas) {
        const shot = await this.pixels
          .capture({ ...params, ...area, maxImageTokens: shotTokens(area) }, signal)
          .catch((err: unknown) => {
            if (isUiError(err) && err.code === 'window_not_found') return undefined;
            throw err;
          });
        if (shot !== undefined) {
          const { marks: _marks, ...rest } = shot;
          return rest;
        }
      }
    } catch {
      // The action's own answer matters more than its picture: it goes out without one.
    }
    return undefined;
  }
}
