/**
 * What an element is does not change while it lives: its role, its interfaces and its actions
 * are read once and kept, bounded, the least recently used leaving first. Every action and every
 * state event read them again before, a round trip each to an app that may be busy drawing (two
 * thirds of a Toggle's calls). Some toolkits rename an action with the state (Chromium's
 * "check"/"uncheck"), but not its index, which is all an action needs. A path an app reuses for a new object (Qt 5 names objects by address) is
 * forgotten when its removal is announced, when its app leaves, and when a call on it fails.
 */
import type { ObjectRef } from './atspiBus.js';

const DEFAULT_LIMIT = 8_192;

const keyOf = (ref: ObjectRef): string => `${ref[0]}\u0000${ref[1]}`;

export class StaticFacts {
  private readonly roles = new Map<string, Promise<number>>();
  private readonly interfaces = new Map<string, Promise<string[]>>();
  private readonly actions = new Map<string, Promise<string[]>>();

  constructor(private readonly limit = DEFAULT_LIMIT) {}

  role(ref: ObjectRef, read: () => Promise<number>): Promise<number> {
    return this.remember(this.roles, keyOf(ref), read);
  }

  interfacesOf(ref: ObjectRef, read: () => Promise<string[]>): Promise<string[]> {
    return this.remember(this.interfaces, keyOf(ref), read);
  }

  actionsOf(ref: ObjectRef, read: () => Promise<string[]>): Promise<string[]> {
    return this.remember(this.actions, keyOf(ref), read);
  }

  forget(ref: ObjectRef): void {
    const key = keyOf(ref);
    for (const map of this.maps()) map.delete(key);
  }

  /** Forget every element of an app that left the bus. */
  forgetApp(busName: string): void {
    const prefix = `${busName}\u0000`;
    for (const map of this.maps()) {
      for (const key of map.keys()) if (key.startsWith(prefix)) map.delete(key);
    }
  }

  get size(): number {
    return this.maps().reduce((sum, map) => sum + map.size, 0);
  }

  private maps(): Map<string, Promise<unknown>>[] {
    return [this.roles, this.interfaces, this.actions];
  }

  private remember<T>(map: Map<string, Promise<T>>, key: string, read: () => Promise<T>) {
    const known = map.get(key);
    if (known !== undefined) {
      // Re-inserted: a Map iterates in insertion order, so the oldest key is the least used.
      map.delete(key);
      map.set(key, known);
      return known;
    }
    const fresh = read();
    map.set(key, fresh);
    fresh.catch(() => {
      if (map.get(key) === fresh) map.delete(key);
    });
    if (map.size > this.limit) {
      const oldest = map.keys().next().value;
      if (oldest !== undefined) map.delete(oldest);
    }
    return fresh;
  }
}
