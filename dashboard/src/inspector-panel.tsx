/**
 * The selected element: every property, state and pattern, its ref and locator, and "copy as"
 * the TypeScript client call, an MCP tool call or the `ui_automation` JSON.
 */
import { useSignal } from '@preact/signals';
import type { ElementNode } from '../../protocol/src/index.js';
import { automationCall, locatorOf, mcpCall, tsCall, type RecordedStep } from './scripts.js';
import { mirror, selectedRef, windows } from './state.js';

export function selectedNode(): ElementNode | undefined {
  const ref = selectedRef.value;
  return ref === null ? undefined : mirror.value?.node(ref);
}

export function selectedLocator(node: ElementNode) {
  return locatorOf(
    node,
    windows.value.find((w) => w.ref === node.window),
  );
}

const FORMATS = {
  ts: (s: RecordedStep) => tsCall(s),
  mcp: (s: RecordedStep) => JSON.stringify(mcpCall(s), null, 2),
  automation: (s: RecordedStep) => JSON.stringify(automationCall(s), null, 2),
} as const;

export function InspectorPanel() {
  const copied = useSignal<{ format: keyof typeof FORMATS; text: string } | null>(null);
  const node = selectedNode();
  if (node === undefined) {
    return (
      <section class="panel" aria-labelledby="insp-h">
        <h2 id="insp-h">Inspector</h2>
        <p class="muted">Select an element in the tree.</p>
      </section>
    );
  }
  const locator = selectedLocator(node);
  const step: RecordedStep = { method: 'actions.click', params: { target: locator } };
  const copy = (format: keyof typeof FORMATS): void => {
    const text = FORMATS[format](step);
    copied.value = { format, text };
    void navigator.clipboard?.writeText(text).catch(() => undefined);
  };
  const { states, patterns, rect, range, ...fields } = node;
  return (
    <section class="panel" aria-labelledby="insp-h" data-testid="inspector">
      <h2 id="insp-h">Inspector</h2>
      <table class="props">
        <tbody>
          {Object.entries(fields).map(([k, v]) => (
            <tr key={k}>
              <th scope="row">{k}</th>
              <td data-field={k}>{v === null ? '—' : String(v)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">rect</th>
            <td>{rect === null ? '—' : `${rect.x}, ${rect.y}, ${rect.width}×${rect.height}`}</td>
          </tr>
          {range && (
            <tr>
              <th scope="row">range</th>
              <td>{`${range.value} (${range.min}..${range.max})`}</td>
            </tr>
          )}
          <tr>
            <th scope="row">states</th>
            <td>{states.join(', ') || '—'}</td>
          </tr>
          <tr>
            <th scope="row">patterns</th>
            <td>{patterns.join(', ') || '—'}</td>
          </tr>
          <tr>
            <th scope="row">locator</th>
            <td>
              <code data-testid="locator">{JSON.stringify(locator)}</code>
            </td>
          </tr>
        </tbody>
      </table>
      <div class="row" role="group" aria-label="Copy as">
        <button type="button" onClick={() => copy('ts')}>
          Copy as TS call
        </button>
        <button type="button" onClick={() => copy('mcp')}>
          Copy as MCP tool call
        </button>
        <button type="button" onClick={() => copy('automation')}>
          Copy as ui_automation
        </button>
      </div>
      {copied.value && (
        <pre class="snippet" aria-label={`Copied ${copied.value.format}`} data-testid="copied">
          {copied.value.text}
        </pre>
      )}
    </section>
  );
}
