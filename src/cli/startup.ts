/**
 * Start-up failures as one line with the fix. Expected failures (a port in use, an address
 * that is not this machine's, an unreadable file, an unavailable backend, a bad flag) are
 * explained; anything else is one line too, never a stack trace.
 */
import { isUiError } from '../errors.js';

export interface StartupFailure {
  message: string;
  exitCode: number;
}

interface SystemError {
  code?: string;
  syscall?: string;
  address?: string;
  port?: number;
  path?: string;
  message?: string;
}

const BACKEND_FIXES: Partial<Record<string, string>> = {
  backend_unavailable: 'start the desktop session first, or pass --backend sim',
  not_supported: 'pass --backend auto or --backend sim',
};

function systemFailure(err: SystemError, port: number): StartupFailure | undefined {
  const where = `${err.address ?? '127.0.0.1'}:${err.port ?? port}`;
  switch (err.code) {
    case 'EADDRINUSE':
      return {
        message: `port ${err.port ?? port} is in use (${where}): pass --port N (or --port 0 for a free one), or stop the other server`,
        exitCode: 1,
      };
    case 'EACCES':
      if (err.syscall !== 'listen') break;
      return {
        message: `not allowed to listen on ${where}: pass --port 1024 or above`,
        exitCode: 1,
      };
    case 'EADDRNOTAVAIL':
      return {
        message: `${err.address ?? 'the --host address'} is not an address of this machine: pass --host 127.0.0.1`,
        exitCode: 1,
      };
    case 'ENOENT':
    case 'EISDIR':
    case 'ENOTDIR':
      return {
        message: `cannot open ${err.path ?? 'a file'} (${err.code}): check the path given to --audit-log or --scene`,
        exitCode: 2,
      };
  }
  return undefined;
}

/** The line (and exit code) for an error thrown while starting. */
export function describeStartupFailure(err: unknown, port: number): StartupFailure {
  if (isUiError(err)) {
    const fix = BACKEND_FIXES[err.code];
    return {
      message: `${err.code}: ${err.message}${fix === undefined ? '' : `: ${fix}`}`,
      exitCode: err.code === 'invalid_params' ? 2 : 1,
    };
  }
  const system = typeof err === 'object' && err !== null ? systemFailure(err, port) : undefined;
  if (system !== undefined) return system;
  const text = err instanceof Error ? err.message : String(err);
  return { message: `could not start: ${text.split('\n')[0] ?? ''}`, exitCode: 1 };
}
