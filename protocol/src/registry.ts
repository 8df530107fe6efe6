/**
 * The method registry: the single list that the WebSocket server, the MCP tools, the docs
 * generator and the typed client iterate.
 */
import type { z } from 'zod';
import type { MethodDef, NotificationDef } from './define.js';
import { actionMethods } from './methods/actions.js';
import { appMethods } from './methods/apps.js';
import { clipboardMethods } from './methods/clipboard.js';
import { readMethods } from './methods/reads.js';
import { screenMethods } from './methods/screen.js';
import { sessionMethods } from './methods/session.js';
import { textMethods } from './methods/text.js';
import { windowMethods } from './methods/windows.js';
import { notifications, subscriptionMethods } from './methods/subscriptions.js';

export const methods = [
  ...sessionMethods,
  ...readMethods,
  ...textMethods,
  ...actionMethods,
  ...subscriptionMethods,
  ...screenMethods,
  ...appMethods,
  ...clipboardMethods,
  ...windowMethods,
] as const;

type AnyMethod = (typeof methods)[number];
export type MethodName = AnyMethod['name'];
type ByName<N extends MethodName> = Extract<AnyMethod, { name: N }>;

/** Params as a caller writes them (defaults optional). */
export type MethodInput<N extends MethodName> = z.input<ByName<N>['params']>;
/** Params after validation (defaults applied). */
export type MethodParams<N extends MethodName> = z.output<ByName<N>['params']>;
export type MethodResult<N extends MethodName> = z.output<ByName<N>['result']>;

export type NotificationName = (typeof notifications)[number]['name'];
export type NotificationParams<N extends NotificationName> = z.output<
  Extract<(typeof notifications)[number], { name: N }>['params']
>;

/**
 * A list of methods with a name index. The server's table, its MCP tools and its fleet surface
 * are built from one; tests build one with a method of their own.
 */
export interface Registry {
  readonly methods: readonly MethodDef[];
  get(name: string): MethodDef | undefined;
}

export function createRegistry(defs: readonly MethodDef[]): Registry {
  const index = new Map<string, MethodDef>(defs.map((m) => [m.name, m]));
  return { methods: defs, get: (name) => index.get(name) };
}

/** The protocol's own registry. */
export const registry: Registry = createRegistry(methods);
const notificationIndex = new Map<string, NotificationDef>(notifications.map((n) => [n.name, n]));

export function getMethod(name: string): MethodDef | undefined {
  return registry.get(name);
}

export function getNotification(name: string): NotificationDef | undefined {
  return notificationIndex.get(name);
}

export function isMethodName(name: string): name is MethodName {
  return registry.get(name) !== undefined;
}

export { notifications };
