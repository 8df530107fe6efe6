/** The server's version, read once from the package manifest so it never drifts. */
import { PACKAGE } from './package-root.js';

export const SERVER_VERSION = PACKAGE.version;
