import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSimBackend, loadScene, parseScene } from '../../../../src/backends/sim/index.js';
import { InvalidParamsError } from '../../../../src/errors.js';

function rejection(fn: () => unknown): InvalidParamsError {
  try {
    fn();
  } catch (err) {
    if (err instanceof InvalidParamsError) return err;
    throw err;
  }
  throw new Error('expected an InvalidParamsError');
}

describe('sim scenes', () => {
  it('fills defaults for an empty scene', () => {
    const scene = loadScene('{}');
    expect(scene).toMatchObject({
      seed: 1,
      eventLatencyMs: 0,
      screen: { width: 1920, height: 1080 },
    });
    expect(scene.quirks).toEqual({ dropRate: 0, duplicateRate: 0, lateRate: 0, detaillessRate: 0 });
    expect(scene.apps).toBeUndefined();
  });

  it('loads apps with their options and builds them', () => {
    const scene = loadScene(
      JSON.stringify({
        seed: 9,
        apps: [
          { kind: 'editor', text: 'hi', fileName: 'a.txt' },
          { kind: 'grid', rows: 50 },
        ],
      }),
    );
    const sim = createSimBackend({ scene });
    const titles = sim
      .groundTruth()
      .filter((n) => n.parentId === sim.rootId)
      .map((n) => n.props.name);
    expect(titles).toEqual(['a.txt - Editor', 'Records']);
    const doc = sim.groundTruth().find((n) => n.props.automationId === 'editor.text');
    expect(doc?.props.value).toBe('hi');
  });

  it('rejects bad JSON and bad fields with clear, typed messages', () => {
    expect(rejection(() => loadScene('{nope')).message).toMatch(/^scene is not valid JSON/);
    const bad = rejection(() =>
      loadScene(JSON.stringify({ apps: [{ kind: 'grid', rows: -1 }], quirks: { dropRate: 2 } })),
    );
    expect(bad.code).toBe('invalid_params');
    expect(bad.message).toMatch(/apps\.0\.rows/);
    expect(bad.message).toMatch(/quirks\.dropRate/);
    expect(rejection(() => parseScene({ apps: [{ kind: 'spreadsheet' }] })).message).toMatch(
      /apps\.0\.kind/,
    );
    expect(rejection(() => parseScene({ colour: 'red' })).message).toMatch(/colour|unrecognized/i);
    expect(() => createSimBackend({ scene: { eventLatencyMs: Number.NaN } })).toThrow(
      InvalidParamsError,
    );
  });

  it('loads the example scene of the sim README', () => {
    const readme = readFileSync(
      new URL('../../../../src/backends/sim/README.md', import.meta.url),
      'utf8',
    );
    const example = /```json\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(example).toBeDefined();
    const sim = createSimBackend({ scene: loadScene(example ?? '') });
    const windows = sim.groundTruth().filter((n) => n.parentId === sim.rootId);
    expect(windows.map((w) => w.props.app)).toEqual(['editor', 'records', 'probe']);
    expect(sim.scene.quirks.dropRate).toBe(0.05);
  });
});
