/**
 * ui_batch: acting tools run in order as one call, each step named by its MCP tool and given
 * that tool's own arguments (validated by that tool's schema, so a step errs as the tool would).
 * The listing types each step's tool as an enum; it does not repeat every tool's argument
 * schema (ten of them would triple the tool's definition cost) but says where they are.
 */
import { z } from 'zod';
import {
  ActionResult,
  actionsBatch,
  actionsClick,
  actionsFocus,
  actionsInvoke,
  actionsKeys,
  actionsScroll,
  actionsSelect,
  actionsSetValue,
  actionsType,
  actionsWaitFor,
  type MethodInput,
} from '../../../protocol/src/index.js';
import { parseParams } from '../../service/dispatch.js';
import { callMethod } from '../call.js';
import { actionText } from '../render.js';
import { defineTool } from '../types.js';
import { ScrollInput, scrollCall } from './scroll.js';

/** The acting tools a step may name, and the method behind each. */
export const STEP_TOOLS = {
  ui_click: actionsClick,
  ui_type: actionsType,
  ui_press_keys: actionsKeys,
  ui_set_value: actionsSetValue,
  ui_select: actionsSelect,
  ui_invoke: actionsInvoke,
  ui_focus: actionsFocus,
  ui_scroll: actionsScroll,
  ui_wait_for: actionsWaitFor,
} as const;

type StepTool = keyof typeof STEP_TOOLS;
const StepTool = z.enum(Object.keys(STEP_TOOLS) as [StepTool, ...StepTool[]]);

const BatchInput = z.object({
  steps: z
    .array(
      z.object({
        tool: StepTool.describe('An acting tool'),
        args: z.record(z.string(), z.unknown()).describe('Its arguments, as that tool takes them'),
      }),
    )
    .min(1)
    .max(100)
    .describe('Run in order; the first failure stops the rest'),
  dryRun: z.boolean().default(false).describe('Resolve and check every step, act on none'),
});
type BatchInput = z.output<typeof BatchInput>;
type BatchSteps = MethodInput<'actions.batch'>['steps'];

/** Each step's arguments checked by its tool's schema; the first bad one names its tool and path. */
function methodSteps(input: BatchInput): BatchSteps {
  return input.steps.map((step, i) => {
    const at = `steps.${i}.args`;
    if (step.tool === 'ui_scroll')
      return scrollCall(parseParams(ScrollInput, step.args, step.tool, at));
    const def = STEP_TOOLS[step.tool];
    return { method: def.name, params: parseParams(def.params, step.args, step.tool, at) };
  });
}

function stepLine(tool: string, result: unknown, index: number): string {
  const parsed = ActionResult.safeParse(result);
  const head = parsed.success ? (actionText(parsed.data).split('\n')[0] ?? '') : 'done';
  return `${index + 1}. ${tool}: ${head}`;
}

export const uiBatch = defineTool({
  name: 'ui_batch',
  title: 'Run steps',
  kind: 'action',
  description:
    'Run acting tools in order as one call: steps [{tool: "ui_click", args: {target: ...}}]; ' +
    'stops at the first failure.',
  input: BatchInput,
  output: actionsBatch.result,
  async run(input, ctx) {
    const steps = methodSteps(input);
    const r = await callMethod(ctx, 'actions.batch', { steps, dryRun: input.dryRun });
    const lines = [`${r.completed}/${steps.length} steps done`];
    lines.push(...r.results.slice(0, 5).map((x, i) => stepLine(input.steps[i]?.tool ?? '', x, i)));
    if (r.failed !== null) {
      const tool = input.steps[r.failed.index]?.tool ?? '';
      const { code, message } = r.failed.error;
      lines.push(`step ${r.failed.index + 1} (${tool}) failed: ${code}: ${message}`);
    }
    return { text: lines.join('\n'), structured: r };
  },
});
