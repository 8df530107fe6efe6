/** One element's read: which calls wait for which answers. */
import { describe, expect, it } from 'vitest';
import type { AtspiBus, CallSpec, ObjectRef } from '../../../../src/backends/atspi/atspiBus.js';
import { AtspiReader } from '../../../../src/backends/atspi/atspiFetch.js';
import { DEFAULT_TREE_RULES } from '../../../../src/backends/atspi/atspiToolkits.js';

const WINDOW: ObjectRef = [':1.2', '/org/a11y/atspi/accessible/7'];
const COMPONENT = 'org.a11y.atspi.Component';

/**
 * A bus whose GetInterfaces answers only once `release` is called, and whose first GetExtents
 * answers with `firstBox` (an Error: the call fails); later ones with [1, 2, 30, 40].
 */
function fakeBus(firstBox: number[] | Error) {
  const sent: string[] = [];
  let release = (): void => undefined;
  const interfacesAnswered = new Promise<void>((resolve) => (release = resolve));
  let extentsAsked = 0;
  const answer = async (spec: CallSpec): Promise<unknown[]> => {
    switch (spec.member) {
      case 'GetInterfaces':
        await interfacesAnswered;
        return [['org.a11y.atspi.Accessible', COMPONENT]];
      case 'GetExtents': {
        extentsAsked++;
        if (extentsAsked === 1 && firstBox instanceof Error) throw firstBox;
        return [extentsAsked === 1 ? firstBox : [1, 2, 30, 40]];
      }
      case 'GetRole':
        return [23];
      case 'GetState':
        return [[0, 0]];
      case 'GetChildren':
        return [[]];
      default:
        return [{ value: '' }];
    }
  };
  const bus = {
    call: (spec: CallSpec) => {
      sent.push(spec.member);
      return answer(spec);
    },
  } as unknown as AtspiBus;
  const reader = new AtspiReader(bus, () =>
    Promise.resolve({
      name: 'app',
      toolkit: { name: 'gtk', version: '3.24' },
      tree: DEFAULT_TREE_RULES,
    }),
  );
  return { reader, sent, release: () => release() };
}

const signal = new AbortController().signal;
const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('AtspiReader.element', () => {
  it("asks a top-level window's extents beside its interfaces, not after them", async () => {
    const { reader, sent, release } = fakeBus([5, 6, 70, 80]);
    const read = reader.element(WINDOW, signal, false, true);
    await flush();
    expect(sent).toContain('GetExtents');
    release();
    const raw = await read;
    expect(raw.rect).toEqual({ x: 5, y: 6, width: 70, height: 80 });
    expect(sent.filter((m) => m === 'GetExtents')).toHaveLength(1);
  });

  it('asks the extents again once the interfaces are known when the early ask failed', async () => {
    const { reader, sent, release } = fakeBus(new Error('busy'));
    const read = reader.element(WINDOW, signal, false, true);
    release();
    const raw = await read;
    expect(raw.rect).toEqual({ x: 1, y: 2, width: 30, height: 40 });
    expect(sent.filter((m) => m === 'GetExtents')).toHaveLength(2);
  });

  it("waits for any other element's interfaces before asking its extents", async () => {
    const { reader, sent, release } = fakeBus([5, 6, 70, 80]);
    const read = reader.element(WINDOW, signal);
    await flush();
    expect(sent).not.toContain('GetExtents');
    release();
    expect((await read).rect).toEqual({ x: 5, y: 6, width: 70, height: 80 });
  });
});
