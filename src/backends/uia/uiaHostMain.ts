/**
 * Entry point of the isolated UIA host (child process or worker). Started by the supervisor;
 * never imported by the server.
 */
import { UiaHost } from './uiaHost.js';
import { currentHostPort, runHost } from './uiaHostRuntime.js';

void runHost(currentHostPort(), new UiaHost());
