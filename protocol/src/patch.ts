/**
 * Tree patches: the unit of change every consumer of the cache sees. A client that applies
 * them in order to the tree it was given holds an exact mirror of the server's cache.
 */
import { z } from 'zod';
import { ElementNode, WindowInfo } from './element.js';
import { ElementRef, Revision, WindowRef } from './primitives.js';

/** Properties of an element that an `update` patch can change. */
export const ElementProps = ElementNode.omit({ ref: true, parent: true, window: true }).partial();
export type ElementProps = z.infer<typeof ElementProps>;

export const Patch = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('add'),
    parent: ElementRef.nullable(),
    index: z.number().int().nonnegative(),
    nodes: z.array(ElementNode).describe('The added subtree in pre-order; its root first'),
  }),
  z.object({
    op: z.literal('remove'),
    ref: ElementRef,
    parent: ElementRef.nullable(),
    refs: z.array(ElementRef).describe('Every ref of the removed subtree'),
  }),
  z.object({
    op: z.literal('reorder'),
    parent: ElementRef,
    children: z.array(ElementRef),
  }),
  z.object({
    op: z.literal('update'),
    ref: ElementRef,
    props: ElementProps,
  }),
  z.object({
    op: z.literal('focus'),
    ref: ElementRef.nullable(),
    previous: ElementRef.nullable(),
  }),
  z.object({
    op: z.literal('window.opened'),
    window: WindowInfo,
    partial: z
      .literal(true)
      .optional()
      .describe('Announced at a deadline before the window’s contents were all cached'),
  }),
  z.object({ op: z.literal('window.closed'), window: WindowRef, title: z.string() }),
  z.object({ op: z.literal('window.activated'), window: WindowRef, title: z.string() }),
]);
export type Patch = z.infer<typeof Patch>;

/** Patches produced by one reducer step, stamped with the revision they lead to. */
export const PatchBatch = z.object({ revision: Revision, patches: z.array(Patch) });
export type PatchBatch = z.infer<typeof PatchBatch>;
