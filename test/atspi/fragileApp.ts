/**
 * A tiny AT-SPI2 application for tests, standing in for an app whose accessibility bridge cannot
 * take some call: it registers on the accessibility bus like any toolkit (Socket.Embed with the
 * registry) and shows a window with a button and a label. One chosen call kills it (it exits
 * without replying, as a segfaulting bridge does) or wedges it (no call is answered for a while,
 * as an app stuck in a nested loop).
 *
 *   node --import tsx test/atspi/fragileApp.ts --title T [--exit-on CALL] [--hang-on CALL] [--hang-ms N]
 *
 * SIGUSR1 wedges it too, for --hang-ms from then.
 *
 * CALL is `Interface.Member` (e.g. `Component.GetExtents`) or, for a property read,
 * `Interface.Property` through Properties.Get (e.g. `Accessible.Description`).
 */
import { parseArgs } from 'node:util';
import dbus from 'dbus-next';

const { Message, Variant } = dbus;
type DbusMessage = InstanceType<typeof Message>;

const { values } = parseArgs({
  options: {
    title: { type: 'string', default: 'Fragile app' },
    'exit-on': { type: 'string' },
    'hang-on': { type: 'string' },
    'hang-ms': { type: 'string', default: '0' },
  },
});

export const FRAGILE_TOOLKIT = 'uistream-fragile-fixture';
const A = 'org.a11y.atspi.';
const ROOT = '/org/a11y/atspi/accessible/root';
const WINDOW = '/fixture/window';
const BUTTON = '/fixture/button';
const LABEL = '/fixture/label';
/** ENABLED, SENSITIVE, SHOWING, VISIBLE (+ FOCUSABLE for the button), as the two state words. */
const SHOWN = (1 << 8) | (1 << 24) | (1 << 25) | (1 << 30);

interface Node {
  role: number;
  name: string;
  parent: string;
  children: string[];
  states: number;
  interfaces: string[];
  extents: [number, number, number, number];
}

const NODES: Record<string, Node> = {
  [ROOT]: {
    role: 75,
    name: 'fragile',
    parent: '',
    children: [WINDOW],
    states: 0,
    interfaces: ['Accessible', 'Application'],
    extents: [0, 0, 0, 0],
  },
  [WINDOW]: {
    role: 23,
    name: values.title ?? '',
    parent: ROOT,
    children: [BUTTON, LABEL],
    states: SHOWN | (1 << 1),
    interfaces: ['Accessible', 'Component'],
    extents: [10, 10, 400, 300],
  },
  [BUTTON]: {
    role: 43,
    name: 'Press',
    parent: WINDOW,
    children: [],
    states: SHOWN | (1 << 11),
    interfaces: ['Accessible', 'Component', 'Action'],
    extents: [20, 40, 80, 30],
  },
  [LABEL]: {
    role: 29,
    name: 'Status',
    parent: WINDOW,
    children: [],
    states: SHOWN,
    interfaces: ['Accessible', 'Component'],
    extents: [20, 80, 200, 20],
  },
};

const address = process.env.AT_SPI_BUS_ADDRESS;
if (address === undefined || address === '') throw new Error('AT_SPI_BUS_ADDRESS is not set');
const bus = dbus.sessionBus({ busAddress: address });
/** Our unique name (the typings omit it). */
const selfName = (): string => (bus as unknown as { name?: string }).name ?? '';
/** The typings take a string where the library takes the call being answered. */
const newError = (m: DbusMessage, name: string, text: string): DbusMessage =>
  (Message.newError as unknown as (m: DbusMessage, n: string, t: string) => DbusMessage)(
    m,
    name,
    text,
  );
let hungUntil = 0;

/** The reply to one call: [signature, body], or undefined for an unknown method. */
function answer(msg: DbusMessage, node: Node, self: string): [string, unknown[]] | undefined {
  const ref = (path: string): [string, string] =>
    path === '' ? ['org.a11y.atspi.Registry', ROOT] : [self, path];
  switch (`${msg.interface ?? ''}.${msg.member ?? ''}`) {
    case `${A}Accessible.GetRole`:
      return ['u', [node.role]];
    case `${A}Accessible.GetState`:
      return ['au', [[node.states, 0]]];
    case `${A}Accessible.GetInterfaces`:
      return ['as', [node.interfaces.map((i) => A + i)]];
    case `${A}Accessible.GetChildren`:
      return ['a(so)', [node.children.map(ref)]];
    case `${A}Accessible.GetIndexInParent`:
      return ['i', [NODES[node.parent]?.children.indexOf(msg.path ?? '') ?? -1]];
    case `${A}Accessible.GetAttributes`:
      return ['a{ss}', [{}]];
    case `${A}Component.GetExtents`:
      return ['(iiii)', [node.extents]];
    case `${A}Action.GetActions`:
      return ['a(sss)', [[['click', '', '']]]];
    case `${A}Action.DoAction`:
      return ['b', [true]];
    case 'org.freedesktop.DBus.Properties.Get':
      return property(node, String(msg.body[0]), String(msg.body[1]), ref);
    default:
      return undefined;
  }
}

function property(
  node: Node,
  iface: string,
  name: string,
  ref: (path: string) => [string, string],
): [string, unknown[]] | undefined {
  const values: Record<string, InstanceType<typeof Variant>> = {
    [`${A}Accessible.Name`]: new Variant('s', node.name),
    [`${A}Accessible.Description`]: new Variant('s', ''),
    [`${A}Accessible.AccessibleId`]: new Variant('s', ''),
    [`${A}Accessible.Parent`]: new Variant('(so)', ref(node.parent)),
    [`${A}Accessible.ChildCount`]: new Variant('i', node.children.length),
    [`${A}Application.ToolkitName`]: new Variant('s', FRAGILE_TOOLKIT),
    [`${A}Application.Version`]: new Variant('s', '1.0'),
  };
  const value = values[`${iface}.${name}`];
  return value === undefined ? undefined : ['v', [value]];
}

/** `Interface.Member` of a call, or `Interface.Property` for Properties.Get. */
function callName(msg: DbusMessage): string {
  if (msg.interface === 'org.freedesktop.DBus.Properties' && msg.member === 'Get') {
    return `${String(msg.body[0]).replace(A, '')}.${String(msg.body[1])}`;
  }
  return `${(msg.interface ?? '').replace(A, '')}.${msg.member ?? ''}`;
}

bus.addMethodHandler((msg: DbusMessage) => {
  const name = callName(msg);
  if (name === values['exit-on']) process.exit(139);
  if (name === values['hang-on'] && hungUntil === 0) {
    hungUntil = Date.now() + Number(values['hang-ms']);
  }
  // Wedged: swallow the call without a reply, as an app blocked in a nested loop does.
  if (hungUntil !== 0 && Date.now() < hungUntil) return true;
  const node = NODES[msg.path ?? ''];
  const reply = node === undefined ? undefined : answer(msg, node, selfName());
  if (reply === undefined) {
    bus.send(newError(msg, 'org.freedesktop.DBus.Error.UnknownMethod', `no ${name}`));
  } else {
    const [signature, body] = reply;
    bus.send(Message.newMethodReturn(msg, signature, body));
  }
  return true;
});

bus.on('connect', () => {
  void bus.call(
    new Message({
      destination: 'org.a11y.atspi.Registry',
      path: ROOT,
      interface: `${A}Socket`,
      member: 'Embed',
      signature: '(so)',
      body: [[selfName(), ROOT]],
    }),
  );
});
process.on('SIGTERM', () => process.exit(0));
// Wedge on demand too: SIGUSR1 stops answering for --hang-ms from now.
process.on('SIGUSR1', () => {
  hungUntil = Date.now() + Number(values['hang-ms']);
});
