/**
 * A mirrored subtree: built from the nodes of `tree.subscribe` and kept exact by applying
 * `tree.patch` batches in order. The patch semantics live in the protocol package, so the
 * client applies patches exactly as the server defines them.
 */
export { PatchMirror as TreeMirror } from '../../protocol/src/mirror.js';
