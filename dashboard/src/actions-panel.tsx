/**
 * Actions on the selected element, each answered with what it changed (or its error code,
 * message and recovery hints). Disabled, with the reason shown, when the server is read-only.
 * Calls aim at the element's ref; the recorder keeps its locator, which survives a restart.
 */
import { useSignal } from '@preact/signals';
import type { MethodResult } from '../../protocol/src/index.js';
import { UistreamError } from '../../clients/typescript/index.js';
import { selectedLocator, selectedNode } from './inspector-panel.js';
import { record } from './recorder.js';
import { effectWaits, type ActionName } from './scripts.js';
import { call } from './session.js';
import { actionsDisabledReason, hello } from './state.js';

type ActionResult = MethodResult<'actions.click'>;
type Outcome =
  | { ok: true; action: string; result: ActionResult }
  | { ok: false; action: string; error: UistreamError };

const SIMPLE: [ActionName, string][] = [
  ['actions.click', 'Click'],
  ['actions.invoke', 'Invoke'],
  ['actions.focus', 'Focus'],
  ['actions.scrollIntoView', 'Scroll into view'],
];

function ChangeList({ result }: { result: ActionResult }) {
  const c = result.changes;
  return (
    <ul class="changes">
      <li>
        method: {result.method} · {Math.round(result.durationMs)} ms · revision {result.revision}
      </li>
      {c.opened.map((w) => (
        <li key={`o${w.ref}`}>opened window "{w.title}"</li>
      ))}
      {c.closed.map((w) => (
        <li key={`c${w.ref}`}>closed window "{w.title}"</li>
      ))}
      {c.focus && (
        <li>
          focus → {c.focus.controlType} "{c.focus.name}"
        </li>
      )}
      {c.changed.map((ch) => (
        <li key={`p${ch.ref}`}>
          changed "{ch.name}": {JSON.stringify(ch.props)}
        </li>
      ))}
      <li>
        {c.added} added, {c.removed} removed
      </li>
    </ul>
  );
}

export function ActionsPanel() {
  const text = useSignal('');
  const last = useSignal<Outcome | null>(null);
  const busy = useSignal(false);
  const node = selectedNode();
  const reason =
    actionsDisabledReason(hello.value) ?? (node === undefined ? 'select an element first' : null);

  const run = async (method: ActionName, extra: Record<string, unknown> = {}): Promise<void> => {
    if (node === undefined) return;
    const locator = selectedLocator(node);
    busy.value = true;
    try {
      // Every action here answers an ActionResult; the union of their params is not one type.
      const params = { target: { ref: node.ref }, ...extra } as never;
      const result: ActionResult = await call<'actions.click'>(method as 'actions.click', params);
      last.value = { ok: true, action: method, result };
      const valueChange = result.changes.changed.find(
        (ch) => ch.ref === node.ref && typeof ch.props.value === 'string',
      );
      const value =
        valueChange === undefined
          ? undefined
          : { target: locator, value: valueChange.props.value as string };
      record({ method, params: { target: locator, ...extra } }, effectWaits(result.changes, value));
    } catch (err) {
      const error = err instanceof UistreamError ? err : new UistreamError('internal', String(err));
      last.value = { ok: false, action: method, error };
    } finally {
      busy.value = false;
    }
  };
  const off = reason !== null || busy.value;
  const o = last.value;
  return (
    <section class="panel" aria-labelledby="act-h" data-testid="actions">
      <h2 id="act-h">Actions</h2>
      {reason !== null && (
        <p class="notice" role="status" data-testid="actions-disabled">
          Actions are disabled: {reason}.
        </p>
      )}
      <div class="row" role="group" aria-label="Actions on the selected element">
        {SIMPLE.map(([m, label]) => (
          <button key={m} type="button" disabled={off} onClick={() => void run(m)}>
            {label}
          </button>
        ))}
      </div>
      <label>
        Text / keys / value / option
        <input
          value={text.value}
          onInput={(e) => (text.value = e.currentTarget.value)}
          disabled={reason !== null}
          data-testid="action-text"
        />
      </label>
      <div class="row" role="group" aria-label="Actions that take the text">
        <button
          type="button"
          disabled={off}
          onClick={() => void run('actions.type', { text: text.value })}
        >
          Type
        </button>
        <button
          type="button"
          disabled={off}
          onClick={() => void run('actions.keys', { keys: text.value })}
        >
          Keys
        </button>
        <button
          type="button"
          disabled={off}
          onClick={() => void run('actions.setValue', { value: text.value })}
        >
          Set value
        </button>
        <button
          type="button"
          disabled={off}
          onClick={() => void run('actions.select', { option: text.value })}
        >
          Select
        </button>
      </div>
      <div aria-live="polite" data-testid="action-result">
        {o?.ok === true && (
          <>
            <p class="ok">{o.action}: done</p>
            <ChangeList result={o.result} />
          </>
        )}
        {o?.ok === false && (
          <div class="error" role="alert">
            <p>
              {o.action} failed: <code>{o.error.code}</code> {o.error.message}
            </p>
            {o.error.recovery.length > 0 && (
              <ul>
                {o.error.recovery.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
