/**
 * Per-toolkit read policy, as data keyed on `Application.ToolkitName` and `Application.Version`.
 * `Properties.GetAll` is never sent to any app (the guard refuses it): Qt 5's bridge segfaults on
 * `GetAll org.a11y.atspi.Accessible` and Chromium aborts on `GetAll org.a11y.atspi.Value`, while
 * single `Get` calls work on both. Beyond the static table, calls are learned at run time: a call
 * that killed or hung an app of a toolkit is never made again on that toolkit, and a property the
 * toolkit does not have is no longer asked for. The same table says how a toolkit's states and
 * children read (TreeRules).
 */
import { APP_LANE_DEPTH } from './atspiAppLanes.js';
import { DEFAULT_STATE_RULES, STATE_BIT, type StateRules } from './atspiRoles.js';

/** How a toolkit's states and child lists read. */
export interface TreeRules extends StateRules {
  /**
   * `GetChildren` skips accessibles that are not widgets (GTK 4.8's GtkStackPage between a stack
   * and its pages) while `GetChildAtIndex` and each child's `Parent` keep them: children are put
   * back under the parent their `Parent` names.
   */
  readonly childrenSkipLevels: boolean;
  /**
   * `Text.GetText(0, -1)` answers '' (GTK 4.8 takes -1 as an empty range): the text is read up
   * to `CharacterCount` instead (an end past the text is not safe to send either).
   */
  readonly textEndByCount: boolean;
  /**
   * Asking `Name`, `Parent`, `GetRole`, `GetRoleName`, `GetLocalizedRoleName` or
   * `GetInterfaces` of a TRANSIENT element its app removed since it was listed kills the app
   * (Debian 12's Java ATK wrapper 0.40 on a shrunk `JList`: the row's role is null and the
   * wrapper's role mapping then crashes the JVM; see docs/self-repair.md). Such an element's state is
   * read alone first (GetState is safe on it), and one without ENABLED (a removed row has no
   * renderer behind it; VISIBLE can linger on it until the list's layout is redone) is treated
   * as gone. Each call is its own task on Swing's event thread, so a row removed between that read
   * and the next still slips through: the check narrows the window, it cannot close it.
   */
  readonly transientStateFirst: boolean;
}

export const DEFAULT_TREE_RULES: TreeRules = {
  ...DEFAULT_STATE_RULES,
  childrenSkipLevels: false,
  textEndByCount: false,
  transientStateFirst: false,
};

interface ToolkitRule {
  toolkit: string;
  /** Version prefix; absent: every version. */
  version?: string;
  /**
   * Calls (`Interface.Member`, or `Interface.Property` for a property read) never made, with
   * the reason. Without `Cache.GetItems` an app is read element by element.
   */
  skip?: Readonly<Record<string, string>>;
  /** How its states and child lists read, where they differ from DEFAULT_TREE_RULES. */
  tree?: Partial<TreeRules>;
  /** Ordinary calls in flight to one of its apps at most (see AppLanes); absent: no lane. */
  laneDepth?: number;
}

/**
 * Static knowledge, measured on Debian 12 (at-spi2 2.46, Qt 5.15.8, Chromium 156, GTK 3.24 as
 * `gtk`, GTK 4.8.3 as `GTK`).
 */
const RULES: readonly ToolkitRule[] = [
  {
    toolkit: 'GTK',
    version: '4.',
    tree: {
      // GTK 4.8 never sets ENABLED and sets SHOWING on windows only (see StateRules).
      enabledBits: [STATE_BIT.ENABLED, STATE_BIT.SENSITIVE],
      reportsShowing: false,
      childrenSkipLevels: true,
      textEndByCount: true,
    },
  },
  {
    toolkit: 'J2SE-access-bridge',
    tree: { transientStateFirst: true },
    // The bridge runs every call as its own task on Swing's event thread, one at a time.
    laneDepth: APP_LANE_DEPTH,
  },
  {
    toolkit: 'Qt',
    version: '5.',
    skip: {
      'Cache.GetItems': 'Qt 5 exports the Cache interface but GetItems answers an empty list',
      'Accessible.AccessibleId': 'Qt 5 has no AccessibleId property (UnknownInterface)',
    },
  },
  {
    toolkit: 'Qt',
    version: '6.',
    skip: { 'Cache.GetItems': 'Qt exports the Cache interface but GetItems answers empty' },
  },
];

/** A toolkit as an app names itself: `Qt 5.15.8`, `GAIL 2.46.0`, `Chromium 1.0`. */
export interface Toolkit {
  name: string;
  version: string;
  /** The app did not answer the read yet (its root was not exported): ask again later. */
  unread?: true;
}

export function toolkitKey(t: Toolkit): string {
  return `${t.name} ${t.version}`.trim();
}

function rulesOf(t: Toolkit): ToolkitRule[] {
  return RULES.filter(
    (r) => r.toolkit === t.name && (r.version === undefined || t.version.startsWith(r.version)),
  );
}

/** Ordinary calls in flight to one app of this toolkit at most (Infinity: no lane). */
export function laneDepthOf(t: Toolkit): number {
  return Math.min(Infinity, ...rulesOf(t).map((r) => r.laneDepth ?? Infinity));
}

/** How this toolkit's states and child lists read. */
export function treeRulesOf(t: Toolkit): TreeRules {
  return Object.assign({}, DEFAULT_TREE_RULES, ...rulesOf(t).map((r) => r.tree ?? {})) as TreeRules;
}

/** The calls one app may take, what has been learned about them, and why. */
export class ToolkitPolicies {
  /** toolkit key -> call -> reason it is not made. */
  private readonly learned = new Map<string, Map<string, string>>();
  /** toolkit key -> calls that have answered at least once (made alone the first time). */
  private readonly proven = new Map<string, Set<string>>();
  /** toolkit key + call -> times it got no reply when made alone. */
  private readonly strikes = new Map<string, number>();

  /** Why `call` must not be made on this toolkit, or undefined when it may. */
  refusal(t: Toolkit, call: string): string | undefined {
    const learned = this.learned.get(toolkitKey(t))?.get(call);
    if (learned !== undefined) return learned;
    return rulesOf(t).find((r) => r.skip?.[call] !== undefined)?.skip?.[call];
  }

  /** Never make `call` on this toolkit again. */
  forbid(t: Toolkit, call: string, reason: string): void {
    const key = toolkitKey(t);
    let calls = this.learned.get(key);
    if (calls === undefined) this.learned.set(key, (calls = new Map<string, string>()));
    if (!calls.has(call)) calls.set(call, reason);
  }

  /** Count one more call made alone that got no reply; returns the count so far. */
  strike(t: Toolkit, call: string): number {
    const key = `${toolkitKey(t)}\u0000${call}`;
    const count = (this.strikes.get(key) ?? 0) + 1;
    this.strikes.set(key, count);
    return count;
  }

  isProven(t: Toolkit, call: string): boolean {
    return this.proven.get(toolkitKey(t))?.has(call) ?? false;
  }

  markProven(t: Toolkit, call: string): void {
    const key = toolkitKey(t);
    let calls = this.proven.get(key);
    if (calls === undefined) this.proven.set(key, (calls = new Set()));
    calls.add(call);
  }

  /** Every learned refusal, for status reports. */
  learnedCalls(): { toolkit: string; call: string; reason: string }[] {
    const found: { toolkit: string; call: string; reason: string }[] = [];
    for (const [toolkit, calls] of this.learned) {
      for (const [call, reason] of calls) found.push({ toolkit, call, reason });
    }
    return found;
  }

  /** Every learned refusal as a line: `toolkit: call (reason)`. */
  describeLearned(): string[] {
    return this.learnedCalls().map((c) => `${c.toolkit}: ${c.call} (${c.reason})`);
  }
}
