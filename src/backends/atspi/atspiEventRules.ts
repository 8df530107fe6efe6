/**
 * What the backend subscribes to: the events announced to the registry (apps only emit events
 * some client registered for) and the bus match rules that deliver the signals to us.
 */
/** Events the registry must be told about, or apps will not emit them. */
export const REGISTERED_EVENTS = [
  'object:state-changed',
  'object:children-changed',
  'object:property-change',
  'object:text-changed',
  'object:bounds-changed',
  'object:row-inserted',
  'object:row-deleted',
  'object:row-reordered',
  'object:model-changed',
  'window:create',
  'window:destroy',
  'window:activate',
  'window:deactivate',
  'focus:',
] as const;

export const MATCH_RULES = [
  "type='signal',interface='org.a11y.atspi.Event.Object'",
  "type='signal',interface='org.a11y.atspi.Event.Window'",
  "type='signal',interface='org.a11y.atspi.Event.Focus'",
  "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged'",
] as const;

/** State changes that alter none of the protocol's states. */
