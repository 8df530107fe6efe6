/**
 * The `ui_automation` profile: one tool, `{action, ...}`, answering the single-tool contract's
 * shapes. Each action resolves its target through elements.find / elements.get and then calls
 * the same methods as the default tools.
 */
import {
  type ElementNode,
  type ElementSummary,
  type MethodInput,
} from '../../../protocol/src/index.js';
import { ElementNotFoundError, InvalidParamsError, MultipleMatchesError } from '../../errors.js';
import { toBase64 } from '../../pixels/bytes.js';
import { callMethod } from '../call.js';
import type { ToolContext } from '../types.js';
import { defineTool } from '../types.js';
import { AutomationInput, paramsFor } from './automation-params.js';
import { AutomationAnswer, automationFailure, toAutomationElement } from './automation-shape.js';

interface Resolved {
  node: ElementNode;
  all: ElementNode[];
  scanned: number;
}

const LOCATOR = [
  'name',
  'nameMatch',
  'caseSensitive',
  'automationId',
  'controlType',
  'window',
  'app',
  'within',
  'maxDepth',
] as const;

function locatorOf(i: AutomationInput): MethodInput<'elements.find'> {
  return paramsFor('find', i, LOCATOR);
}

function locatorGiven(i: AutomationInput): boolean {
  return i.name !== undefined || i.automationId !== undefined || i.controlType !== undefined;
}

/** get_text of a whole window or app, as ui_get_text takes it. */
async function windowText(i: AutomationInput, ctx: ToolContext): Promise<Outcome> {
  const params = paramsFor('get_text', i, ['window', 'app', 'includeChildren', 'maxChars']);
  if (params.window === undefined && params.app === undefined) {
    throw new InvalidParamsError('give elementId, a locator, window or app');
  }
  const t = await callMethod(ctx, 'elements.text', params as MethodInput<'elements.text'>);
  const where = paramsFor('get_tree', i, ['window', 'app']);
  const tree = await callMethod(ctx, 'tree.snapshot', { ...where, maxElements: 1 });
  const rootRef = tree.lines[0]?.ref;
  if (rootRef === undefined) throw new ElementNotFoundError('the window has no elements');
  const node = (await callMethod(ctx, 'elements.get', { ref: rootRef })).element as ElementNode;
  return { node, scanned: tree.total, text: t.text };
}

async function resolve(i: AutomationInput, ctx: ToolContext, many: boolean): Promise<Resolved> {
  if (i.elementId !== undefined) {
    const r = await callMethod(ctx, 'elements.get', { ref: i.elementId });
    const node = r.element as ElementNode;
    return { node, all: [node], scanned: 1 };
  }
  if (!locatorGiven(i)) {
    throw new InvalidParamsError('give elementId, or name / automationId / controlType');
  }
  const limit = many ? (i.maxResults ?? 20) : 2;
  const r = await callMethod(ctx, 'elements.find', {
    ...locatorOf(i),
    maxResults: limit,
    timeoutMs: i.timeoutMs,
  });
  const first = r.elements[0];
  if (first === undefined) throw new ElementNotFoundError('no element matches the locator');
  if (!many && r.elements.length > 1) {
    throw new MultipleMatchesError(`${r.elements.length} or more elements match`, {
      details: { candidates: r.elements.map((e) => ({ ref: e.ref, name: e.name })) },
    });
  }
  return { node: first, all: r.elements, scanned: r.scanned };
}

async function fullNode(ctx: ToolContext, el: ElementSummary | null): Promise<ElementNode> {
  if (el === null) throw new ElementNotFoundError('the action reported no element');
  return (await callMethod(ctx, 'elements.get', { ref: el.ref })).element as ElementNode;
}

async function windowTitle(ctx: ToolContext, window: string | null): Promise<string> {
  if (window === null) return '';
  const r = await callMethod(ctx, 'windows.list', {});
  return r.windows.find((w) => w.ref === window)?.title ?? '';
}

interface Outcome {
  /** Absent when the action leaves no element to show (an app closed). */
  node?: ElementNode;
  scanned: number;
  all?: ElementNode[];
  text?: string;
}

async function perform(i: AutomationInput, ctx: ToolContext): Promise<Outcome> {
  const act = {
    timeoutMs: Math.max(1, i.timeoutMs),
    waitMs: 0,
    ...(i.focusPolicy === undefined ? {} : { focusPolicy: i.focusPolicy }),
  };
  switch (i.action) {
    case 'find': {
      const r = await resolve(i, ctx, true);
      return { node: r.node, scanned: r.scanned, all: r.all };
    }
    case 'wait_for': {
      const target = i.elementId !== undefined ? { ref: i.elementId } : locatorOf(i);
      const r = await callMethod(ctx, 'actions.waitFor', {
        condition: 'appear',
        target,
        timeoutMs: i.timeoutMs,
      });
      return { node: await fullNode(ctx, r.element), scanned: 0 };
    }
    case 'scroll_into_view': {
      const target = i.elementId !== undefined ? { ref: i.elementId } : locatorOf(i);
      const more = paramsFor('scroll_into_view', i, ['containerId', 'maxScrolls']);
      const r = await callMethod(ctx, 'actions.scrollIntoView', { ...act, ...more, target });
      return { node: await fullNode(ctx, r.element), scanned: 0 };
    }
    case 'get_tree':
      return getTree(i, ctx);
    case 'launch_app':
    case 'close_app':
      return appAction(i, ctx);
    case 'window_state':
      return windowState(i, ctx);
    case 'get_text':
      if (i.elementId === undefined && locatorGiven(i) === false) return windowText(i, ctx);
      return actOnOne(i, ctx, act);
    default:
      return actOnOne(i, ctx, act);
  }
}

async function getTree(i: AutomationInput, ctx: ToolContext): Promise<Outcome> {
  const snap = await callMethod(
    ctx,
    'tree.snapshot',
    paramsFor('get_tree', i, ['elementId', 'window', 'app', 'maxDepth', 'maxElements']),
  );
  const rootRef = snap.lines[0]?.ref;
  if (rootRef === undefined) throw new ElementNotFoundError('the tree is empty');
  const node = (await callMethod(ctx, 'elements.get', { ref: rootRef })).element as ElementNode;
  return { node, scanned: snap.total, text: snap.text };
}

/** launch_app answers the app's window; close_app the question it asked, or nothing. */
async function appAction(i: AutomationInput, ctx: ToolContext): Promise<Outcome> {
  const timeoutMs = Math.max(1, i.timeoutMs);
  if (i.action === 'launch_app') {
    const what = paramsFor('launch_app', i, ['name', 'desktopId', 'path', 'args']);
    const r = await callMethod(ctx, 'apps.launch', { ...what, timeoutMs });
    const node = r.window === null ? undefined : await elementOf(ctx, r.window.element);
    return { node, scanned: 0, text: `${r.app.name} pid=${String(r.app.pid)}` };
  }
  if (i.app === undefined) throw new InvalidParamsError('close_app needs app');
  const force = i.force ?? false;
  const r = await callMethod(ctx, 'apps.close', { app: i.app, force, timeoutMs });
  const node = r.dialog === undefined ? undefined : await elementOf(ctx, r.dialog.element);
  return { node, scanned: 0, text: r.status };
}

async function elementOf(ctx: ToolContext, ref: string): Promise<ElementNode> {
  return (await callMethod(ctx, 'elements.get', { ref })).element as ElementNode;
}

/** window_state: set a window's state; the answer's element is the window's own. */
async function windowState(i: AutomationInput, ctx: ToolContext): Promise<Outcome> {
  const p = paramsFor('window_state', i, ['window', 'state']);
  if (p.window === undefined || p.state === undefined) {
    throw new InvalidParamsError('window_state needs window and state');
  }
  const r = await callMethod(ctx, 'windows.setState', p as MethodInput<'windows.setState'>);
  const list = await callMethod(ctx, 'windows.list', {});
  const ref = list.windows.find((w) => w.ref === r.window)?.element;
  if (ref === undefined) throw new ElementNotFoundError(`window ${r.window} is gone`);
  const node = await elementOf(ctx, ref);
  return { node, scanned: 1, text: `${r.state} ${JSON.stringify(r.rect)}` };
}

/** What "invoke" means for this element: press a button, toggle a box, pick a tab or item. */
const INVOKE_ORDER = ['Invoke', 'Toggle', 'SelectionItem', 'ExpandCollapse'] as const;
function naturalPattern(node: ElementNode): (typeof INVOKE_ORDER)[number] {
  return INVOKE_ORDER.find((p) => node.patterns.includes(p)) ?? 'Invoke';
}

async function actOnOne(
  i: AutomationInput,
  ctx: ToolContext,
  act: { timeoutMs: number; waitMs: number },
): Promise<Outcome> {
  const r = await resolve(i, ctx, false);
  const target = { ref: r.node.ref };
  const done = { node: r.node, scanned: r.scanned };
  switch (i.action) {
    case 'find_and_click':
      await callMethod(ctx, 'actions.click', {
        ...act,
        ...paramsFor('find_and_click', i, ['button', 'clickCount']),
        target,
      });
      break;
    case 'find_and_type':
      if (i.text === undefined) throw new InvalidParamsError('find_and_type needs text');
      await callMethod(ctx, 'actions.type', {
        ...act,
        ...paramsFor('find_and_type', i, ['clearFirst', 'submit']),
        target,
        text: i.text,
      });
      break;
    case 'find_and_select':
      if (i.value === undefined) throw new InvalidParamsError('find_and_select needs value');
      await callMethod(ctx, 'actions.select', {
        ...act,
        ...paramsFor('find_and_select', i, ['match']),
        target,
        option: i.value,
      });
      break;
    case 'invoke':
      await callMethod(ctx, 'actions.invoke', { ...act, target, pattern: naturalPattern(r.node) });
      break;
    case 'focus':
      await callMethod(ctx, 'actions.focus', { ...act, target });
      break;
    case 'drag':
      if (i.dropOnId === undefined) throw new InvalidParamsError('drag needs dropOnId');
      await callMethod(ctx, 'actions.drag', {
        ...act,
        ...paramsFor('drag', i, ['button']),
        from: target,
        to: { ref: i.dropOnId },
      });
      break;
    case 'get_text': {
      const more = paramsFor('get_text', i, ['includeChildren', 'maxChars']);
      const t = await callMethod(ctx, 'elements.text', { ...more, ref: r.node.ref });
      return { ...done, text: t.text };
    }
  }
  return done;
}

/** clipboard: copy `text`, or read the clipboard (text unless `format` says otherwise). */
async function clipboard(i: AutomationInput, ctx: ToolContext): Promise<string> {
  if (i.text !== undefined) {
    const r = await callMethod(ctx, 'clipboard.write', { text: i.text });
    return `copied ${r.bytes} bytes`;
  }
  const r = await callMethod(ctx, 'clipboard.read', { format: i.format ?? 'text' });
  if (r.data === undefined) return '';
  return typeof r.data === 'string' ? r.data : toBase64(r.data);
}

export const uiAutomation = defineTool({
  name: 'ui_automation',
  title: 'UI automation',
  kind: 'action',
  description:
    'One tool for desktop UI automation. action: find, find_and_click, find_and_type, ' +
    'find_and_select, invoke, wait_for, scroll_into_view, focus, drag (onto dropOnId), get_text, ' +
    'get_tree, launch_app (name|desktopId|path), close_app (app, force?), clipboard (copies ' +
    'text, else reads), window_state (window, state). Target an ' +
    'element by elementId or by name / automationId / controlType (optionally in a window).',
  input: AutomationInput,
  output: AutomationAnswer,
  structured: 'always',
  async run(input, ctx) {
    const startedAt = Date.now();
    if (input.action === 'clipboard') {
      const text = await clipboard(input, ctx);
      const diagnostics = {
        durationMs: Date.now() - startedAt,
        windowTitle: '',
        elementsScanned: 0,
      };
      const answer: AutomationAnswer = { success: true, action: input.action, text, diagnostics };
      return { text: JSON.stringify(answer), structured: answer };
    }
    const o = await perform(input, ctx);
    const answer: AutomationAnswer = {
      success: true,
      action: input.action,
      ...(o.node === undefined ? {} : { element: toAutomationElement(o.node) }),
      diagnostics: {
        durationMs: Date.now() - startedAt,
        windowTitle: await windowTitle(ctx, o.node?.window ?? null),
        elementsScanned: o.scanned,
      },
    };
    if (o.all !== undefined) {
      answer.elements = o.all.map(toAutomationElement);
      answer.diagnostics.multipleMatches = o.all.length > 1;
    }
    if (o.text !== undefined) answer.text = o.text;
    return { text: JSON.stringify(answer), structured: answer };
  },
  failure(err, input, startedAt) {
    const parsed = AutomationInput.shape.action.safeParse((input as { action?: unknown })?.action);
    const answer = automationFailure(err, parsed.success ? parsed.data : 'unknown', startedAt);
    return { text: JSON.stringify(answer), structured: answer };
  },
});
