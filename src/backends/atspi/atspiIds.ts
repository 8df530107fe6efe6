/**
 * Backend ids: `busName:objectPath` (e.g. `:1.23:/org/a11y/atspi/accessible/42`). The desktop
 * root is the registry's root accessible; an app's own root is never exposed (its windows are
 * the desktop root's children).
 */
import type { BackendId } from '../backend.js';
import { InvalidParamsError } from '../../errors.js';
import type { ObjectRef } from './atspiBus.js';

export const REGISTRY_NAME = 'org.a11y.atspi.Registry';
export const ROOT_PATH = '/org/a11y/atspi/accessible/root';
export const NULL_PATH = '/org/a11y/atspi/null';
export const DESKTOP_ID: BackendId = `${REGISTRY_NAME}:${ROOT_PATH}`;

export function idOf(ref: readonly [string, string]): BackendId {
  return `${ref[0]}:${ref[1]}`;
}

/** Parse an id; a malformed one is invalid_params (it never named an element). */
export function refOf(id: BackendId): ObjectRef {
  const split = id.indexOf(':/');
  if (split <= 0) throw new InvalidParamsError(`not an AT-SPI element id: ${id}`);
  return [id.slice(0, split), id.slice(split + 1)];
}

export function isAppRoot(ref: readonly [string, string]): boolean {
  return ref[1] === ROOT_PATH && ref[0] !== REGISTRY_NAME;
}

export function isNullRef(ref: readonly [string, string]): boolean {
  return ref[1] === NULL_PATH || ref[0] === '';
}

/** A reply value as a string ('' when the reply holds something else). */
export function asString(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
