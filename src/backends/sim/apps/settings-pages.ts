/** The settings dialog's two pages: General and Advanced, rebuilt from the model on each tab switch. */
import type { Desktop } from '../desktop.js';
import type { ElementSpec } from '../element.js';
import { expandCollapse } from '../patterns.js';
import { setEditValue } from '../text.js';

export interface SettingsModel {
  notifications: boolean;
  startup: boolean;
  theme: 'Light' | 'Dark' | 'System';
  volume: number;
  language: string;
  proxy: string;
}

const THEMES = ['Light', 'Dark', 'System'] as const;
const LANGUAGES = ['English', 'French', 'German'];

export function generalPage(state: SettingsModel, changed: () => void): ElementSpec[] {
  const check = (name: string, key: 'notifications' | 'startup', y: number): ElementSpec => ({
    type: 'CheckBox',
    name,
    automationId: `settings.${key}`,
    rect: [24, y, 220, 24],
    states: state[key] ? ['checked'] : [],
    hooks: {
      toggled: (on) => {
        state[key] = on;
        changed();
      },
    },
  });
  return [
    check('Enable notifications', 'notifications', 84),
    check('Start at login', 'startup', 112),
    {
      type: 'Group',
      name: 'Theme',
      rect: [24, 144, 220, 100],
      children: THEMES.map((theme, i) => ({
        type: 'RadioButton' as const,
        name: theme,
        automationId: `settings.theme.${theme.toLowerCase()}`,
        rect: [32, 166 + i * 26, 180, 24] as [number, number, number, number],
        states: state.theme === theme ? (['selected'] as const).slice() : [],
        hooks: {
          selected: () => {
            state.theme = theme;
            changed();
          },
        },
      })),
    },
    {
      type: 'Slider',
      name: 'Volume',
      automationId: 'settings.volume',
      rect: [24, 256, 300, 30],
      range: { value: state.volume, min: 0, max: 100, step: 1 },
      hooks: {
        rangeChanged: (v) => {
          state.volume = v;
          changed();
        },
      },
    },
  ];
}

export function advancedPage(d: Desktop, state: SettingsModel, changed: () => void): ElementSpec[] {
  return [
    { type: 'Text', name: 'Language', rect: [24, 84, 100, 24] },
    {
      type: 'ComboBox',
      name: 'Language',
      automationId: 'settings.language',
      value: state.language,
      rect: [130, 84, 200, 24],
      hooks: {
        expanded: (open, combo) => {
          if (!open) return [...combo.children].forEach((c) => d.remove(c));
          d.add(combo, {
            type: 'List',
            name: 'Language',
            rect: [130, 108, 200, LANGUAGES.length * 22],
            children: LANGUAGES.map((lang, i) => ({
              type: 'ListItem' as const,
              name: lang,
              rect: [130, 108 + i * 22, 200, 22] as [number, number, number, number],
              states: lang === state.language ? (['selected'] as const).slice() : [],
              hooks: {
                selected: () => {
                  state.language = lang;
                  setEditValue(d, combo, lang);
                  expandCollapse(d, combo, false);
                  changed();
                },
              },
            })),
          });
        },
        valueChanged: (v) => {
          state.language = v;
          changed();
        },
      },
    },
    { type: 'Text', name: 'Proxy', rect: [24, 120, 100, 24] },
    {
      type: 'Edit',
      name: 'Proxy',
      automationId: 'settings.proxy',
      value: state.proxy,
      rect: [130, 120, 300, 24],
      hooks: {
        valueChanged: (v) => {
          state.proxy = v;
          changed();
        },
      },
    },
  ];
}
