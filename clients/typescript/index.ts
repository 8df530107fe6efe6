/** The uistream TypeScript client. */
export { connect, UistreamClient } from './client.js';
export type {
  ClientOptions,
  ClientState,
  ClientStats,
  MirrorEnd,
  MirroredTree,
  ReconnectOptions,
} from './client.js';
export type { EventFilterInput } from './event-stream.js';
export { UistreamError } from './errors.js';
export { TreeMirror } from './mirror.js';
export { browserSocket } from './browser-socket.js';
export { nodeSocket } from './node-socket.js';
export type { SocketOpener, WireSocket } from './socket.js';
// The fleet client (`clients/typescript/fleet.js`) is its own entry: it needs the NATS packages,
// which a page bundling this client must not pull in.
