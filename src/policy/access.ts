/**
 * The access policy: every rule about what a caller may see or do, decided here and nowhere
 * else. Read-only follows each method's kind in the registry (an `act` method is refused); the
 * deny list (`--deny-app`) hides apps from reads, events and pixels and refuses actions on
 * them; dry-run turns every action into a plan; capture privacy turns pixels off. The method
 * table, the executor, the cache view, the pixels service and the MCP tool list all ask it.
 */
import type { MethodDef } from '../../protocol/src/index.js';
import type { UiCache } from '../cache/api.js';
import type { Config } from '../config.js';
import { UiError } from '../errors.js';
import { hideDeniedApps } from './denied-view.js';
import { checkLaunchRules, launchNames, type LaunchSubject } from './launch.js';

export interface AccessRules {
  readOnly: boolean;
  /** Every action only validated and resolved, never performed. */
  dryRun: boolean;
  /** App names (case-insensitive) or pids (as decimal strings) nobody may see or touch. */
  denyApps: readonly string[];
  /** False: every capture and OCR answers capture_disabled. */
  captureEnabled: boolean;
  /** False: no app may be launched (default true). */
  launchEnabled?: boolean;
  /** When non-empty, only apps matching one of these globs may be launched. */
  allowLaunch?: readonly string[];
  /** False (--no-clipboard): clipboard reads and writes answer not_supported. Default true. */
  clipboardEnabled?: boolean;
}

/** Who an element or window belongs to, as far as the cache tells. */
export interface Owner {
  app?: string | undefined;
  pid?: number | undefined;
  window?: string | null | undefined;
}

export class AccessPolicy {
  private readonly denied: ReadonlySet<string>;
  private readonly views = new WeakMap<UiCache, UiCache>();

  constructor(readonly rules: AccessRules) {
    this.denied = new Set(rules.denyApps.map((a) => a.trim().toLowerCase()));
  }

  /** The rules a server's configuration sets. */
  static of(
    config: Pick<Config, 'readOnly' | 'executor' | 'pixels'> & Partial<Pick<Config, 'clipboard'>>,
  ): AccessPolicy {
    return new AccessPolicy({
      readOnly: config.readOnly,
      dryRun: config.executor.dryRun,
      denyApps: config.executor.denyApps,
      captureEnabled: config.pixels.enabled,
      launchEnabled: config.executor.launch,
      allowLaunch: config.executor.allowLaunch,
      clipboardEnabled: config.clipboard?.enabled ?? true,
    });
  }

  /** Nothing denied, nothing refused: for tests and tools that run their own desktop. */
  static open(): AccessPolicy {
    return new AccessPolicy({ readOnly: false, dryRun: false, denyApps: [], captureEnabled: true });
  }

  get readOnly(): boolean {
    return this.rules.readOnly;
  }

  /** True when a method of this kind is refused (the MCP list marks its tool so). */
  refuses(def: Pick<MethodDef, 'kind'>): boolean {
    return this.rules.readOnly && def.kind === 'act';
  }

  /** Refuse a method the policy does not allow (read-only refuses every `act` method). */
  checkMethod(def: Pick<MethodDef, 'name' | 'kind'>): void {
    if (this.refuses(def)) {
      throw new UiError(
        'read_only',
        `${def.name} changes the desktop and the server is read-only`,
        {
          details: { method: def.name },
        },
      );
    }
  }

  /** True when the action must only be validated and resolved. */
  isDryRun(requested: boolean): boolean {
    return this.rules.dryRun || requested;
  }

  /** Refuse a capture or OCR when capture is turned off. */
  checkCapture(): void {
    if (!this.rules.captureEnabled) {
      throw new UiError('capture_disabled', 'screen capture is turned off on this server');
    }
  }

  get captureEnabled(): boolean {
    return this.rules.captureEnabled;
  }

  get clipboardEnabled(): boolean {
    return this.rules.clipboardEnabled ?? true;
  }

  /** Refuse any clipboard read or write when the clipboard is turned off. */
  checkClipboard(): void {
    if (!this.clipboardEnabled) {
      throw new UiError('not_supported', 'the clipboard is turned off on this server', {
        details: { flag: '--no-clipboard' },
        recovery: ['Start the server without --no-clipboard'],
      });
    }
  }

  /** Refuse reading a clipboard that a denied app owns. */
  checkClipboardOwner(owner: Owner | null): void {
    if (owner === null || !this.deniesApp(owner.app, owner.pid)) return;
    throw new UiError('denied', 'the clipboard belongs to an app this server may not read', {
      details: { app: owner.app, pid: owner.pid },
      recovery: ['Copy from an app that is not on the deny list'],
    });
  }

  /** True when a deny list is configured (so callers can skip looking up owners). */
  get hasDenyList(): boolean {
    return this.denied.size > 0;
  }

  /** True when an app name or pid is on the deny list (names case-insensitive). */
  deniesApp(app: string | undefined, pid: number | undefined): boolean {
    if (this.denied.size === 0) return false;
    return (
      (app !== undefined && this.denied.has(app.toLowerCase())) ||
      (pid !== undefined && this.denied.has(String(pid)))
    );
  }

  /** Refuse acting on a target whose app or pid is on the deny list. */
  checkTarget(owner: Owner): void {
    if (!this.deniesApp(owner.app, owner.pid)) return;
    const onList = owner.app !== undefined && this.denied.has(owner.app.toLowerCase());
    const hit = onList ? owner.app : String(owner.pid);
    throw new UiError('forbidden_target', `actions on ${hit} are forbidden on this server`, {
      details: { app: owner.app, pid: owner.pid, window: owner.window },
    });
  }

  /**
   * Refuse launching what the rules do not allow: launching off or outside --allow-launch
   * (launch_not_allowed), or an app on the deny list (forbidden_target).
   */
  checkLaunch(subject: LaunchSubject): void {
    checkLaunchRules(
      {
        launchEnabled: this.rules.launchEnabled ?? true,
        allowLaunch: this.rules.allowLaunch ?? [],
      },
      subject,
    );
    const denied = launchNames(subject).find((n) => this.denied.has(n.toLowerCase()));
    if (denied !== undefined) {
      throw new UiError('forbidden_target', `launching ${denied} is forbidden on this server`, {
        details: { app: subject.name, id: subject.id },
      });
    }
  }

  /** `cache` as callers see it: the deny list's apps left out (one view per cache). */
  visible(cache: UiCache): UiCache {
    let view = this.views.get(cache);
    if (view === undefined) this.views.set(cache, (view = hideDeniedApps(cache, this)));
    return view;
  }
}
