import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { toMcpCalls } from '../../../src/recorder/emit/mcp.js';
import { py, toPytest } from '../../../src/recorder/emit/pytest.js';
import { toTypeScript } from '../../../src/recorder/emit/typescript.js';
import type { RecordedLocator, Recording } from '../../../src/recorder/model.js';

const name: RecordedLocator = {
  by: 'name',
  query: { name: 'Name', nameMatch: 'equals', controlType: 'Edit', window: 'Form' },
};
const byId: RecordedLocator = { by: 'automationId', query: { automationId: 'ok', window: 'Form' } };
const path: RecordedLocator = {
  by: 'path',
  query: { controlType: 'Edit', window: 'Form' },
  index: 1,
  path: ['Window "Form"', 'Pane ""'],
};

const recording: Recording = {
  app: 'form',
  firstWindow: 'Form',
  steps: [
    { kind: 'click', target: name, button: 'left' },
    { kind: 'type', target: name, text: 'Ada "the" \\ first', secret: false },
    { kind: 'type', target: path, text: '', secret: true },
    { kind: 'keys', target: null, keys: ['Ctrl+s'] },
    { kind: 'click', target: { x: 3, y: 4 }, button: 'right' },
    { kind: 'wait', condition: 'windowOpened', title: 'Saved' },
    { kind: 'click', target: byId, button: 'left' },
    { kind: 'expectText', target: name, text: 'Hello (Ada)', source: 'name' },
    { kind: 'expectText', target: path, text: 'x', source: 'value' },
    { kind: 'expectState', target: byId, state: 'unchecked' },
    { kind: 'drag', from: byId, to: { x: 9, y: 8 }, button: 'left' },
  ],
};

describe('py', () => {
  it('writes Python literals', () => {
    expect(py({ a: true, b: null, c: [1, 'x'] })).toBe('{"a": True, "b": None, "c": [1, "x"]}');
  });
});

describe('toPytest', () => {
  const text = toPytest(recording);

  it('is valid Python (py_compile)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'uistream-emit-'));
    const file = join(dir, 'test_x.py');
    writeFileSync(file, text);
    const run = spawnSync('python3', ['-m', 'py_compile', file], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
  });

  it('waits for the first window, then replays each step', () => {
    expect(text).toContain(
      'ui.actions_wait_for(condition="windowOpened", title="Form", timeout_ms=30000)',
    );
    expect(text).toContain('text="Ada \\"the\\" \\\\ first")');
    expect(text).toContain('ui.actions_keys(target=None, keys=["Ctrl+s"])');
    expect(text).toContain('ui.actions_click(target={"x": 3, "y": 4}, button="right")');
    expect(text).toContain('.to_have_state("checked", present=False)');
    expect(text).toContain(
      'ui.actions_drag(from_={"automationId": "ok", "window": "Form"}, to={"x": 9, "y": 8})',
    );
  });

  it('finds a path locator by index and reads secrets from the environment', () => {
    expect(text).toContain('def _nth(ui, query, index):');
    expect(text).toContain(
      'ui.actions_type(target=_nth(ui, {"controlType": "Edit", "window": "Form"}, 1), text=os.environ["UISTREAM_SECRET"])',
    );
    expect(text).toContain('import os');
  });
});

describe('toTypeScript', () => {
  const text = toTypeScript(recording);

  it('is valid TypeScript', () => {
    const out = ts.transpileModule(text, {
      reportDiagnostics: true,
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    });
    expect(
      out.diagnostics?.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
    ).toEqual([]);
  });

  it('waits on name text by an anchored, escaped regex and on values by equality', () => {
    expect(text).toContain(`value: "^Hello \\\\(Ada\\\\)$"`);
    expect(text).toContain(`condition: 'valueEquals'`);
    expect(text).toContain('process.env.UISTREAM_SECRET');
    expect(text).toContain("from 'uistream/client'");
  });
});

describe('toMcpCalls', () => {
  it('writes wire params as tool arguments, the secret as a placeholder', () => {
    const calls = JSON.parse(toMcpCalls(recording)) as { name: string; arguments: object }[];
    expect(calls.map((c) => c.name)).toEqual([
      'ui_wait_for',
      'ui_click',
      'ui_type',
      'ui_type',
      'ui_press_keys',
      'ui_click',
      'ui_wait_for',
      'ui_click',
      'ui_wait_for',
      'ui_wait_for',
      'ui_wait_for',
      'ui_drag',
    ]);
    expect(calls[3]?.arguments).toEqual({
      target: { controlType: 'Edit', window: 'Form' },
      text: '${UISTREAM_SECRET}',
    });
  });
});
