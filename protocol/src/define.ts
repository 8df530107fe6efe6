/** Helpers that declare methods and notifications as data, so servers, docs and clients iterate one registry. */
import type { z } from 'zod';
import { strictParams } from './strict.js';

/**
 * What a method does, which drives policy: `read` methods are served from the cache and are
 * allowed in read-only mode; `action` methods change the desktop and go through the executor.
 */
export type MethodKind = 'session' | 'read' | 'action' | 'subscription';

export interface MethodDef<
  N extends string = string,
  P extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  readonly name: N;
  readonly kind: MethodKind;
  readonly summary: string;
  readonly params: P;
  readonly result: R;
}

export interface NotificationDef<N extends string = string, P extends z.ZodType = z.ZodType> {
  readonly name: N;
  readonly summary: string;
  readonly params: P;
}

/** Declare a method; its params refuse unknown keys at every depth (see strict.ts). */
export function defineMethod<N extends string, P extends z.ZodType, R extends z.ZodType>(
  def: MethodDef<N, P, R>,
): MethodDef<N, P, R> {
  return { ...def, params: strictParams(def.params) };
}

export function defineNotification<N extends string, P extends z.ZodType>(
  def: NotificationDef<N, P>,
): NotificationDef<N, P> {
  return def;
}
