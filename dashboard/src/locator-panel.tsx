/** The locator tester: runs elements.find with the same filters and says if it is unique. */
import { useSignal } from '@preact/signals';
import type { ElementNode } from '../../protocol/src/index.js';
import { call } from './session.js';
import { matchedRefs, selectedRef, selectedWindow } from './state.js';
import { CheckField, TextField } from './fields.js';

/** Select a match, mirroring its window when it lives in another one. */
function reveal(el: ElementNode): void {
  if (el.window !== null) selectedWindow.value = el.window;
  selectedRef.value = el.ref;
}

export function LocatorPanel() {
  const name = useSignal('');
  const automationId = useSignal('');
  const controlType = useSignal('');
  const exact = useSignal(false);
  const inWindow = useSignal(true);
  const result = useSignal<{ found: ElementNode[]; hasMore: boolean } | { error: string } | null>(
    null,
  );

  const run = async (e: Event): Promise<void> => {
    e.preventDefault();
    const query: Record<string, unknown> = { maxResults: 50 };
    if (name.value !== '') query.name = name.value;
    if (exact.value) query.nameMatch = 'equals';
    if (automationId.value !== '') query.automationId = automationId.value;
    if (controlType.value !== '') query.controlType = controlType.value;
    if (inWindow.value && selectedWindow.value !== null) query.window = selectedWindow.value;
    try {
      const r = await call('elements.find', query as never);
      result.value = { found: r.elements, hasMore: r.hasMore };
      matchedRefs.value = r.elements.map((el) => el.ref);
    } catch (err) {
      result.value = { error: err instanceof Error ? err.message : String(err) };
      matchedRefs.value = [];
    }
  };
  const r = result.value;
  return (
    <section class="panel" aria-labelledby="loc-h">
      <h2 id="loc-h">Locator tester</h2>
      <form class="grid-form" onSubmit={(e) => void run(e)}>
        <label>
          Name
          <input value={name.value} onInput={(e) => (name.value = e.currentTarget.value)} />
        </label>
        <label>
          Automation id
          <input
            value={automationId.value}
            onInput={(e) => (automationId.value = e.currentTarget.value)}
          />
        </label>
        <TextField label="Control type" value={controlType} placeholder="Button" />
        <CheckField label="Exact name" checked={exact} />
        <CheckField label="Selected window only" checked={inWindow} />
        <button type="submit">Find</button>
      </form>
      <div aria-live="polite" data-testid="locator-result">
        {r !== null && 'error' in r && <p class="error">{r.error}</p>}
        {r !== null && 'found' in r && (
          <>
            <p>
              {r.found.length === 1
                ? 'Unique: 1 match'
                : `${r.found.length}${r.hasMore ? '+' : ''} matches${r.found.length === 0 ? '' : ' (not unique)'}`}
            </p>
            <ul class="matches">
              {r.found.map((el) => (
                <li key={el.ref}>
                  <button type="button" class="link" onClick={() => reveal(el)}>
                    {el.controlType} "{el.name}" [{el.ref}]
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
