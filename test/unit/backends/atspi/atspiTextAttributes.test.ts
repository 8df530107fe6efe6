import { describe, expect, it } from 'vitest';
import {
  atspiColor,
  atspiTextAttributes,
} from '../../../../src/backends/atspi/atspiTextAttributes.js';

describe('AT-SPI text attributes', () => {
  it('maps GTK attribute sets (16-bit colour channels) onto the protocol', () => {
    expect(
      atspiTextAttributes({
        weight: '700',
        style: 'italic',
        underline: 'single',
        strikethrough: 'false',
        'family-name': 'Monospace',
        size: '13.5',
        'fg-color': '65535,0,0',
        'bg-color': '65535,65535,65535',
        language: 'en-us',
      }),
    ).toEqual({
      weight: 700,
      style: 'italic',
      underline: 'single',
      strikethrough: false,
      font: 'Monospace',
      size: 13.5,
      color: '#ff0000',
      background: '#ffffff',
    });
  });

  it('reads Qt and Chromium colours and leaves out what it does not know', () => {
    expect(atspiColor('rgb(0, 128, 255)')).toBe('#0080ff');
    expect(atspiColor('12,34,56')).toBe('#0c2238');
    expect(atspiColor('transparent')).toBeUndefined();
    expect(atspiTextAttributes({ style: 'slanted', underline: 'wavy', size: 'big' })).toEqual({});
  });
});
