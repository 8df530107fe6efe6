/**
 * Processes through Win32 for the apps capability: CreateProcessW with a command line quoted
 * the way CommandLineToArgvW splits it (never through a shell), ShellExecuteExW for a file
 * that is not a program (a document opens in its app), TerminateProcess, exit codes, and the
 * parent of every process (a Toolhelp snapshot). App Paths come from the registry.
 */
import koffi from 'koffi';
import { ActionFailedError, UiError } from '../../errors.js';
import { loadFns } from './uiaWin32.js';

const PROCESS_TERMINATE = 0x1;
const PROCESS_QUERY_LIMITED_INFORMATION = 0x1000;
const SYNCHRONIZE = 0x100000;
const STILL_ACTIVE = 259;
const CREATE_UNICODE_ENVIRONMENT = 0x400;
const STARTUPINFO_SIZE = 104;
const TH32CS_SNAPPROCESS = 0x2;
const PROCESSENTRY_SIZE = 568;
const SEE_MASK_NOCLOSEPROCESS = 0x40;
const SEE_MASK_FLAG_NO_UI = 0x400;
const SW_SHOWNORMAL = 1;
const KEY_READ = 0x20019;
const RRF_RT_REG_SZ = 0x2;
const RRF_RT_REG_EXPAND_SZ = 0x4;
/** HKEY_CURRENT_USER and HKEY_LOCAL_MACHINE, sign-extended as 64-bit handles are. */
const ROOT_KEYS = [0x80000001 | 0, 0x80000002 | 0];
const APP_PATHS = 'Software\\Microsoft\\Windows\\CurrentVersion\\App Paths';

function loadProcApi() {
  koffi.struct('SHELLEXECUTEINFOW', {
    cbSize: 'uint32_t',
    fMask: 'uint32_t',
    hwnd: 'intptr_t',
    lpVerb: 'const char16_t *',
    lpFile: 'const char16_t *',
    lpParameters: 'const char16_t *',
    lpDirectory: 'const char16_t *',
    nShow: 'int32_t',
    hInstApp: 'intptr_t',
    lpIDList: 'intptr_t',
    lpClass: 'intptr_t',
    hkeyClass: 'intptr_t',
    dwHotKey: 'uint32_t',
    hIcon: 'intptr_t',
    hProcess: 'intptr_t',
  });
  return {
    ...loadFns('kernel32.dll', {
      CreateProcessW:
        'int32_t __stdcall CreateProcessW(const char16_t *app, void *cmd, intptr_t pa, intptr_t ta, int32_t inherit, uint32_t flags, intptr_t env, const char16_t *cwd, void *si, _Out_ uint8_t *pi)',
      GetProcessId: 'uint32_t __stdcall GetProcessId(intptr_t h)',
      OpenProcess: 'intptr_t __stdcall OpenProcess(uint32_t access, int32_t inherit, uint32_t pid)',
      TerminateProcess: 'int32_t __stdcall TerminateProcess(intptr_t h, uint32_t code)',
      GetExitCodeProcess: 'int32_t __stdcall GetExitCodeProcess(intptr_t h, _Out_ uint32_t *code)',
      CloseHandle: 'int32_t __stdcall CloseHandle(intptr_t h)',
      GetLastError: 'uint32_t __stdcall GetLastError()',
      CreateToolhelp32Snapshot:
        'intptr_t __stdcall CreateToolhelp32Snapshot(uint32_t f, uint32_t pid)',
      Process32FirstW: 'int32_t __stdcall Process32FirstW(intptr_t snap, void *entry)',
      Process32NextW: 'int32_t __stdcall Process32NextW(intptr_t snap, void *entry)',
    }),
    ...loadFns('shell32.dll', {
      ShellExecuteExW: 'int32_t __stdcall ShellExecuteExW(_Inout_ SHELLEXECUTEINFOW *info)',
    }),
    ...loadFns('advapi32.dll', {
      RegOpenKeyExW:
        'int32_t __stdcall RegOpenKeyExW(intptr_t key, const char16_t *sub, uint32_t opts, uint32_t sam, _Out_ intptr_t *out)',
      RegEnumKeyExW:
        'int32_t __stdcall RegEnumKeyExW(intptr_t key, uint32_t i, void *name, _Inout_ uint32_t *len, intptr_t r, intptr_t c, intptr_t cl, intptr_t t)',
      RegGetValueW:
        'int32_t __stdcall RegGetValueW(intptr_t key, const char16_t *sub, const char16_t *value, uint32_t flags, intptr_t type, void *data, _Inout_ uint32_t *size)',
      RegCloseKey: 'int32_t __stdcall RegCloseKey(intptr_t key)',
    }),
  };
}

let api: ReturnType<typeof loadProcApi> | undefined;
const procApi = (): ReturnType<typeof loadProcApi> => (api ??= loadProcApi());

/** One argument quoted for CommandLineToArgvW (backslashes doubled only before a quote). */
export function quoteArg(arg: string): string {
  if (arg !== '' && !/[\s"]/.test(arg)) return arg;
  let out = '"';
  let slashes = 0;
  for (const ch of arg) {
    if (ch === '\\') {
      slashes++;
      continue;
    }
    out += '\\'.repeat(ch === '"' ? slashes * 2 + 1 : slashes) + ch;
    slashes = 0;
  }
  return `${out}${'\\'.repeat(slashes * 2)}"`;
}

export interface Started {
  pid: number;
  /** The process handle, kept to read the exit code (0 when the shell gave none). */
  handle: number | bigint;
}

function lastError(what: string): UiError {
  const code = procApi().GetLastError() as number;
  const missing = code === 2 || code === 3;
  if (missing)
    return new UiError('app_not_found', `${what}: the file was not found (error ${code})`);
  return new ActionFailedError(`${what} failed (error ${code})`, { details: { error: code } });
}

/** Start a program: argv[0] is its path; never a shell line. */
export function createProcess(argv: readonly string[], cwd: string | undefined): Started {
  const p = procApi();
  const cmd = Buffer.from(`${argv.map(quoteArg).join(' ')}\0`, 'utf16le');
  const si = Buffer.alloc(STARTUPINFO_SIZE);
  si.writeUInt32LE(STARTUPINFO_SIZE, 0);
  const pi = Buffer.alloc(24);
  const ok = p.CreateProcessW(
    argv[0],
    cmd,
    0,
    0,
    0,
    CREATE_UNICODE_ENVIRONMENT,
    0,
    cwd ?? null,
    si,
    pi,
  );
  if (ok === 0) throw lastError(`CreateProcessW(${argv[0] ?? ''})`);
  p.CloseHandle(pi.readBigInt64LE(8));
  return { pid: pi.readUInt32LE(16), handle: pi.readBigInt64LE(0) };
}

/** Open a file in the app registered for it (ShellExecuteExW, no shell line). */
export function shellExecute(argv: readonly string[], cwd: string | undefined): Started {
  const info = {
    cbSize: 112,
    fMask: SEE_MASK_NOCLOSEPROCESS | SEE_MASK_FLAG_NO_UI,
    hwnd: 0,
    lpVerb: null,
    lpFile: argv[0],
    lpParameters: argv.length > 1 ? argv.slice(1).map(quoteArg).join(' ') : null,
    lpDirectory: cwd ?? null,
    nShow: SW_SHOWNORMAL,
    hInstApp: 0,
    lpIDList: 0,
    lpClass: 0,
    hkeyClass: 0,
    dwHotKey: 0,
    hIcon: 0,
    hProcess: 0,
  };
  if (procApi().ShellExecuteExW(info) === 0) throw lastError(`ShellExecuteExW(${argv[0] ?? ''})`);
  const handle = info.hProcess as number | bigint;
  const pid = handle === 0 || handle === 0n ? 0 : (procApi().GetProcessId(handle) as number);
  return { pid, handle };
}

/** The exit code, or 'running'; null when the process cannot be opened (gone, code unknown). */
export function exitCode(handle: number | bigint): number | 'running' {
  const code = [0];
  if (procApi().GetExitCodeProcess(handle, code) === 0) return 0;
  return code[0] === STILL_ACTIVE ? 'running' : (code[0] ?? 0);
}

export function openProcess(pid: number): number | bigint | null {
  const access = PROCESS_QUERY_LIMITED_INFORMATION | SYNCHRONIZE;
  const h = procApi().OpenProcess(access, 0, pid) as number | bigint;
  return h === 0 || h === 0n ? null : h;
}

export function closeHandle(handle: number | bigint): void {
  procApi().CloseHandle(handle);
}

export function terminate(pid: number): void {
  const p = procApi();
  const h = p.OpenProcess(PROCESS_TERMINATE, 0, pid) as number | bigint;
  if (h === 0 || h === 0n) throw lastError(`OpenProcess(${pid}) to end it`);
  try {
    if (p.TerminateProcess(h, 1) === 0) throw lastError(`TerminateProcess(${pid})`);
  } finally {
    p.CloseHandle(h);
  }
}

/** [pid, parent pid] of every process. */
export function parentPids(): [number, number][] {
  const p = procApi();
  const snap = p.CreateToolhelp32Snapshot(TH32CS_SNAPPROCESS, 0) as number | bigint;
  if (snap === -1 || snap === -1n || snap === 0 || snap === 0n) return [];
  const out: [number, number][] = [];
  try {
    const entry = Buffer.alloc(PROCESSENTRY_SIZE);
    entry.writeUInt32LE(PROCESSENTRY_SIZE, 0);
    for (let ok = p.Process32FirstW(snap, entry); ok !== 0; ok = p.Process32NextW(snap, entry))
      out.push([entry.readUInt32LE(8), entry.readUInt32LE(32)]);
  } finally {
    p.CloseHandle(snap);
  }
  return out;
}

/** App Paths entries (HKCU first, then HKLM): registered name -> program path. */
export function appPaths(): Map<string, string> {
  const p = procApi();
  const found = new Map<string, string>();
  for (const root of ROOT_KEYS) {
    const key = [0];
    if (p.RegOpenKeyExW(root, APP_PATHS, 0, KEY_READ, key) !== 0) continue;
    try {
      const name = Buffer.alloc(512);
      for (let i = 0; i < 4096; i++) {
        const len = [256];
        if (p.RegEnumKeyExW(key[0], i, name, len, 0, 0, 0, 0) !== 0) break;
        const sub = name.toString('utf16le', 0, (len[0] ?? 0) * 2);
        const value = Buffer.alloc(2048);
        const size = [2048];
        const flags = RRF_RT_REG_SZ | RRF_RT_REG_EXPAND_SZ;
        if (p.RegGetValueW(key[0], sub, null, flags, 0, value, size) !== 0) continue;
        const path = value
          .toString('utf16le', 0, Math.max(0, (size[0] ?? 2) - 2))
          .replace(/^"|"$/g, '');
        if (!found.has(sub.toLowerCase())) found.set(sub.toLowerCase(), path);
      }
    } finally {
      p.RegCloseKey(key[0]);
    }
  }
  return found;
}
