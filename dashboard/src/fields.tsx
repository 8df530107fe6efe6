/** Form fields bound to a signal, shared by the panels' filter and locator forms. */
import type { Signal } from '@preact/signals';

export function TextField(props: { label: string; value: Signal<string>; placeholder?: string }) {
  const { label, value, placeholder } = props;
  return (
    <label>
      {label}
      <input
        value={value.value}
        placeholder={placeholder}
        onInput={(e) => (value.value = e.currentTarget.value)}
      />
    </label>
  );
}

export function CheckField(props: { label: string; checked: Signal<boolean> }) {
  const { label, checked } = props;
  return (
    <label class="inline">
      <input
        type="checkbox"
        checked={checked.value}
        onChange={(e) => (checked.value = e.currentTarget.checked)}
      />
      {label}
    </label>
  );
}
