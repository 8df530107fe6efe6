import { describe, expect, it } from 'vitest';
import { JsonRpcRequest, asJsonRpcRequest } from '../../../protocol/src/index.js';

const CASES: unknown[] = [
  { jsonrpc: '2.0', id: 1, method: 'elements.get', params: { ref: 'e1' } },
  { jsonrpc: '2.0', id: 'a', method: 'windows.list' },
  { jsonrpc: '2.0', id: 'x'.repeat(128), method: 'm' },
  { jsonrpc: '2.0', id: 'x'.repeat(129), method: 'm' },
  { jsonrpc: '2.0', id: 1.5, method: 'm' },
  { jsonrpc: '2.0', id: 2 ** 60, method: 'm' },
  { jsonrpc: '2.0', id: -3, method: 'm', params: null },
  { jsonrpc: '2.0', id: null, method: 'm' },
  { jsonrpc: '2.0', method: 'm' },
  { jsonrpc: '1.0', id: 1, method: 'm' },
  { jsonrpc: '2.0', id: 1, method: '' },
  { jsonrpc: '2.0', id: 1, method: 'm'.repeat(129) },
  { jsonrpc: '2.0', id: 1, method: 7 },
  { jsonrpc: '2.0', id: 1, method: 'm', params: [1, 2], extra: true },
  [{ jsonrpc: '2.0', id: 1, method: 'm' }],
  null,
  'text',
  42,
];

describe('asJsonRpcRequest', () => {
  it('accepts exactly what the JsonRpcRequest schema accepts, with the same data', () => {
    for (const value of CASES) {
      const parsed = JsonRpcRequest.safeParse(value);
      expect(asJsonRpcRequest(value), JSON.stringify(value)?.slice(0, 80)).toEqual(
        parsed.success ? parsed.data : null,
      );
    }
  });
});
