/**
 * The scratch project of the package test: what a user of the package writes. The
 * `@ts-expect-error` lines make the check fail if the imports lost their types (an `any` client
 * would accept a wrong method name and wrong params silently).
 */
const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    noEmit: true,
    skipLibCheck: false,
    types: ['node'],
  },
  include: ['*.ts'],
};

const MAIN = `import { connect, UistreamError } from 'uistream/client';
import type { MethodResult, UiEvent } from 'uistream/protocol';

const client = await connect('ws://127.0.0.1:7878/', { token: 'secret', encoding: 'msgpack' });
const listed: MethodResult<'windows.list'> = await client.call('windows.list');
const ref: string | undefined = listed.windows[0]?.ref;
// @ts-expect-error: not a method of the registry
await client.call('windows.nope');
// @ts-expect-error: windows.list takes no such param
await client.call('windows.list', { colour: 'red' });
client.events({ types: ['window.opened'] }).subscribe((event: UiEvent) => console.log(event.seq));
try {
  await client.call('elements.get', { ref: ref ?? 'e1' });
} catch (err) {
  if (err instanceof UistreamError) console.log(err.code, err.recovery);
}
await client.close();
`;

export const SCRATCH_FILES: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'scratch', private: true, type: 'module' }),
  'tsconfig.json': JSON.stringify(TSCONFIG),
  'main.ts': MAIN,
};
