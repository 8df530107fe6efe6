/** Record actions done from this page and export them as a TS script or MCP tool calls. */
import { useSignal } from '@preact/signals';
import { importPath, recordEffects, recording, steps } from './recorder.js';
import { exportMcp, exportTypeScript } from './scripts.js';
import { CheckField } from './fields.js';

export function RecorderPanel() {
  const format = useSignal<'ts' | 'mcp'>('ts');
  const text =
    format.value === 'ts'
      ? exportTypeScript(steps.value, importPath.value)
      : exportMcp(steps.value);
  const download = (): void => {
    const blob = new Blob([text], { type: 'text/plain' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = format.value === 'ts' ? 'recording.ts' : 'recording.mcp.json';
    a.click();
    URL.revokeObjectURL(a.href);
  };
  return (
    <section class="panel" aria-labelledby="rec-h" data-testid="recorder">
      <h2 id="rec-h">
        Recorder <span class="meta">{steps.value.length} steps</span>
      </h2>
      <div class="row">
        <button
          type="button"
          aria-pressed={recording.value}
          onClick={() => (recording.value = !recording.value)}
        >
          {recording.value ? 'Stop recording' : 'Record'}
        </button>
        <button
          type="button"
          onClick={() => (steps.value = [])}
          disabled={steps.value.length === 0}
        >
          Clear
        </button>
        <CheckField label="Wait for effects" checked={recordEffects} />
      </div>
      <div class="row">
        <label>
          Export as
          <select
            value={format.value}
            onChange={(e) => (format.value = e.currentTarget.value as 'ts' | 'mcp')}
          >
            <option value="ts">TypeScript (clients/typescript)</option>
            <option value="mcp">MCP tool calls</option>
          </select>
        </label>
        <label>
          Client import path
          <input
            value={importPath.value}
            onInput={(e) => (importPath.value = e.currentTarget.value)}
            data-testid="import-path"
          />
        </label>
        <button type="button" onClick={download}>
          Download
        </button>
      </div>
      <textarea
        readOnly
        class="export"
        aria-label="Exported script"
        data-testid="export"
        value={text}
        rows={10}
      />
    </section>
  );
}
