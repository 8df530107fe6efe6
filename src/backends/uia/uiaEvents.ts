/**
 * COM objects implemented in JS: the UIA event handler interfaces. Each object is a vtable of
 * koffi-registered callbacks (QueryInterface, AddRef, Release, Handle...Event) behind an
 * 8-byte object whose address is the interface pointer. UIA calls them on its own threads;
 * koffi runs them on the host's JS thread, so a callback only reads the sender's cached
 * properties (in-process) and appends to the batcher. Everything stays referenced until the
 * host exits: UIA may call a handler after it was removed, until it releases its references.
 */
import koffi from 'koffi';
import { HR, IID } from './uiaConstants.js';
import { readSafeArray, type Ptr } from './uiaCom.js';
import { guidText } from './uiaGuid.js';

type ArgType = 'void *' | 'int32_t';

/** Keeps vtables, objects and callbacks alive for the life of the process. */
const alive: unknown[] = [];

const E_NOINTERFACE_SIGNED = HR.E_NOINTERFACE | 0;

function register(
  fn: (...args: never[]) => number,
  args: readonly ArgType[],
  ret = 'int32_t',
): bigint {
  const proto = koffi.proto('__stdcall', null, ret, ['void *', ...args]);
  alive.push(proto, fn);
  return koffi.register(fn, koffi.pointer(proto));
}

/** Build a COM object implementing `iid` whose 4th vtable slot is `method`. */
function comObject(
  iid: string,
  method: { args: readonly ArgType[]; fn: (...args: never[]) => number },
): Ptr {
  let refs = 1;
  const object = Buffer.alloc(8);
  const self = koffi.address(object);
  const vtable = Buffer.alloc(4 * 8);
  const queryInterface = (_self: bigint, riid: bigint, ppv: bigint): number => {
    const asked = guidText(Buffer.from(koffi.view(riid, 16)));
    if (asked === IID.IUnknown || asked === iid) {
      koffi.encode(ppv, 'void *', self);
      refs += 1;
      return 0;
    }
    koffi.encode(ppv, 'void *', null);
    return E_NOINTERFACE_SIGNED;
  };
  const slots = [
    register(queryInterface, ['void *', 'void *']),
    register(() => (refs += 1), [], 'uint32_t'),
    register(() => (refs = Math.max(0, refs - 1)), [], 'uint32_t'),
    register(method.fn, method.args),
  ];
  slots.forEach((fnPtr, i) => vtable.writeBigUInt64LE(fnPtr, i * 8));
  object.writeBigUInt64LE(koffi.address(vtable), 0);
  alive.push(object, vtable);
  return self;
}

/** koffi hands a NULL pointer argument to JS as null: normalise to 0n. */
const ptr = (p: bigint | null): Ptr => p ?? 0n;

/** Wrap a handler body so an exception never crosses into UIA (it would see a failure HRESULT). */
function safely<A extends unknown[]>(onError: (err: unknown) => void, body: (...args: A) => void) {
  return (...args: A): number => {
    try {
      body(...args);
    } catch (err) {
      onError(err);
    }
    return 0;
  };
}

export interface EventSinks {
  focus(sender: Ptr): void;
  automation(sender: Ptr, eventId: number): void;
  property(sender: Ptr, propertyId: number, newValue: Ptr): void;
  structure(sender: Ptr, changeType: number, runtimeId: number[] | null): void;
  error(err: unknown): void;
}

export interface HandlerObjects {
  focus: Ptr;
  automation: Ptr;
  property: Ptr;
  structure: Ptr;
}

/** The four handler objects, created once per host; they forward to `sinks`. */
export function createHandlerObjects(sinks: EventSinks): HandlerObjects {
  const onError = (err: unknown): void => sinks.error(err);
  return {
    focus: comObject(IID.FocusChangedEventHandler, {
      args: ['void *'],
      fn: safely(onError, (_self: bigint, sender: bigint | null) => sinks.focus(ptr(sender))),
    }),
    automation: comObject(IID.EventHandler, {
      args: ['void *', 'int32_t'],
      fn: safely(onError, (_self: bigint, sender: bigint | null, eventId: number) =>
        sinks.automation(ptr(sender), eventId),
      ),
    }),
    property: comObject(IID.PropertyChangedEventHandler, {
      // VARIANT by value is larger than 8 bytes: on x64 it arrives as a pointer to a copy.
      args: ['void *', 'int32_t', 'void *'],
      fn: safely(
        onError,
        (_self: bigint, sender: bigint | null, id: number, value: bigint | null) =>
          sinks.property(ptr(sender), id, ptr(value)),
      ),
    }),
    structure: comObject(IID.StructureChangedEventHandler, {
      args: ['void *', 'int32_t', 'void *'],
      fn: safely(
        onError,
        (_self: bigint, sender: bigint | null, change: number, runtimeId: bigint | null) =>
          sinks.structure(
            ptr(sender),
            change,
            runtimeId === null || runtimeId === 0n ? null : readSafeArray(runtimeId),
          ),
      ),
    }),
  };
}
