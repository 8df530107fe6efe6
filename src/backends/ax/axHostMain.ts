/**
 * Entry point of the isolated AX host (a child process on macOS). Started by the supervisor;
 * never imported by the server. `--prompt-permissions` lets macOS show its permission dialogs.
 */
import { AxHost } from './axHost.js';
import { createNativeSurface } from './axNativeSurface.js';
import { currentHostPort, runHost } from '../uia/uiaHostRuntime.js';

const promptPermissions = process.argv.includes('--prompt-permissions');
void runHost(currentHostPort(), new AxHost(createNativeSurface(), { promptPermissions }));
