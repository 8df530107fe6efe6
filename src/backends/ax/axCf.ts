/**
 * Core Foundation values <-> JavaScript for the native AX surface. Every object this file
 * creates is released here or handed to the caller as owned; values read out of a container
 * (CFArrayGetValueAtIndex, CFDictionaryGetValue) are borrowed and retained only when kept.
 */
import {
  axNative,
  kAXValueTypeAXError,
  kAXValueTypeCGPoint,
  kAXValueTypeCGSize,
  kCFNumberFloat64Type,
  kCFStringEncodingUTF8,
  readPointer,
  type AxNative,
} from './axNative.js';
import type { AxRef, AxSetValue, AxValue } from './axSurface.js';

type CfRef = bigint;

/** Handles are the CF pointers themselves, behind the opaque AxRef type. */
export const toRef = (ptr: CfRef): AxRef => ptr as unknown as AxRef;
export const toPtr = (ref: AxRef): CfRef => ref as unknown as CfRef;

interface TypeIds {
  string: number | bigint;
  number: number | bigint;
  boolean: number | bigint;
  array: number | bigint;
  null: number | bigint;
  axValue: number | bigint;
  element: number | bigint;
}

let typeIds: TypeIds | undefined;

function ids(n: AxNative): TypeIds {
  typeIds ??= {
    string: n.CFStringGetTypeID() as number,
    number: n.CFNumberGetTypeID() as number,
    boolean: n.CFBooleanGetTypeID() as number,
    array: n.CFArrayGetTypeID() as number,
    null: n.CFNullGetTypeID() as number,
    axValue: n.AXValueGetTypeID() as number,
    element: n.AXUIElementGetTypeID() as number,
  };
  return typeIds;
}

/** A new CFString (owned: release it). */
export function cfString(text: string): CfRef {
  const n = axNative();
  return n.CFStringCreateWithCString(null, text, kCFStringEncodingUTF8) as CfRef;
}

/** Run `fn` with a temporary CFString, released afterwards. */
export function withCfString<T>(text: string, fn: (s: CfRef) => T): T {
  const s = cfString(text);
  try {
    return fn(s);
  } finally {
    axNative().CFRelease(s);
  }
}

export function readCfString(s: CfRef): string {
  const n = axNative();
  const length = Number(n.CFStringGetLength(s));
  const size = Number(n.CFStringGetMaximumSizeForEncoding(length, kCFStringEncodingUTF8)) + 1;
  const buffer = Buffer.alloc(size);
  if (!n.CFStringGetCString(s, buffer, size, kCFStringEncodingUTF8)) return '';
  const end = buffer.indexOf(0);
  return buffer.toString('utf8', 0, end < 0 ? size : end);
}

function readNumber(value: CfRef): number {
  const out = [0];
  axNative().CFNumberGetValue(value, kCFNumberFloat64Type, out);
  return out[0] ?? 0;
}

function readAxValue(value: CfRef): AxValue {
  const n = axNative();
  const type = Number(n.AXValueGetType(value));
  if (type === kAXValueTypeAXError) return null;
  const pair = new Float64Array(2);
  if (type === kAXValueTypeCGPoint && n.AXValueGetValue(value, type, pair))
    return { x: pair[0] ?? 0, y: pair[1] ?? 0 };
  if (type === kAXValueTypeCGSize && n.AXValueGetValue(value, type, pair))
    return { width: pair[0] ?? 0, height: pair[1] ?? 0 };
  return null;
}

/** Elements of a CFArray, each retained (owned by the caller); other members skipped. */
export function arrayElements(array: CfRef): AxRef[] {
  const n = axNative();
  const out: AxRef[] = [];
  const count = Number(n.CFArrayGetCount(array));
  for (let i = 0; i < count; i++) {
    const item = n.CFArrayGetValueAtIndex(array, i) as CfRef;
    if (item && n.CFGetTypeID(item) === ids(n).element) out.push(toRef(n.CFRetain(item) as CfRef));
  }
  return out;
}

export function arrayStrings(array: CfRef): string[] {
  const n = axNative();
  const out: string[] = [];
  const count = Number(n.CFArrayGetCount(array));
  for (let i = 0; i < count; i++) {
    const item = n.CFArrayGetValueAtIndex(array, i) as CfRef;
    if (item && n.CFGetTypeID(item) === ids(n).string) out.push(readCfString(item));
  }
  return out;
}

/** A borrowed CF value as JavaScript; elements come back retained (owned). */
export function decodeValue(value: CfRef | null): AxValue {
  if (!value) return null;
  const n = axNative();
  const t = ids(n);
  const type = n.CFGetTypeID(value) as number;
  if (type === t.string) return readCfString(value);
  if (type === t.number) return readNumber(value);
  if (type === t.boolean) return n.CFBooleanGetValue(value) !== 0;
  if (type === t.axValue) return readAxValue(value);
  if (type === t.element) return toRef(n.CFRetain(value) as CfRef);
  if (type === t.array) return arrayElements(value);
  return null;
}

/** A new CF value for AXUIElementSetAttributeValue (owned: release it). */
export function encodeValue(value: AxSetValue): CfRef {
  const n = axNative();
  switch (value.kind) {
    case 'string':
      return cfString(value.value);
    case 'number':
      return n.CFNumberCreate(null, kCFNumberFloat64Type, [value.value]) as CfRef;
    case 'boolean':
      // kCFBooleanTrue / kCFBooleanFalse are immortal singletons; retained so the caller's
      // release balances like any other created value.
      return n.CFRetain(
        readPointer(value.value ? n.symbols.kCFBooleanTrue : n.symbols.kCFBooleanFalse),
      ) as CfRef;
    case 'point':
      return n.AXValueCreate(kAXValueTypeCGPoint, [value.x, value.y]) as CfRef;
    case 'size':
      return n.AXValueCreate(kAXValueTypeCGSize, [value.width, value.height]) as CfRef;
  }
}

/** A CFArray of new CFStrings (owned: release it; the array retains its strings). */
export function cfStringArray(names: readonly string[]): CfRef {
  const n = axNative();
  const strings = names.map(cfString);
  try {
    return n.CFArrayCreate(null, strings, strings.length, n.symbols.kCFTypeArrayCallBacks) as CfRef;
  } finally {
    for (const s of strings) n.CFRelease(s);
  }
}
