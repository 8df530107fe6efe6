/**
 * actions.batch: steps in order, each validated against its method's schema and run like a
 * single action; the batch stops at the first failure and says which step failed and why.
 */
import { getMethod, type MethodParams, type MethodResult } from '../../../protocol/src/index.js';
import { InvalidParamsError, toWireError } from '../../errors.js';
import type { ActionMethod } from '../api.js';

type BatchParams = MethodParams<'actions.batch'>;
type BatchResult = MethodResult<'actions.batch'>;
type Step = BatchParams['steps'][number];

/** Runs one validated step (through the executor's queue, checks and audit). */
export type StepRunner = (
  method: Exclude<ActionMethod, 'actions.batch'>,
  params: unknown,
) => Promise<unknown>;

function validateStep(step: Step, dryRun: boolean): unknown {
  const schema = getMethod(step.method)?.params;
  if (schema === undefined) throw new InvalidParamsError(`unknown step method ${step.method}`);
  const input =
    step.method === 'actions.waitFor' || !dryRun ? step.params : { ...step.params, dryRun: true };
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw new InvalidParamsError(`invalid params for ${step.method}`, {
      details: {
        issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      },
    });
  }
  return parsed.data;
}

export async function runBatch(p: BatchParams, runStep: StepRunner): Promise<BatchResult> {
  const results: unknown[] = [];
  for (const [index, step] of p.steps.entries()) {
    try {
      results.push(await runStep(step.method, validateStep(step, p.dryRun)));
    } catch (err) {
      return { completed: results.length, results, failed: { index, error: toWireError(err) } };
    }
  }
  return { completed: results.length, results, failed: null };
}
