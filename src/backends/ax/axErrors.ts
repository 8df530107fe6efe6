/**
 * AXError -> the UiError hierarchy, in one place (the steps' one error conversion), and the
 * permission error that names what to grant, to whom, and that a restart is needed.
 */
import {
  ActionFailedError,
  AppNotRespondingError,
  BackendUnavailableError,
  ElementStaleError,
  NotSupportedError,
  PatternNotSupportedError,
} from '../../errors.js';
import type { UiError } from '../../errors.js';
import { AX_ERROR, AxCallError } from './axSurface.js';

export type AxPermission = 'accessibility' | 'screenRecording';

const SETTINGS_PANE: Record<AxPermission, string> = {
  accessibility: 'Accessibility',
  screenRecording: 'Screen & System Audio Recording',
};

const TERMINALS: Record<string, string> = {
  Apple_Terminal: 'Terminal',
  'iTerm.app': 'iTerm',
  vscode: 'Visual Studio Code',
  WarpTerminal: 'Warp',
  ghostty: 'Ghostty',
};

/**
 * The app macOS holds responsible for this process: TCC checks the app that launched a
 * command-line process (its terminal), not node itself; launchd services are their own.
 */
export function responsibleApp(env: NodeJS.ProcessEnv, execPath: string): string {
  const program = env['TERM_PROGRAM'];
  if (program !== undefined && program !== '') return TERMINALS[program] ?? program;
  return `the app that started uistream (or ${execPath} itself when run as a service)`;
}

/** The typed error of a missing grant: backend_unavailable with details saying what to do. */
export function permissionError(permission: AxPermission, grantTo: string): UiError {
  const pane = SETTINGS_PANE[permission];
  return new BackendUnavailableError(
    `macOS ${pane} permission is not granted to ${grantTo}; grant it in System Settings > ` +
      `Privacy & Security > ${pane}, then restart uistream (macOS applies a grant to new processes only)`,
    {
      details: { permission, grantTo, settingsPane: pane, restartNeeded: true },
      recovery: [
        `open System Settings > Privacy & Security > ${pane} and turn on ${grantTo}`,
        'restart uistream after granting (a running process keeps its old answer)',
        'start with --prompt-permissions to have macOS ask',
      ],
    },
  );
}

/** An AX call's failure as a UiError; `what` names the element or call for the message. */
export function fromAxError(err: unknown, what: string, grantTo: string): unknown {
  if (!(err instanceof AxCallError)) return err;
  switch (err.axError) {
    case AX_ERROR.invalidUIElement:
      return new ElementStaleError(`${what} is gone (${err.call}: invalid UI element)`);
    case AX_ERROR.cannotComplete:
      return new AppNotRespondingError(`${what}: the app did not answer (${err.call})`);
    case AX_ERROR.apiDisabled:
      return permissionError('accessibility', grantTo);
    case AX_ERROR.actionUnsupported:
    case AX_ERROR.attributeUnsupported:
      return new PatternNotSupportedError(`${what} does not support ${err.call}`);
    case AX_ERROR.notImplemented:
      return new NotSupportedError(
        `${what}: the app does not implement accessibility (${err.call})`,
      );
    default:
      return new ActionFailedError(`${what}: ${err.message}`);
  }
}
