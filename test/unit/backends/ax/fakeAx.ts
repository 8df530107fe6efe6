/**
 * A fake AX surface: apps with element trees, behaving like AX where the backend's logic
 * depends on it. Every ref handed out is a new object (like CF), counted until released, so
 * tests can assert that nothing leaks and nothing is released twice; CFHash is deliberately
 * coarse (uid % 7) so identity must go through CFEqual. Elements can die (-25202), apps can
 * refuse observers a number of times (-25204), attributes can refuse writes, notifications are
 * queued and delivered by pumpRunLoop, like AXObserver callbacks on a CFRunLoop.
 */
import {
  AX_ERROR,
  AxCallError,
  type AxObserverRef,
  type AxRef,
  type AxSetValue,
  type AxSurface,
  type AxValue,
  type CgWindow,
  type MouseButtonName,
  type RunningApp,
} from '../../../../src/backends/ax/axSurface.js';

export interface FakeSpec {
  role: string;
  subrole?: string;
  title?: string;
  description?: string;
  value?: string | number | boolean;
  identifier?: string;
  enabled?: boolean;
  focused?: boolean;
  selected?: boolean;
  expanded?: boolean;
  minimized?: boolean;
  frame?: { x: number; y: number; width: number; height: number };
  actions?: string[];
  /** Attributes whose writes are accepted but change nothing. */
  stubborn?: string[];
  children?: FakeSpec[];
}

let nextUid = 1;

/** Attributes whose value is an element: answered with the first descendant of that subrole. */
const ELEMENT_ATTRIBUTES = new Set([
  'AXCloseButton',
  'AXZoomButton',
  'AXFocusedWindow',
  'AXVerticalScrollBar',
  'AXHorizontalScrollBar',
]);

export class FakeElement {
  readonly uid = nextUid++;
  alive = true;
  children: FakeElement[] = [];
  attrs = new Map<string, AxValue>();
  constructor(
    readonly pid: number,
    public parent: FakeElement | null,
    readonly spec: FakeSpec,
  ) {
    const set = (k: string, v: AxValue | undefined): void =>
      void (v !== undefined && this.attrs.set(k, v));
    set('AXRole', spec.role);
    set('AXSubrole', spec.subrole);
    set('AXTitle', spec.title);
    set('AXDescription', spec.description);
    set('AXValue', spec.value);
    set('AXIdentifier', spec.identifier);
    set('AXEnabled', spec.enabled ?? true);
    set('AXFocused', spec.focused);
    set('AXSelected', spec.selected);
    set('AXExpanded', spec.expanded);
    set('AXMinimized', spec.minimized);
    if (spec.frame !== undefined) {
      set('AXPosition', { x: spec.frame.x, y: spec.frame.y });
      set('AXSize', { width: spec.frame.width, height: spec.frame.height });
    }
    this.children = (spec.children ?? []).map((c) => new FakeElement(pid, this, c));
  }

  find(pred: (e: FakeElement) => boolean): FakeElement | undefined {
    if (pred(this)) return this;
    for (const c of this.children) {
      const hit = c.find(pred);
      if (hit !== undefined) return hit;
    }
    return undefined;
  }

  kill(): void {
    this.alive = false;
    for (const c of this.children) c.kill();
  }
}

export interface FakeApp {
  pid: number;
  name: string;
  bundleId: string | null;
  app: FakeElement;
  windows: FakeElement[];
  /** AXObserverCreate answers kAXErrorCannotComplete this many more times. */
  refuseObservers: number;
  /** Electron / Chromium: reported as such by runningApps. */
  chromium?: boolean;
}

interface Ref extends AxRef {
  target: FakeElement;
  released: boolean;
}

interface Observer extends AxObserverRef {
  pid: number;
  callback: (element: AxRef, notification: string) => void;
  names: Set<string>;
  released: boolean;
}

export class FakeAxSurface implements AxSurface {
  trusted = true;
  screen = true;
  prompts: boolean[] = [];
  readonly apps = new Map<number, FakeApp>();
  readonly calls: string[] = [];
  readonly input: string[] = [];
  private live = new Set<Ref>();
  private observers: Observer[] = [];
  private queue: { pid: number; target: FakeElement; name: string }[] = [];
  /** Called before every AX read or action, with the element and the call (tests hang here). */
  onCall: (target: FakeElement, call: string) => void = () => undefined;

  addApp(pid: number, name: string, bundleId: string | null, windows: FakeSpec[]): FakeApp {
    const app = new FakeElement(pid, null, { role: 'AXApplication', title: name });
    const fake: FakeApp = { pid, name, bundleId, app, windows: [], refuseObservers: 0 };
    fake.windows = windows.map((w) => new FakeElement(pid, app, w));
    app.children = fake.windows;
    this.apps.set(pid, fake);
    return fake;
  }

  /** Outstanding refs (owned by the code under test and not yet released). */
  get liveRefs(): number {
    return this.live.size;
  }

  /** Queue a notification as the app would post it; delivered by pumpRunLoop. */
  notify(target: FakeElement, name: string): void {
    this.queue.push({ pid: target.pid, target, name });
  }

  registered(pid: number): string[] {
    return this.observers.filter((o) => o.pid === pid && !o.released).flatMap((o) => [...o.names]);
  }

  private ref(target: FakeElement): Ref {
    const ref = { __axRef: true as const, target, released: false };
    this.live.add(ref);
    return ref;
  }

  private target(ref: AxRef, call: string): FakeElement {
    const r = ref as Ref;
    if (r.released) throw new Error(`${call} on a released ref`);
    this.calls.push(call);
    this.onCall(r.target, call);
    if (!r.target.alive) throw new AxCallError(AX_ERROR.invalidUIElement, call);
    return r.target;
  }

  isProcessTrusted(prompt: boolean): boolean {
    this.prompts.push(prompt);
    return this.trusted;
  }
  screenCaptureAllowed(): boolean {
    return this.screen;
  }
  applicationElement(pid: number): AxRef {
    const app = this.apps.get(pid);
    if (app === undefined) throw new Error(`no fake app ${pid}`);
    return this.ref(app.app);
  }
  systemWideElement(): AxRef {
    return this.ref(new FakeElement(0, null, { role: 'AXSystemWide' }));
  }
  setMessagingTimeout(): void {}
  copyAttributes(ref: AxRef, names: readonly string[]): AxValue[] {
    const t = this.target(ref, 'CopyMultipleAttributeValues');
    return names.map((name) => {
      if (ELEMENT_ATTRIBUTES.has(name)) {
        const hit =
          name === 'AXFocusedWindow'
            ? this.apps.get(t.pid)?.windows[0]
            : t.find((e) => e !== t && e.spec.subrole === name);
        return hit === undefined ? null : this.ref(hit);
      }
      return t.attrs.get(name) ?? null;
    });
  }
  attributeCount(ref: AxRef, attribute: string): number {
    const t = this.target(ref, 'GetAttributeValueCount');
    if (attribute !== 'AXChildren') throw new AxCallError(AX_ERROR.attributeUnsupported, attribute);
    return t.children.length;
  }
  copyElements(ref: AxRef, attribute: string, index: number, max: number): AxRef[] {
    const t = this.target(ref, `CopyAttributeValues(${attribute},${index},${max})`);
    const list = attribute === 'AXWindows' ? (this.apps.get(t.pid)?.windows ?? []) : t.children;
    return list
      .filter((e) => e.alive)
      .slice(index, index + max)
      .map((e) => this.ref(e));
  }
  actionNames(ref: AxRef): string[] {
    return this.target(ref, 'CopyActionNames').spec.actions ?? [];
  }
  isSettable(ref: AxRef, attribute: string): boolean {
    return this.target(ref, 'IsAttributeSettable').attrs.has(attribute);
  }
  performAction(ref: AxRef, action: string): void {
    const t = this.target(ref, `PerformAction(${action})`);
    if (!(t.spec.actions ?? []).includes(action))
      throw new AxCallError(AX_ERROR.actionUnsupported, action);
  }
  setAttribute(ref: AxRef, attribute: string, value: AxSetValue): void {
    const t = this.target(ref, `SetAttributeValue(${attribute})`);
    if (t.spec.stubborn?.includes(attribute)) return;
    const v = 'value' in value ? value.value : 'x' in value ? { x: value.x, y: value.y } : value;
    t.attrs.set(attribute, v);
  }
  pid(ref: AxRef): number {
    return this.target(ref, 'GetPid').pid;
  }
  hash(ref: AxRef): number {
    return (ref as Ref).target.uid % 7;
  }
  equal(a: AxRef, b: AxRef): boolean {
    return (a as Ref).target === (b as Ref).target;
  }
  retain(ref: AxRef): AxRef {
    return this.ref((ref as Ref).target);
  }
  release(ref: AxRef): void {
    const r = ref as Ref;
    if (r.released || !this.live.has(r)) throw new Error('released twice (or never owned)');
    r.released = true;
    this.live.delete(r);
  }
  createObserver(
    pid: number,
    callback: (element: AxRef, notification: string) => void,
  ): AxObserverRef {
    const app = this.apps.get(pid);
    if (app !== undefined && app.refuseObservers > 0) {
      app.refuseObservers -= 1;
      throw new AxCallError(AX_ERROR.cannotComplete, 'AXObserverCreate');
    }
    const observer: Observer = {
      __axObserver: true,
      pid,
      callback,
      names: new Set(),
      released: false,
    };
    this.observers.push(observer);
    return observer;
  }
  addNotification(observer: AxObserverRef, ref: AxRef, name: string): void {
    const t = this.target(ref, `AXObserverAddNotification(${name})`);
    (observer as Observer).names.add(`${t.uid}:${name}`);
  }
  removeNotification(observer: AxObserverRef, ref: AxRef, name: string): void {
    (observer as Observer).names.delete(`${(ref as Ref).target.uid}:${name}`);
  }
  releaseObserver(observer: AxObserverRef): void {
    (observer as Observer).released = true;
  }
  /** Deliver queued notifications to observers registered for them (app-level or own). */
  pumpRunLoop(): void {
    const queue = this.queue;
    this.queue = [];
    for (const { pid, target, name } of queue) {
      const app = this.apps.get(pid);
      for (const o of this.observers) {
        if (o.released || o.pid !== pid) continue;
        const onApp = app !== undefined && o.names.has(`${app.app.uid}:${name}`);
        if (onApp || o.names.has(`${target.uid}:${name}`)) o.callback(this.ref(target), name);
      }
    }
  }
  /** Minimized windows are off screen, as in CGWindowList. */
  windowList(onScreenOnly = true): CgWindow[] {
    return [...this.apps.values()].flatMap((a) =>
      a.windows
        .filter((w) => w.alive && !(onScreenOnly && w.attrs.get('AXMinimized') === true))
        .map((w, i) => ({
          windowId: a.pid * 100 + i,
          pid: a.pid,
          owner: a.name,
          title: String(w.spec.title ?? ''),
          layer: 0,
          bounds: w.spec.frame ?? { x: 0, y: 0, width: 100, height: 100 },
        })),
    );
  }
  runningApps(): RunningApp[] {
    return [...this.apps.values()].map((a) => ({
      pid: a.pid,
      name: a.name,
      bundleId: a.bundleId,
      chromium: a.chromium === true,
    }));
  }
  postKey(keyCode: number, down: boolean, flags: number): void {
    this.input.push(`key ${keyCode} ${down ? 'down' : 'up'} ${flags}`);
  }
  postUnicode(text: string): void {
    this.input.push(`text ${text}`);
  }
  postMouse(kind: string, button: MouseButtonName, x: number, y: number, clicks: number): void {
    this.input.push(`mouse ${kind} ${button} ${x},${y} ${clicks}`);
  }
  postWheel(dx: number, dy: number): void {
    this.input.push(`wheel ${dx},${dy}`);
  }
  displayBounds() {
    return { x: 0, y: 0, width: 1440, height: 900 };
  }
}
