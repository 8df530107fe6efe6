/**
 * Scenes: a simulated desktop described as data (zod-validated so `--scene FILE` can load one).
 * A scene lists the apps to launch (with their options and optional positions), the seed, the
 * screen, event delivery latency and quirks, and the bulk-fetch cost model.
 */
import { z } from 'zod';
import { ControlType, Pattern, RangeInfo, State } from '../../../protocol/src/index.js';
import { InvalidParamsError } from '../../errors.js';

/** One element of a data-described window (`kind: 'window'`). Rects are window-relative. */
export interface ElementData {
  type: ControlType;
  name?: string | undefined;
  automationId?: string | undefined;
  value?: string | undefined;
  range?: RangeInfo | undefined;
  rect?: [number, number, number, number] | undefined;
  drawnText?: string | undefined;
  states?: State[] | undefined;
  without?: State[] | undefined;
  patterns?: Pattern[] | undefined;
  children?: ElementData[] | undefined;
}

const Size = z.number().int().min(0).max(16_384);

export const ElementDataSchema: z.ZodType<ElementData> = z
  .object({
    type: ControlType,
    name: z.string().max(10_000).optional(),
    automationId: z.string().min(1).max(512).optional(),
    value: z.string().max(1_000_000).optional(),
    range: RangeInfo.optional(),
    rect: z.tuple([Size, Size, Size, Size]).optional(),
    /** Painted text with no accessible name (a custom-drawn label): only OCR can read it. */
    drawnText: z.string().max(1_000).optional(),
    states: z.array(State).optional(),
    without: z.array(State).optional(),
    patterns: z.array(Pattern).optional(),
    get children() {
      return z.array(ElementDataSchema).max(10_000).optional();
    },
  })
  .strict();

const Position = z.object({ x: z.number().int().min(0), y: z.number().int().min(0) }).strict();
const Rate = z.number().min(0).max(1);

export const QuirksSchema = z
  .object({
    dropRate: Rate.default(0),
    duplicateRate: Rate.default(0),
    lateRate: Rate.default(0),
    detaillessRate: Rate.default(0),
  })
  .strict();

/** A runtime change of some quirks: absent ones stay as they are (no defaults here). */
export const QuirksPatchSchema = z
  .object({
    dropRate: Rate.optional(),
    duplicateRate: Rate.optional(),
    lateRate: Rate.optional(),
    detaillessRate: Rate.optional(),
  })
  .strict();

const at = { at: Position.optional() };

export const AppSpecSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('editor'),
      ...at,
      text: z.string().max(1_000_000).default(''),
      fileName: z.string().min(1).optional(),
    })
    .strict(),
  z.object({ kind: z.literal('settings'), ...at }).strict(),
  z
    .object({
      kind: z.literal('installer'),
      ...at,
      progressStepMs: z.number().int().min(0).max(60_000).default(250),
    })
    .strict(),
  z
    .object({
      kind: z.literal('grid'),
      ...at,
      rows: z.number().int().min(0).max(10_000_000).default(10_000),
      visibleRows: z.number().int().min(1).max(200).default(20),
    })
    .strict(),
  z
    .object({
      kind: z.literal('slow'),
      ...at,
      delayMs: z.number().int().min(0).max(600_000).default(100),
    })
    .strict(),
  z.object({ kind: z.literal('flaky'), ...at }).strict(),
  z.object({ kind: z.literal('dragdrop'), ...at }).strict(),
  z
    .object({
      kind: z.literal('window'),
      ...at,
      /** Process name. */
      app: z.string().min(1).max(128),
      title: z.string().max(1_000),
      width: z.number().int().min(100).max(16_384).default(400),
      height: z.number().int().min(80).max(16_384).default(300),
      elements: z.array(ElementDataSchema).max(10_000).default([]),
    })
    .strict(),
]);
export type AppSpec = z.infer<typeof AppSpecSchema>;
export type AppKind = AppSpec['kind'];

const Box = z.tuple([Size, Size, Size, Size]);

export const MonitorSpecSchema = z
  .object({
    rect: Box.describe('[x, y, width, height]'),
    workArea: Box.optional(),
    scale: z.number().min(0.5).max(4).default(1),
    primary: z.boolean().default(false),
  })
  .strict();
export type MonitorSpec = z.infer<typeof MonitorSpecSchema>;

export const SceneSchema = z
  .object({
    seed: z.number().int().default(1),
    screen: z
      .object({
        width: z.number().int().min(320).max(16_384),
        height: z.number().int().min(240).max(16_384),
      })
      .strict()
      .default({ width: 1920, height: 1080 }),
    /** Event delivery latency in ms; 0 = the next tick. */
    eventLatencyMs: z.number().int().min(0).max(60_000).default(0),
    quirks: QuirksSchema.default(QuirksSchema.parse({})),
    /** Cost of one bulk fetch: a fixed per-call part plus a per-element part (µs). */
    fetchLatency: z
      .object({
        perCallMs: z.number().min(0).max(60_000).default(0),
        perElementUs: z.number().min(0).max(1_000_000).default(0),
      })
      .strict()
      .default({ perCallMs: 0, perElementUs: 0 }),
    apps: z.array(AppSpecSchema).max(100).optional(),
    /** Monitors as rects of the screen (physical pixels) with a scale; default: the screen. */
    monitors: z.array(MonitorSpecSchema).min(1).max(16).optional(),
  })
  .strict();
export type Scene = z.infer<typeof SceneSchema>;
export type SceneInput = z.input<typeof SceneSchema>;

/** The default desktop: one of each app, the editor in front. */
export const DEFAULT_APPS: readonly AppSpec[] = [
  { kind: 'settings', at: { x: 880, y: 40 } },
  { kind: 'installer', at: { x: 1420, y: 40 }, progressStepMs: 250 },
  { kind: 'grid', at: { x: 880, y: 480 }, rows: 10_000, visibleRows: 20 },
  { kind: 'slow', at: { x: 40, y: 680 }, delayMs: 100 },
  { kind: 'flaky', at: { x: 420, y: 680 } },
  { kind: 'editor', at: { x: 40, y: 40 }, text: '' },
];

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(scene)'}: ${issue.message}`)
    .join('; ');
}

/** Validate a scene object; throws InvalidParamsError naming each bad field. */
export function parseScene(input: unknown): Scene {
  const result = SceneSchema.safeParse(input ?? {});
  if (!result.success) {
    throw new InvalidParamsError(`invalid scene: ${describeIssues(result.error)}`, {
      details: {
        issues: result.error.issues.map((i) => ({ path: i.path.map(String), message: i.message })),
      },
    });
  }
  return result.data;
}

/** Parse a scene from JSON text (a `--scene FILE`'s content). */
export function loadScene(json: string): Scene {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new InvalidParamsError(`scene is not valid JSON: ${reason}`);
  }
  return parseScene(data);
}
