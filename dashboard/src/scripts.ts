/**
 * What the page writes for people to copy: an element's locator, one call in three dialects
 * ("copy as": the TypeScript client, an MCP tool call, the `ui_automation` tool's JSON), and a
 * recorded session as a replayable TypeScript script or an MCP tool-call list. Pure functions.
 */
import type { ElementNode, MethodInput, WindowInfo } from '../../protocol/src/index.js';

export type Locator = NonNullable<MethodInput<'elements.find'>>;

export type ActionName =
  | 'actions.click'
  | 'actions.type'
  | 'actions.keys'
  | 'actions.setValue'
  | 'actions.select'
  | 'actions.invoke'
  | 'actions.focus'
  | 'actions.scrollIntoView';

/** One call as recorded: the method, its params with a locator target, and the effects seen. */
export interface RecordedStep {
  method: ActionName | 'actions.waitFor';
  params: Record<string, unknown>;
}

const TOOL_NAMES: Record<RecordedStep['method'], string> = {
  'actions.click': 'ui_click',
  'actions.type': 'ui_type',
  'actions.keys': 'ui_press_keys',
  'actions.setValue': 'ui_set_value',
  'actions.select': 'ui_select',
  'actions.invoke': 'ui_invoke',
  'actions.focus': 'ui_focus',
  'actions.scrollIntoView': 'ui_scroll',
  'actions.waitFor': 'ui_wait_for',
};

/**
 * A locator that survives a restart (refs do not): the automation id when there is one, else
 * name and control type; always scoped to the window's title.
 */
export function locatorOf(node: ElementNode, window: WindowInfo | undefined): Locator {
  const scope = window === undefined ? {} : { window: window.title };
  if (node.automationId !== undefined && node.automationId !== '') {
    return { automationId: node.automationId, ...scope };
  }
  return { name: node.name, nameMatch: 'equals', controlType: node.controlType, ...scope };
}

export function tsCall(step: RecordedStep): string {
  return `await client.call('${step.method}', ${JSON.stringify(step.params)});`;
}

export function mcpCall(step: RecordedStep): { name: string; arguments: Record<string, unknown> } {
  return { name: TOOL_NAMES[step.method], arguments: step.params };
}

/** The `ui_automation` form, for the calls that tool has; null for the others. */
export function automationCall(step: RecordedStep): Record<string, unknown> | null {
  const target = (step.params.target ?? {}) as Record<string, unknown>;
  const action: Record<string, string> = {
    'actions.click': 'find_and_click',
    'actions.type': 'find_and_type',
    'actions.select': 'find_and_select',
    'actions.invoke': 'invoke',
    'actions.focus': 'focus',
    'actions.scrollIntoView': 'scroll_into_view',
  };
  const name = action[step.method];
  if (name === undefined) return null;
  const extra: Record<string, unknown> = {};
  if (step.method === 'actions.type') extra.text = step.params.text;
  if (step.method === 'actions.select') extra.value = step.params.option;
  return { action: name, ...target, ...extra };
}

/** Event-driven waits that check a step's effects on replay (from the changes it caused). */
export function effectWaits(
  changes: { opened: { title: string }[]; closed: { title: string }[] },
  valueOf?: { target: Locator; value: string },
): RecordedStep[] {
  const waits: RecordedStep[] = [];
  for (const w of changes.opened) {
    waits.push({
      method: 'actions.waitFor',
      params: { condition: 'windowOpened', title: w.title },
    });
  }
  for (const w of changes.closed) {
    waits.push({
      method: 'actions.waitFor',
      params: { condition: 'windowClosed', title: w.title },
    });
  }
  if (valueOf !== undefined) {
    waits.push({
      method: 'actions.waitFor',
      params: { condition: 'valueEquals', target: valueOf.target, value: valueOf.value },
    });
  }
  return waits;
}

/** A runnable script: connects, waits for each target (events, not sleeps), acts, checks. */
export function exportTypeScript(steps: readonly RecordedStep[], importPath: string): string {
  const body = steps.map((step) => {
    const target = step.params.target as Locator | undefined;
    const appear =
      step.method !== 'actions.waitFor' && target !== undefined
        ? `  await client.call('actions.waitFor', ${JSON.stringify({ condition: 'appear', target })});\n`
        : '';
    return `${appear}  ${tsCall(step)}`;
  });
  return [
    '// Recorded with the uistream dashboard. Run against a uistream server:',
    '//   UISTREAM_URL=ws://127.0.0.1:7878/ UISTREAM_TOKEN=<token> npx tsx recording.ts',
    '// Every wait is event-driven (actions.waitFor); a failed step rejects and exits non-zero.',
    `import { connect } from '${importPath}';`,
    '',
    "const client = await connect(process.env.UISTREAM_URL ?? 'ws://127.0.0.1:7878/', {",
    '  token: process.env.UISTREAM_TOKEN,',
    '});',
    'try {',
    ...body,
    '} finally {',
    '  await client.close();',
    '}',
    '',
  ].join('\n');
}

export function exportMcp(steps: readonly RecordedStep[]): string {
  return `${JSON.stringify(steps.map(mcpCall), null, 2)}\n`;
}
