import { describe, expect, it } from 'vitest';
import { JSONRPC_CODES } from '../../../protocol/src/index.js';
import { InvalidParamsError, UiError } from '../../../src/errors.js';
import { protocolError, rpcErrorFrom } from '../../../src/ws/rpc-errors.js';

describe('rpcErrorFrom', () => {
  it('keeps invalid_params on -32602 with our error in data', () => {
    const e = rpcErrorFrom(new InvalidParamsError('bad', { details: { path: 'x' } }));
    expect(e.code).toBe(JSONRPC_CODES.invalidParams);
    expect(e.data).toMatchObject({
      code: 'invalid_params',
      message: 'bad',
      details: { path: 'x' },
    });
  });
  it('puts domain errors on -32000', () => {
    expect(rpcErrorFrom(new UiError('timeout', 'slow')).code).toBe(JSONRPC_CODES.domainError);
  });
  it('never lets a local error cross the wire', () => {
    const e = rpcErrorFrom(new Error('secret path /home/me/file.ts'));
    expect(e.code).toBe(JSONRPC_CODES.internalError);
    expect(JSON.stringify(e)).not.toContain('secret');
  });
  it('builds protocol errors with a wire code', () => {
    const e = protocolError(JSONRPC_CODES.parseError, 'invalid_params', 'malformed');
    expect(e).toMatchObject({ code: -32700, data: { code: 'invalid_params' } });
  });
});
