/**
 * Packaged (Store / MSIX) apps by their AppUserModelID through IApplicationActivationManager:
 * the only supported way to start one (its executable cannot be run directly). Activation may
 * wait for the app to start, so it runs on a pool thread. Where the class is missing (Wine
 * registers none; Windows before 8) the launch answers not_supported with the reason.
 */
import koffi from 'koffi';
import { NotSupportedError, TimeoutError } from '../../errors.js';
import { release } from './uiaCom.js';
import { vcallAsync } from './uiaComAsync.js';
import { guidBytes } from './uiaGuid.js';
import { check } from './uiaHresult.js';
import { openProcess, type Started } from './uiaWin32Process.js';

const CLSID_APPLICATION_ACTIVATION_MANAGER = '45ba127d-10a8-46ea-8ab7-56ea9078943c';
const IID_APPLICATION_ACTIVATION_MANAGER = '2e941141-7f97-4756-ba1d-9decde894a3d';
const CLSCTX_LOCAL_SERVER = 0x4;
const AO_NONE = 0;
/** IApplicationActivationManager::ActivateApplication, after IUnknown's three. */
const ACTIVATE_SLOT = 3;

let create: ((...args: unknown[]) => number) | undefined;

function coCreate(): Buffer {
  create ??= koffi
    .load('ole32.dll')
    .func(
      'int32_t __stdcall CoCreateInstance(void *clsid, void *outer, uint32_t ctx, void *iid, void *out)',
    ) as (...args: unknown[]) => number;
  const out = Buffer.alloc(8);
  const hr =
    create(
      guidBytes(CLSID_APPLICATION_ACTIVATION_MANAGER),
      null,
      CLSCTX_LOCAL_SERVER,
      guidBytes(IID_APPLICATION_ACTIVATION_MANAGER),
      out,
    ) >>> 0;
  if (hr !== 0 || out.readBigUInt64LE(0) === 0n) {
    throw new NotSupportedError(
      `packaged apps cannot be activated here: CoCreateInstance(ApplicationActivationManager) answered 0x${hr.toString(16)}`,
      { details: { reason: 'no_activation_manager', hresult: hr } },
    );
  }
  return out;
}

/** Activate the packaged app `aumid` with `args`; its pid and a handle for its exit code. */
export async function activateAumid(
  aumid: string,
  args: readonly string[],
  deadline: number,
): Promise<Started> {
  const manager = coCreate().readBigUInt64LE(0);
  try {
    const pid = Buffer.alloc(4);
    const name = Buffer.from(`${aumid}\0`, 'utf16le');
    const line = Buffer.from(`${args.join(' ')}\0`, 'utf16le');
    const what = 'IApplicationActivationManager::ActivateApplication';
    const types = ['void *', 'void *', 'int32_t', 'void *'] as const;
    const hr = await vcallAsync(what, manager, ACTIVATE_SLOT, types, name, line, AO_NONE, pid);
    if (Date.now() > deadline) throw new TimeoutError(`${what} returned past the deadline`);
    check(hr, what);
    const id = pid.readUInt32LE(0);
    return { pid: id, handle: openProcess(id) ?? 0 };
  } finally {
    release(manager);
  }
}
