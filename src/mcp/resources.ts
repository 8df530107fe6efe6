/**
 * MCP resources: `ui://windows` (the window list) and `ui://window/{ref}` (a window's compact
 * snapshot), read through the method table. Subscriptions re-render a subscribed resource
 * after the cache changes (debounced) and report it only when its text really changed.
 */
import { auditTime, type Subscription } from 'rxjs';
import { WindowRef } from '../../protocol/src/index.js';
import { UiError } from '../errors.js';
import { callMethod } from './call.js';
import { windowLine } from './render.js';
import type { ToolContext } from './types.js';

export const WINDOWS_URI = 'ui://windows';
export const WINDOW_TEMPLATE = 'ui://window/{ref}';
const WINDOW_PREFIX = 'ui://window/';

/**
 * Subscribed resources are re-rendered at most once per this period after changes (the last
 * change of a burst always leads to a re-render, and a steady stream cannot starve it).
 */
export const RESOURCE_DEBOUNCE_MS = 100;

export interface ResourceEntry {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType: string;
}

export interface ResourceText {
  uri: string;
  mimeType: string;
  text: string;
}

/** Thrown for a URI this server does not serve (the SDK layer maps it to "not found"). */
export class UnknownResourceError extends UiError {
  constructor(uri: string) {
    super('invalid_params', `no resource ${uri}`, { details: { uri } });
  }
}

export const windowTemplate: ResourceEntry & { uriTemplate: string } = {
  uri: WINDOW_TEMPLATE,
  uriTemplate: WINDOW_TEMPLATE,
  name: 'window',
  title: 'Window snapshot',
  description: 'Compact snapshot of one window, one line per element with stable refs',
  mimeType: 'text/plain',
};

/** ui://windows and one entry per open window. */
export async function listResources(ctx: ToolContext): Promise<ResourceEntry[]> {
  const r = await callMethod(ctx, 'windows.list', {});
  return [
    {
      uri: WINDOWS_URI,
      name: 'windows',
      title: 'Open windows',
      description: 'Top-level windows with their refs',
      mimeType: 'text/plain',
    },
    ...r.windows.map((w) => ({
      uri: `${WINDOW_PREFIX}${w.ref}`,
      name: `window ${w.ref}`,
      title: w.title,
      description: `Snapshot of "${w.title}" (${w.app})`,
      mimeType: 'text/plain',
    })),
  ];
}

/** The text of a resource; UnknownResourceError for anything else. */
export async function readResource(uri: string, ctx: ToolContext): Promise<ResourceText> {
  if (uri === WINDOWS_URI) {
    const r = await callMethod(ctx, 'windows.list', {});
    const text = r.windows.map((w) => `- ${windowLine(w)}`).join('\n');
    return { uri, mimeType: 'text/plain', text: text === '' ? 'no windows' : text };
  }
  if (uri.startsWith(WINDOW_PREFIX)) {
    const ref = WindowRef.safeParse(uri.slice(WINDOW_PREFIX.length));
    if (!ref.success) throw new UnknownResourceError(uri);
    const snap = await callMethod(ctx, 'tree.snapshot', { window: ref.data });
    return { uri, mimeType: 'text/plain', text: snap.text };
  }
  throw new UnknownResourceError(uri);
}

/** Window refs starting with `prefix`, for completing the template's `ref` argument. */
export async function completeWindowRef(prefix: string, ctx: ToolContext): Promise<string[]> {
  const r = await callMethod(ctx, 'windows.list', {});
  return r.windows.map((w) => w.ref).filter((ref) => ref.startsWith(prefix));
}

/**
 * One MCP session's resource subscriptions. After each quiet period following a cache change,
 * every subscribed resource is re-read and `notify` is called for those whose text changed.
 */
export class ResourceSubscriptions {
  private readonly last = new Map<string, string>();
  private readonly watch: Subscription | undefined;
  private closed = false;
  private checking = false;
  private again = false;

  constructor(
    private readonly ctx: ToolContext,
    private readonly notify: (uri: string) => Promise<void>,
    debounceMs = RESOURCE_DEBOUNCE_MS,
  ) {
    this.watch = ctx.deps.cache?.patches$.pipe(auditTime(debounceMs)).subscribe(() => {
      this.schedule();
    });
  }

  /** Start watching `uri` (validated by reading it once). */
  async add(uri: string): Promise<void> {
    const now = await readResource(uri, this.ctx);
    this.last.set(uri, now.text);
  }

  remove(uri: string): void {
    this.last.delete(uri);
  }

  get size(): number {
    return this.last.size;
  }

  close(): void {
    this.closed = true;
    this.watch?.unsubscribe();
    this.last.clear();
  }

  /** Run one recheck at a time; a change during one asks for exactly one more. */
  private schedule(): void {
    if (this.checking) {
      this.again = true;
      return;
    }
    this.checking = true;
    void this.recheck().finally(() => {
      this.checking = false;
      if (this.again && !this.closed) {
        this.again = false;
        this.schedule();
      }
    });
  }

  private async recheck(): Promise<void> {
    for (const [uri, before] of [...this.last]) {
      if (this.closed) return;
      const text = await readResource(uri, this.ctx).then(
        (r) => r.text,
        // A closed window's snapshot fails: that is a change worth reporting once.
        () => '',
      );
      if (text === before || !this.last.has(uri)) continue;
      this.last.set(uri, text);
      await this.notify(uri).catch(() => undefined);
    }
  }
}
