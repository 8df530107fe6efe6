/** uistream wire protocol: zod schemas, the method registry and codecs. No Node APIs. */
export * from './primitives.js';
export * from './element.js';
export * from './errors.js';
export * from './patch.js';
export * from './events.js';
export * from './jsonrpc.js';
export * from './define.js';
export * from './strict.js';
export * from './methods/session.js';
export * from './methods/reads.js';
export * from './methods/actions.js';
export * from './methods/subscriptions.js';
export * from './methods/screen.js';
export * from './registry.js';
export * from './codec/index.js';
export * from './mirror.js';
export * from './fleet.js';
