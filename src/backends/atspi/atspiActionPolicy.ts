/**
 * How each toolkit's accessibility bridge takes actions, as data keyed by
 * `Application.ToolkitName` (lower-cased). Measured on Debian 12 (at-spi2 2.46):
 * - GTK3's atk-bridge runs `DoAction` on a button or menu item inside the D-Bus handler; when the
 *   handler opens a modal dialog (`gtk_dialog_run`), the dialog's nested loop blocks the bridge
 *   and every later call to that app times out until the dialog closes. A real click opens the
 *   same dialog from the X event handler, and the app keeps answering. GTK 4 (`GTK 4.x`) has no
 *   nested dialog loop (gtk_dialog_run is gone): its DoAction returns at once, but a button's
 *   `click` runs `clicked` only after its 250 ms pressed look (GtkButton's activate), past the
 *   action's settle: a dialog it opens came after the answer. Buttons are clicked for real, at
 *   extents GTK 4 counts from its window's corner (every window reports 0,0 on X11). And
 *   GTK 4.8 exports the Action interface on every widget, with no action at all on check buttons
 *   and switches (they are clicked for real), and has no `Component.GrabFocus` (NotSupported):
 *   a text field is focused by a click, which only places the caret.
 * - `Component.ScrollTo` scrolls only where the bridge implements it: Chromium's and Gecko's ATK
 *   components scroll their web content into view; GTK3's widget accessibles leave AtkComponent's
 *   scroll_to unset, so at-spi2-atk answers false and nothing moves; Qt 5's adaptor has no
 *   ScrollTo branch in its Component handler at all (the call is an unknown method). Unknown
 *   toolkits are not assumed to scroll: ScrollItem is advertised only where it is known to work.
 * - Gecko answers true to `EditableText.SetTextContents` on web inputs and ignores it.
 * - Chromium's `<select>` popup opens on `DoAction` and closes again at once when the browser
 *   window does not hold the X input focus (another of its windows does); a click would have
 *   given it the focus, so the window is focused first. GTK's popups stay open without it.
 * - Qt 5 runs a modal dialog opened by a menu item or button inside `DoAction` too (the reply
 *   comes when the dialog closes), but its bridge goes on answering every other call meanwhile.
 *   Waiting for that reply held the action 1.6 s, and the call's deadline then set the app
 *   aside as not responding although it answered. Menu items are sent `DoAction` without a reply
 *   asked for (Qt reports plausible extents for the items of a closed menu, so a real click
 *   would land elsewhere): the effect is seen in the cache, and nothing waits on the app. A
 *   button on screen gets a real click: Qt's `DoAction` on a button only starts a 100 ms
 *   animated click, whose effect would come after the action settled.
 * The effect checks of the executor catch what is not listed here; this table only avoids calls
 * known to harm the app or known to be no-ops.
 */
import { ROLE } from './atspiRoles.js';

export interface ActionPolicy {
  /** Roles whose `DoAction` may run a modal loop inside the call (or, GTK 4, act late): acted on
   * by a real click. */
  readonly nestedLoopRoles: ReadonlySet<number>;
  /** Roles whose `DoAction` is sent without a reply asked for (it may run a modal loop). */
  readonly replylessRoles: ReadonlySet<number>;
  /** How long to wait for `DoAction`'s reply before treating the action as started. */
  readonly replyBudgetMs: number;
  /** Whether extents count from the element's window, not the screen (GTK 4 on X11). */
  readonly windowRelativeExtents?: boolean;
  /** Whether `Component.ScrollTo` really scrolls an element into view (ScrollItem is offered). */
  readonly scrollTo: boolean;
  /** Whether `EditableText.SetTextContents` is known to answer true without effect. */
  readonly setTextIgnored: boolean;
  /** Whether an expand needs the element's window to hold the X input focus first. */
  readonly focusBeforeExpand: boolean;
  /** Whether an element whose Action interface lists no action is clicked for real. */
  readonly clickWithoutActions: boolean;
  /** Whether `Component.GrabFocus` exists; without it text fields are focused by a click. */
  readonly grabFocus: boolean;
}

const DEFAULT_POLICY: ActionPolicy = {
  nestedLoopRoles: new Set(),
  replylessRoles: new Set(),
  replyBudgetMs: 1_500,
  scrollTo: false,
  setTextIgnored: false,
  focusBeforeExpand: false,
  clickWithoutActions: false,
  grabFocus: true,
};

/** Roles whose action may open a modal dialog. */
const MODAL_OPENERS: ReadonlySet<number> = new Set([
  ROLE.PUSH_BUTTON,
  ROLE.MENU_ITEM,
  ROLE.CHECK_MENU_ITEM,
  ROLE.RADIO_MENU_ITEM,
]);

const GTK: ActionPolicy = {
  ...DEFAULT_POLICY,
  nestedLoopRoles: MODAL_OPENERS,
  scrollTo: false,
};

const POLICIES: Record<string, ActionPolicy> = {
  gtk: GTK,
  gail: GTK,
  gecko: { ...DEFAULT_POLICY, scrollTo: true, setTextIgnored: true },
  chromium: { ...DEFAULT_POLICY, scrollTo: true, focusBeforeExpand: true },
  qt: {
    ...DEFAULT_POLICY,
    nestedLoopRoles: new Set([ROLE.PUSH_BUTTON]),
    replylessRoles: MODAL_OPENERS,
  },
};

/** Versions whose bridge differs from its toolkit's entry above: name -> version prefix. */
const BY_VERSION: Record<string, Record<string, ActionPolicy>> = {
  gtk: {
    '4.': {
      ...DEFAULT_POLICY,
      // A GTK 4 button's `click` action plays its pressed look for 250 ms before `clicked`
      // runs: the action answers, and settles, long before its effect. A real click does not.
      nestedLoopRoles: new Set([ROLE.PUSH_BUTTON]),
      clickWithoutActions: true,
      grabFocus: false,
      windowRelativeExtents: true,
    },
  },
};

/**
 * The action policy of a toolkit by its reported name (any case) and version; unknown names get
 * defaults.
 */
export function actionPolicyOf(toolkitName: string, version = ''): ActionPolicy {
  const name = toolkitName.trim().toLowerCase();
  const versions = Object.entries(BY_VERSION[name] ?? {});
  const byVersion = versions.find(([prefix]) => version.startsWith(prefix));
  return byVersion?.[1] ?? POLICIES[name] ?? DEFAULT_POLICY;
}

/** Whether an element of this role is acted on with real input rather than `DoAction`. */
export function prefersRealInput(policy: ActionPolicy, role: number): boolean {
  return policy.nestedLoopRoles.has(role);
}

/** A rect the toolkit reports for an element that is not laid out (GTK: INT_MIN, 1x1 or less). */
export function isPlacedRect(rect: readonly number[] | undefined): boolean {
  if (rect === undefined || rect.length < 4) return false;
  const [x = 0, y = 0, width = 0, height = 0] = rect;
  const offWorld = x <= -(2 ** 30) || y <= -(2 ** 30);
  return !offWorld && width > 1 && height > 1;
}
