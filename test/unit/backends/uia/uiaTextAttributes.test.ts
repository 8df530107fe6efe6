import { describe, expect, it } from 'vitest';
import { uiaColor, uiaTextAttributes } from '../../../../src/backends/uia/uiaTextAttributes.js';

describe('UIA text attributes', () => {
  it('reads COLORREF colours as #rrggbb (red in the low byte)', () => {
    expect(uiaColor(0x0000ff)).toBe('#ff0000');
    expect(uiaColor(0xff8000)).toBe('#0080ff');
  });

  it('maps one format run onto the protocol', () => {
    expect(
      uiaTextAttributes({
        fontWeight: 700,
        isItalic: true,
        underlineStyle: 8,
        strikethroughStyle: 0,
        fontName: 'Segoe UI',
        fontSize: 9,
        foregroundColor: 0,
        backgroundColor: 0xffffff,
      }),
    ).toEqual({
      weight: 700,
      style: 'italic',
      underline: 'error',
      strikethrough: false,
      font: 'Segoe UI',
      size: 9,
      color: '#000000',
      background: '#ffffff',
    });
    expect(uiaTextAttributes({ underlineStyle: 99 })).toEqual({});
  });
});
