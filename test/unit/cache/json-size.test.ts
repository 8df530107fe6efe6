import { describe, expect, it } from 'vitest';
import { jsonSize } from '../../../src/cache/json-size.js';

describe('jsonSize', () => {
  it('matches JSON.stringify for strings, booleans, null, arrays and nested objects', () => {
    const value = {
      type: 'property.changed',
      element: { ref: 'e12', name: 'Save', states: ['enabled', 'focusable'], modal: false },
      parent: null,
      skipped: undefined,
      props: { value: 'x'.repeat(500) },
    };
    expect(jsonSize(value)).toBe(JSON.stringify(value).length);
  });

  it('counts a number as 8 whatever its digits', () => {
    expect(jsonSize({ seq: 1 })).toBe(JSON.stringify({ seq: 1 }).length + 7);
    expect(jsonSize([12345678])).toBe(JSON.stringify([12345678]).length);
  });
});
