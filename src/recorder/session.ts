/**
 * The recorder's wiring: a person's input from the backend (`watchInput`) and the cache's
 * window events become moments, each mapped at once to the element under the pointer
 * (`elements.at`) or the focused element, as the cache knows them at that instant. Input
 * outside the recorded app is left out. The assertion hotkey adds an assertion instead of a
 * key. Mapping and merging themselves are pure (locator.ts, steps.ts).
 */
import type { ElementNode, UiEvent, WindowInfo } from '../../protocol/src/index.js';
import type { AccessibilityBackend, MouseButton, ObservedInput } from '../backends/backend.js';
import type { UiCache } from '../cache/api.js';
import { NotSupportedError, isUiError } from '../errors.js';
import { seeElement, type TreeLookup } from './locator.js';
import type { LocatorQuery, Moment, Recording, SeenElement } from './model.js';
import { chordName, toSteps } from './steps.js';

/** How far a button may move between press and release and still be a click (pixels). */
const CLICK_SLOP_PX = 4;

export interface RecorderOptions {
  /** Record only input into this app (name, case-insensitive); all apps when absent. */
  app?: string;
  /** The chord that adds an assertion on the focused element, as chordName() spells it. */
  assertKey: string;
  /** Told of each moment as it is recorded (the CLI prints it). */
  onMoment?: (moment: Moment) => void;
}

export interface Recorder {
  readonly moments: readonly Moment[];
  /** The recording so far, as steps. */
  recording(): Recording;
  stop(): void;
}

function lookupOf(cache: UiCache): TreeLookup {
  return {
    find(query: LocatorQuery): ElementNode[] {
      try {
        const p = { nameMatch: 'contains' as const, caseSensitive: false, maxResults: 1000 };
        return cache.find({ ...p, ...query }).elements;
      } catch (err) {
        if (isUiError(err)) return [];
        throw err;
      }
    },
    ancestors(node: ElementNode): string[] {
      const labels: string[] = [];
      for (let ref = node.parent; ref !== null;) {
        const parent = cache.node(ref);
        if (parent === undefined) break;
        labels.unshift(`${parent.controlType} "${parent.name}"`);
        ref = parent.parent;
      }
      return labels;
    },
  };
}

export function startRecorder(
  backend: AccessibilityBackend,
  cache: UiCache,
  options: RecorderOptions,
  signal: AbortSignal,
): Recorder {
  if (backend.watchInput === undefined) {
    throw new NotSupportedError(`the ${backend.name} backend cannot watch a person's input`);
  }
  const moments: Moment[] = [];
  const lookup = lookupOf(cache);
  const app = options.app?.toLowerCase();
  const appWindows = new Set<string>();
  let firstWindow: string | undefined;

  const windowOf = (ref: string | null): WindowInfo | undefined =>
    ref === null
      ? undefined
      : cache.windowsList({ includeMinimized: true }).windows.find((w) => w.ref === ref);
  const inApp = (node: ElementNode | null | undefined): node is ElementNode =>
    node !== null &&
    node !== undefined &&
    (app === undefined || (node.app ?? '').toLowerCase().includes(app));
  const see = (node: ElementNode): SeenElement => {
    const window = windowOf(node.window);
    firstWindow ??= window?.title;
    return seeElement(node, window, lookup);
  };
  const add = (moment: Moment): void => {
    moments.push(moment);
    options.onMoment?.(moment);
  };

  // The element under a press is read at the press: the release may already change the UI.
  let pressed: { button: MouseButton; x: number; y: number; target: SeenElement | null } | null =
    null;
  const seenAt = (x: number, y: number): SeenElement | null | undefined => {
    const node = cache.at({ x, y }).element;
    if (inApp(node)) return see(node);
    return node === null || app === undefined ? null : undefined;
  };
  const onButton = (input: Extract<ObservedInput, { kind: 'button' }>): void => {
    const { x, y, button } = input;
    if (input.pressed) {
      const target = seenAt(x, y);
      pressed = target === undefined ? null : { button, x, y, target };
      return;
    }
    const down = pressed;
    pressed = null;
    if (down?.button !== button) return;
    if (Math.hypot(x - down.x, y - down.y) <= CLICK_SLOP_PX) {
      if (down.target !== null || app === undefined) add({ kind: 'click', ...down });
      return;
    }
    const from = down.target;
    add({
      kind: 'drag',
      button,
      from,
      fromPoint: { x: down.x, y: down.y },
      to: seenAt(x, y) ?? null,
      toPoint: { x, y },
    });
  };

  const onInput = (input: ObservedInput): void => {
    if (input.kind === 'button') {
      onButton(input);
      return;
    }
    if (!input.pressed) return;
    const focused = cache.focused({}).element;
    const focus = inApp(focused) ? see(focused) : null;
    if (focus === null && app !== undefined) return;
    if (chordName(input.key, input.modifiers) === options.assertKey) {
      add({ kind: 'assert', focus });
      return;
    }
    const key = { kind: 'key', key: input.key, modifiers: input.modifiers, focus } as const;
    add(input.text === undefined ? key : { ...key, text: input.text });
  };

  const onEvent = (event: UiEvent): void => {
    if (event.type === 'window.opened') {
      if (app !== undefined && !event.window.app.toLowerCase().includes(app)) return;
      appWindows.add(event.window.ref);
      add({ kind: 'window', opened: true, title: event.window.title });
    } else if (event.type === 'window.closed' && appWindows.has(event.window)) {
      appWindows.delete(event.window);
      add({ kind: 'window', opened: false, title: event.title });
    }
  };

  for (const w of cache.windowsList({ includeMinimized: true }).windows) {
    if (app === undefined || w.app.toLowerCase().includes(app)) appWindows.add(w.ref);
  }
  const subscription = backend.watchInput(signal).subscribe({
    next: onInput,
    error: () => undefined,
  });
  const events = cache.events.events$.subscribe(onEvent);
  const stop = (): void => {
    subscription.unsubscribe();
    events.unsubscribe();
  };
  signal.addEventListener('abort', stop, { once: true });
  return {
    moments,
    recording: () => ({ app: options.app, firstWindow, steps: toSteps(moments) }),
    stop,
  };
}
