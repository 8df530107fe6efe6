/** ui_scroll's routing: a direction scrolls by notches, a target alone scrolls it into view. */
import { describe, expect, it } from 'vitest';
import { ScrollInput, scrollCall } from '../../../src/mcp/tools/scroll.js';
import { codeOf } from '../../support/errors.js';

const parse = (args: object) => ScrollInput.parse(args);

describe('ui_scroll', () => {
  it('scrolls by notches when a direction is given', () => {
    const call = scrollCall(parse({ target: { ref: 'e3' }, direction: 'down', amount: 2 }));
    expect(call).toMatchObject({
      method: 'actions.scroll',
      params: { target: { ref: 'e3' }, direction: 'down', amount: 2 },
    });
    expect(call.params).not.toHaveProperty('maxScrolls');
  });

  it('scrolls the target into view without a direction', () => {
    const call = scrollCall(parse({ target: { name: 'Row 300' }, container: 'e9' }));
    expect(call).toMatchObject({
      method: 'actions.scrollIntoView',
      params: { target: { name: 'Row 300' }, container: 'e9', maxScrolls: 500 },
    });
    expect(call.params).not.toHaveProperty('direction');
  });

  it('answers invalid_params with neither a direction nor a target', () => {
    expect(codeOf(() => scrollCall(parse({})))).toBe('invalid_params');
  });
});
