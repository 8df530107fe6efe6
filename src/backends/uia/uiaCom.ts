/**
 * Typed COM helpers over koffi: vtable calls, out-pointers, HRESULT checks mapped to UiErrors,
 * BSTR, VARIANT and SAFEARRAY decoding, and Release on every path. Windows DLLs are loaded on
 * first use, so importing this module is harmless elsewhere.
 */
import koffi, { type KoffiFunc as KoffiFuncOf, type TypeObject } from 'koffi';

/** A loaded native function; arguments are checked by koffi at call time. */
type KoffiFunc = KoffiFuncOf<(...args: unknown[]) => unknown>;
import { check, type CallKind } from './uiaHresult.js';
import type { RawValue } from './uiaConvert.js';

/** A COM interface pointer (koffi 3 pointers are BigInt); 0n is NULL. */
export type Ptr = bigint;
export type ArgType = 'void *' | 'int32_t' | 'uint32_t' | 'double' | 'int64_t' | 'intptr_t';

const PTR_SIZE = 8;
const protos = new Map<string, TypeObject>();

export function protoFor(ret: string, args: readonly ArgType[]): TypeObject {
  const key = `${ret}(${args.join(',')})`;
  let proto = protos.get(key);
  if (proto === undefined) {
    proto = koffi.proto('__stdcall', null, ret, ['void *', ...args]);
    protos.set(key, proto);
  }
  return proto;
}

/** Function pointer in slot `slot` of the vtable of `self`. */
export function slotOf(self: Ptr, slot: number): Ptr {
  const vtable = koffi.decode(self, 'void *') as Ptr;
  return koffi.decode(vtable, slot * PTR_SIZE, 'void *') as Ptr;
}

/** Call vtable slot `slot` of `self`; returns the raw HRESULT (unsigned). */
export function vcall(
  self: Ptr,
  slot: number,
  types: readonly ArgType[],
  ...args: unknown[]
): number {
  if (self === 0n) throw new TypeError(`COM call on a NULL pointer (slot ${slot})`);
  const hr = koffi.call(slotOf(self, slot), protoFor('int32_t', types), self, ...args) as number;
  return hr >>> 0;
}

/** Call and throw the mapped UiError on failure. */
export function vcheck(
  what: string,
  self: Ptr,
  slot: number,
  types: readonly ArgType[],
  ...args: unknown[]
): void {
  check(vcall(self, slot, types, ...args), what);
}

/** Call a method whose last parameter is `T **out`; returns the pointer (0n when NULL). */
export function vout(
  what: string,
  self: Ptr,
  slot: number,
  types: readonly ArgType[] = [],
  args: readonly unknown[] = [],
  kind: CallKind = 'other',
): Ptr {
  const out = Buffer.alloc(PTR_SIZE);
  check(vcall(self, slot, [...types, 'void *'], ...args, out), what, kind);
  return out.readBigUInt64LE(0);
}

/** Out-parameter of a 32-bit integer (int, BOOL, enum, DWORD). */
export function voutInt(what: string, self: Ptr, slot: number): number {
  const out = Buffer.alloc(4);
  check(vcall(self, slot, ['void *'], out), what);
  return out.readInt32LE(0);
}

/** Out-parameter of a double. */
export function voutDouble(what: string, self: Ptr, slot: number): number {
  const out = Buffer.alloc(8);
  check(vcall(self, slot, ['void *'], out), what);
  return out.readDoubleLE(0);
}

export function addRef(p: Ptr): void {
  if (p !== 0n) koffi.call(slotOf(p, 1), protoFor('uint32_t', []), p);
}

export function release(p: Ptr): void {
  if (p !== 0n) koffi.call(slotOf(p, 2), protoFor('uint32_t', []), p);
}

/** Run `fn` with `p`, releasing `p` whatever happens. */
export function using<T>(p: Ptr, fn: (p: Ptr) => T): T {
  try {
    return fn(p);
  } finally {
    release(p);
  }
}

/** QueryInterface; 0n when the interface is not there. */
export function queryInterface(self: Ptr, iid: Buffer): Ptr {
  const out = Buffer.alloc(PTR_SIZE);
  const hr = vcall(self, 0, ['void *', 'void *'], iid, out);
  return hr === 0 ? out.readBigUInt64LE(0) : 0n;
}

// ---- oleaut32: BSTR, VARIANT, SAFEARRAY ----

interface OleAut {
  SysAllocString: KoffiFunc;
  SysFreeString: KoffiFunc;
  SysStringLen: KoffiFunc;
  VariantClear: KoffiFunc;
  SafeArrayGetLBound: KoffiFunc;
  SafeArrayGetUBound: KoffiFunc;
  SafeArrayAccessData: KoffiFunc;
  SafeArrayUnaccessData: KoffiFunc;
  SafeArrayGetVartype: KoffiFunc;
  SafeArrayDestroy: KoffiFunc;
}

let oleaut: OleAut | undefined;

function ole(): OleAut {
  if (oleaut !== undefined) return oleaut;
  const lib = koffi.load('oleaut32.dll');
  const fn = (sig: string): KoffiFunc => lib.func(sig);
  oleaut = {
    SysAllocString: fn('void * __stdcall SysAllocString(str16 s)'),
    SysFreeString: fn('void __stdcall SysFreeString(void *s)'),
    SysStringLen: fn('uint32_t __stdcall SysStringLen(void *s)'),
    VariantClear: fn('int32_t __stdcall VariantClear(void *v)'),
    SafeArrayGetLBound: fn(
      'int32_t __stdcall SafeArrayGetLBound(void *psa, uint32_t dim, _Out_ int32_t *out)',
    ),
    SafeArrayGetUBound: fn(
      'int32_t __stdcall SafeArrayGetUBound(void *psa, uint32_t dim, _Out_ int32_t *out)',
    ),
    SafeArrayAccessData: fn('int32_t __stdcall SafeArrayAccessData(void *psa, _Out_ void **data)'),
    SafeArrayUnaccessData: fn('int32_t __stdcall SafeArrayUnaccessData(void *psa)'),
    SafeArrayGetVartype: fn('int32_t __stdcall SafeArrayGetVartype(void *psa, _Out_ uint16_t *vt)'),
    SafeArrayDestroy: fn('int32_t __stdcall SafeArrayDestroy(void *psa)'),
  };
  return oleaut;
}

/** Read a BSTR and free it. NULL reads as ''. */
export function takeBstr(bstr: Ptr): string {
  if (bstr === 0n) return '';
  try {
    return readBstr(bstr);
  } finally {
    ole().SysFreeString(bstr);
  }
}

/** Read a BSTR without freeing it (the caller does not own it). */
export function readBstr(bstr: Ptr): string {
  if (bstr === 0n) return '';
  const length = ole().SysStringLen(bstr) as number;
  return length === 0 ? '' : (koffi.decode(bstr, 'char16_t', length) as string);
}

/** Allocate a BSTR; free it with freeBstr. */
export function allocBstr(text: string): Ptr {
  return ole().SysAllocString(text) as Ptr;
}

export function freeBstr(bstr: Ptr): void {
  if (bstr !== 0n) ole().SysFreeString(bstr);
}

export const VT = {
  EMPTY: 0,
  I2: 2,
  I4: 3,
  R4: 4,
  R8: 5,
  BSTR: 8,
  BOOL: 11,
  UNKNOWN: 13,
  I1: 16,
  UI1: 17,
  UI2: 18,
  UI4: 19,
  INT: 22,
  UINT: 23,
  ARRAY: 0x2000,
} as const;

/** Elements of a one-dimensional SAFEARRAY of VT_I4 or VT_R8 (other types: null). */
export function readSafeArray(psa: Ptr): number[] | null {
  if (psa === 0n) return null;
  const api = ole();
  const vt = [0];
  if (api.SafeArrayGetVartype(psa, vt) !== 0) return null;
  const size = vt[0] === VT.R8 ? 8 : vt[0] === VT.I4 || vt[0] === VT.INT ? 4 : 0;
  if (size === 0) return null;
  const lower = [0];
  const upper = [0];
  if (api.SafeArrayGetLBound(psa, 1, lower) !== 0 || api.SafeArrayGetUBound(psa, 1, upper) !== 0)
    return null;
  const count = (upper[0] ?? -1) - (lower[0] ?? 0) + 1;
  if (count <= 0) return [];
  const data = [0n];
  check(api.SafeArrayAccessData(psa, data) as number, 'SafeArrayAccessData');
  try {
    const view = Buffer.from(koffi.view(data[0], count * size));
    const out: number[] = [];
    for (let i = 0; i < count; i++)
      out.push(size === 8 ? view.readDoubleLE(i * 8) : view.readInt32LE(i * 4));
    return out;
  } finally {
    api.SafeArrayUnaccessData(psa);
  }
}

/** Read a SAFEARRAY the caller owns, then destroy it. */
export function takeSafeArray(psa: Ptr): number[] | null {
  try {
    return readSafeArray(psa);
  } finally {
    if (psa !== 0n) ole().SafeArrayDestroy(psa);
  }
}

export const VARIANT_SIZE = 24;

/** Decode a VARIANT in caller memory (scalars, BSTR, int/double arrays); others -> null. */
export function decodeVariant(variant: Buffer): RawValue {
  const vt = variant.readUInt16LE(0);
  switch (vt) {
    case VT.I2:
      return variant.readInt16LE(8);
    case VT.I4:
    case VT.INT:
      return variant.readInt32LE(8);
    case VT.UI4:
    case VT.UINT:
      return variant.readUInt32LE(8);
    case VT.UI1:
      return variant.readUInt8(8);
    case VT.R4:
      return variant.readFloatLE(8);
    case VT.R8:
      return variant.readDoubleLE(8);
    case VT.BOOL:
      return variant.readInt16LE(8) !== 0;
    case VT.BSTR:
      return readBstr(variant.readBigUInt64LE(8));
    default:
      if ((vt & VT.ARRAY) !== 0) return readSafeArray(variant.readBigUInt64LE(8));
      return null; // VT_EMPTY, or VT_UNKNOWN: the "not supported" sentinel
  }
}

/** Decode a VARIANT we own and clear it (frees its BSTR/array/interface). */
export function takeVariant(variant: Buffer): RawValue {
  try {
    return decodeVariant(variant);
  } finally {
    ole().VariantClear(variant);
  }
}

/** Decode a VARIANT at a pointer we do not own (an event argument). */
export function peekVariant(pointer: Ptr): RawValue {
  if (pointer === 0n) return null;
  return decodeVariant(Buffer.from(koffi.view(pointer, VARIANT_SIZE)));
}
