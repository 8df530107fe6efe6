/**
 * Reading elements: one element's properties (a handful of parallel calls), its children and
 * the desktop's top-level windows (every registered app's, skipping the app nodes themselves).
 */
import type { BackendId, BackendNode } from '../backend.js';
import { urgentCalls, type AtspiBus, type ObjectRef } from './atspiBus.js';
import { asString, idOf, isNullRef, REGISTRY_NAME, ROOT_PATH } from './atspiIds.js';
import { ElementStaleError, PatternNotSupportedError } from '../../errors.js';
import { dbusErrorName } from './atspiCallKinds.js';
import { hasState, isTextRole, isTransient, STATE_BIT } from './atspiRoles.js';
import { StaticFacts } from './atspiMemo.js';
import { liftSkippedLevels } from './atspiTree.js';
import {
  nodeOf,
  RANGE_PROPS,
  rangeOf,
  variantValue,
  type AppInfo,
  type RawElement,
  type Variant,
} from './atspiNode.js';

export type { AppInfo, RawElement } from './atspiNode.js';

const A = 'org.a11y.atspi.';
const PROPS = 'org.freedesktop.DBus.Properties';

function unlessRefused(err: unknown): void {
  if (!(err instanceof PatternNotSupportedError)) throw err;
}

/**
 * A property the element or its toolkit lacks: refused by policy, an unknown interface or
 * property, InvalidArgs (GTK's answer to an unknown property name) or Failed (Chromium's "Get
 * failed", e.g. for a range's MinimumIncrement).
 */
function isMissingProperty(err: unknown): boolean {
  if (err instanceof PatternNotSupportedError) return true;
  const type = dbusErrorName(err);
  return (
    type.endsWith('.UnknownProperty') || type.endsWith('.InvalidArgs') || type.endsWith('.Failed')
  );
}

export class AtspiReader {
  /** Roles and interfaces read once per element (see atspiMemo.ts). */
  readonly facts = new StaticFacts();

  constructor(
    readonly bus: AtspiBus,
    /** What the backend knows of the app behind a bus name (read once per app). */
    readonly app: (busName: string, signal: AbortSignal) => Promise<AppInfo>,
  ) {}

  role(ref: ObjectRef, signal: AbortSignal): Promise<number> {
    return this.facts.role(ref, async () => {
      const [role] = await this.call(ref, 'Accessible', 'GetRole', signal);
      return Number(role);
    });
  }

  interfaces(ref: ObjectRef, signal: AbortSignal): Promise<string[]> {
    return this.facts.interfacesOf(ref, async () => {
      const [list] = await this.call(ref, 'Accessible', 'GetInterfaces', signal);
      return (list ?? []) as string[];
    });
  }

  call(
    ref: ObjectRef,
    iface: string,
    member: string,
    signal: AbortSignal,
    signature?: string,
    body?: unknown[],
    noReply = false,
  ): Promise<unknown[]> {
    return this.bus.call(
      {
        dest: ref[0],
        path: ref[1],
        iface: A + iface,
        member,
        ...(signature ? { signature, body: body ?? [] } : {}),
        ...(noReply ? { noReply } : {}),
      },
      signal,
    );
  }

  /**
   * Named properties of one interface, each read with its own `Properties.Get` (never
   * `Properties.GetAll`: it kills Qt 5 and Chromium, see atspiToolkits.ts). A property the
   * element or its toolkit lacks is left out; a vanished element is element_stale.
   */
  async readProps(
    ref: ObjectRef,
    iface: string,
    names: readonly string[],
    signal: AbortSignal,
  ): Promise<Record<string, Variant | undefined>> {
    const values = await Promise.all(names.map((name) => this.prop(ref, iface, name, signal)));
    const dict: Record<string, Variant | undefined> = {};
    names.forEach((name, i) => {
      const value = values[i];
      if (value !== undefined) dict[name] = { value };
    });
    return dict;
  }

  /** One property, or undefined when the element or its toolkit does not have it. */
  async prop(ref: ObjectRef, iface: string, name: string, signal: AbortSignal): Promise<unknown> {
    try {
      const [variant] = await this.bus.call(
        {
          dest: ref[0],
          path: ref[1],
          iface: PROPS,
          member: 'Get',
          signature: 'ss',
          body: [A + iface, name],
        },
        signal,
      );
      return (variant as Variant | undefined)?.value;
    } catch (err) {
      if (isMissingProperty(err)) return undefined;
      throw err;
    }
  }

  /** An element's whole text, read as its toolkit takes it (TreeRules.textEndByCount). */
  async text(ref: ObjectRef, signal: AbortSignal): Promise<string> {
    let end = -1;
    if ((await this.app(ref[0], signal)).tree.textEndByCount) {
      end = Number(await this.prop(ref, 'Text', 'CharacterCount', signal)) || 0;
      if (end === 0) return '';
    }
    const [text] = await this.call(ref, 'Text', 'GetText', signal, 'ii', [0, end]);
    return asString(text);
  }

  /**
   * An element's children as the app's tree has them: where the toolkit's GetChildren skips a
   * level (TreeRules.childrenSkipLevels), each child is put back under the ancestor its Parent
   * chain names. `knownParent` answers from what the caller already read (Cache.GetItems).
   */
  async children(
    ref: ObjectRef,
    signal: AbortSignal,
    knownParent?: (child: ObjectRef) => ObjectRef | undefined,
  ): Promise<ObjectRef[]> {
    const [list] = await this.call(ref, 'Accessible', 'GetChildren', signal);
    const children = ((list ?? []) as ObjectRef[]).filter((r) => !isNullRef(r));
    if (children.length === 0 || ref[0] === REGISTRY_NAME) return children;
    if (!(await this.app(ref[0], signal)).tree.childrenSkipLevels) return children;
    const parentOf = async (child: ObjectRef): Promise<ObjectRef | undefined> =>
      knownParent?.(child) ??
      ((await this.prop(child, 'Accessible', 'Parent', signal)) as ObjectRef | undefined);
    return liftSkippedLevels(ref, children, parentOf);
  }

  /** The desktop's children: every app's top-level windows, apps in registry order. */
  async desktopChildren(signal: AbortSignal): Promise<ObjectRef[]> {
    const apps = await this.children([REGISTRY_NAME, ROOT_PATH], signal);
    const perApp = await Promise.all(
      apps.map((app) => this.children(app, signal).catch(() => [] as ObjectRef[])),
    );
    return perApp.flat();
  }

  /**
   * Read one element's properties (its parent only when asked: a walk knows it already). A
   * top-level window's extents are asked beside the rest, not once its interfaces are known
   * (every toolkit's windows are Components): a new window's listing waits for that round trip.
   */
  async element(
    ref: ObjectRef,
    signal: AbortSignal,
    withParent = false,
    topLevel = false,
  ): Promise<RawElement> {
    const early = topLevel ? this.extents(ref, signal).catch(() => undefined) : undefined;
    const names = withParent ? ['Name', 'AccessibleId', 'Parent'] : ['Name', 'AccessibleId'];
    const checked = await this.stateFirst(ref, signal);
    const reads = () =>
      Promise.all([
        this.readProps(ref, 'Accessible', names, signal),
        this.children(ref, signal),
        this.call(ref, 'Accessible', 'GetRole', signal),
        checked ?? this.call(ref, 'Accessible', 'GetState', signal),
        this.call(ref, 'Accessible', 'GetInterfaces', signal),
      ]);
    // A checked transient element's reads jump the queue: its app may remove it meanwhile.
    const urgent = checked !== undefined && isTransient((checked[0] ?? [0, 0]) as number[]);
    const [accessible, children, [role], [states], [interfaces]] = await (urgent
      ? urgentCalls(reads)
      : reads());
    const raw: RawElement = {
      ref,
      role: Number(role),
      states: (states ?? [0, 0]) as number[],
      name: asString(variantValue(accessible, 'Name')),
      accessibleId: asString(variantValue(accessible, 'AccessibleId')),
      interfaces: (interfaces ?? []) as string[],
      parent: (variantValue(accessible, 'Parent') ?? ['', '']) as ObjectRef,
      children,
      rect: null,
    };
    await this.readExtras(raw, signal, early);
    return raw;
  }

  /**
   * The element's state, read before anything else where its toolkit kills the app on a read of
   * a removed transient element (TreeRules.transientStateFirst): such an element is stale.
   * Undefined elsewhere: the state is read alongside the rest.
   */
  private async stateFirst(ref: ObjectRef, signal: AbortSignal): Promise<unknown[] | undefined> {
    if (ref[0] === REGISTRY_NAME || !(await this.app(ref[0], signal)).tree.transientStateFirst) {
      return undefined;
    }
    const [states] = await this.call(ref, 'Accessible', 'GetState', signal);
    const words = (states ?? [0, 0]) as number[];
    if (isTransient(words) && !hasState(words, STATE_BIT.ENABLED)) {
      throw new ElementStaleError(`${idOf(ref)} was removed (a transient element with no state)`);
    }
    return [states];
  }

  /** Screen extents as the toolkit answers them. */
  private async extents(ref: ObjectRef, signal: AbortSignal): Promise<unknown> {
    const [box] = await this.call(ref, 'Component', 'GetExtents', signal, 'u', [0]);
    return box;
  }

  /**
   * Extents, range and text: only for elements with the interface. `early`: extents already
   * asked (undefined when that failed: they are asked again).
   */
  async readExtras(raw: RawElement, signal: AbortSignal, early?: Promise<unknown>): Promise<void> {
    const has = (iface: string): boolean => raw.interfaces.includes(A + iface);
    const work: Promise<void>[] = [];
    if (has('Component')) {
      const extents = async () => (await early) ?? this.extents(raw.ref, signal);
      work.push(
        extents().then((box) => {
          const [x, y, width, height] = box as number[];
          raw.rect =
            width !== undefined && width >= 0 && (height ?? -1) >= 0
              ? { x: x ?? 0, y: y ?? 0, width, height: height ?? 0 }
              : null;
        }),
      );
    }
    if (has('Value')) {
      work.push(
        this.readProps(raw.ref, 'Value', RANGE_PROPS, signal).then((v) => {
          raw.range = rangeOf(v);
        }),
      );
    }
    if (has('Text') && (isTextRole(raw.role) || has('EditableText'))) {
      work.push(
        this.text(raw.ref, signal).then((text) => {
          raw.value = text;
        }),
      );
    }
    // A read the toolkit cannot take (refused by policy) leaves that property out.
    await Promise.all(work.map((w) => w.catch(unlessRefused)));
  }

  /** Turn a raw element into a node (parent id given by the caller's context). */
  async toNode(
    raw: RawElement,
    parentId: BackendId | null,
    parentHasSelection: boolean,
    signal: AbortSignal,
  ): Promise<BackendNode> {
    return nodeOf(raw, await this.app(raw.ref[0], signal), parentId, parentHasSelection);
  }
}
