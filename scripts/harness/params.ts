/** Action params as the wire hands them over: validated, defaults applied (tests and benches). */
import { getMethod, type MethodInput, type MethodParams } from '../../protocol/src/index.js';
import type { ActionMethod } from '../../src/executor/api.js';

export function parse<M extends ActionMethod>(method: M, input: MethodInput<M>): MethodParams<M> {
  const def = getMethod(method);
  if (def === undefined) throw new Error(`no method ${method}`);
  return def.params.parse(input) as MethodParams<M>;
}
