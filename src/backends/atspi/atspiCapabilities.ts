/** What the AT-SPI2 backend can report and do, as the contract asks every backend to declare. */
import type { BackendCapabilities } from '../backend.js';

export const CAPABILITIES: BackendCapabilities = {
  events: {
    focus: true,
    structure: true,
    property: true,
    text: true,
    'window.opened': true,
    'window.closed': true,
    'window.activated': true,
  },
  patterns: [
    'Invoke',
    'Value',
    'RangeValue',
    'Toggle',
    'ExpandCollapse',
    'SelectionItem',
    'Selection',
    'Scroll',
    // Offered per element where the toolkit's Component.ScrollTo works (atspiActionPolicy.ts).
    'ScrollItem',
    'Text',
    'Window',
    'Grid',
    'Table',
  ],
  input: { keyboard: true, mouse: true },
  bulkFetch: true,
};
