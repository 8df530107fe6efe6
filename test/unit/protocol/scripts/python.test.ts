/**
 * The Python module renderer: JSON Schema to Python annotations, wire names to Python names, and
 * the generated functions' shape (keyword-only snake_case params mapped back to wire keys).
 */
import { describe, expect, it } from 'vitest';
import {
  errorClassName,
  pyType,
  renderPython,
  snake,
} from '../../../../protocol/scripts/python.js';

describe('Python names', () => {
  it('turns wire names into snake_case, keywords suffixed', () => {
    expect(snake('actions.setValue')).toBe('actions_set_value');
    expect(snake('includeMinimized')).toBe('include_minimized');
    expect(snake('from')).toBe('from_');
  });

  it('names one exception per code, never shadowing Python’s own', () => {
    expect(errorClassName('element_not_found')).toBe('ElementNotFoundError');
    expect(errorClassName('timeout')).toBe('UiTimeoutError');
    expect(errorClassName('cancelled')).toBe('CallCancelledError');
  });
});

describe('pyType', () => {
  it('maps schema types, enums, consts, unions and arrays', () => {
    expect(pyType({ type: 'string' })).toBe('str');
    expect(pyType({ type: 'integer' })).toBe('int');
    expect(pyType({ enum: ['a', 'b'] })).toBe('Literal["a", "b"]');
    expect(pyType({ const: true })).toBe('Literal[True]');
    expect(pyType({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toBe('str | None');
    expect(pyType({ type: 'array', items: { type: 'number' } })).toBe('list[float]');
    expect(pyType({ type: 'object', properties: {} })).toBe('dict[str, Any]');
    expect(pyType({ $ref: '#/$defs/x' })).toBe('Any');
  });
});

describe('renderPython', () => {
  const module = renderPython({
    version: '9.9',
    errors: ['timeout', 'invalid_params'],
    methods: [
      {
        name: 'windows.list',
        kind: 'read',
        summary: 'Top-level windows.',
        params: {
          type: 'object',
          properties: {
            app: { type: 'string', description: 'App name' },
            from: { type: 'integer' },
          },
          required: ['from'],
        },
        result: { type: 'object', properties: { revision: { type: 'integer' } }, required: [] },
      },
    ],
  });

  it('declares keyword-only params mapped back to their wire keys', () => {
    expect(module).toContain(
      'async def windows_list(self, *, app: str | None = None, from_: int) -> WindowsListResult:',
    );
    expect(module).toContain('_given({"app": app, "from": from_})');
    expect(module).toContain('    def windows_list(self, *, app');
  });

  it('declares the result, the error classes and the protocol version', () => {
    expect(module).toContain('"revision": int,');
    expect(module).toContain('class UiTimeoutError(UistreamError, TimeoutError):');
    expect(module).toContain('"invalid_params": InvalidParamsError,');
    expect(module).toContain('PROTOCOL_VERSION = "9.9"');
  });
});
