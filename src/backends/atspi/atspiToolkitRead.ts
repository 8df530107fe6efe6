/** How an app names its toolkit: `Application.ToolkitName` and `Version` on its root. */
import type { CallSpec } from './atspiBus.js';
import { ATSPI_PREFIX, PROPERTIES_IFACE } from './atspiCallKinds.js';
import type { Toolkit } from './atspiToolkits.js';

export const ROOT_PATH = '/org/a11y/atspi/accessible/root';
export const UNKNOWN_TOOLKIT: Toolkit = { name: 'unknown', version: '' };

/** Read an app's toolkit with `raw` (past the guard); rejects as the call does. */
export async function readToolkit(
  raw: (spec: CallSpec, signal: AbortSignal) => Promise<unknown[]>,
  busName: string,
  signal: AbortSignal,
): Promise<Toolkit> {
  const read = async (prop: string): Promise<string> => {
    const body = await raw(
      {
        dest: busName,
        path: ROOT_PATH,
        iface: PROPERTIES_IFACE,
        member: 'Get',
        signature: 'ss',
        body: [`${ATSPI_PREFIX}Application`, prop],
      },
      signal,
    );
    const value = (body[0] as { value?: unknown } | undefined)?.value;
    return typeof value === 'string' ? value : '';
  };
  const [name, version] = await Promise.all([read('ToolkitName'), read('Version')]);
  return { name: name === '' ? UNKNOWN_TOOLKIT.name : name, version };
}
