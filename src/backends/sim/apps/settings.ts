/**
 * The settings dialog: a tab control whose tabs swap the page content (General: check boxes, a
 * theme radio group, a volume slider; Advanced: a language combo box and a proxy edit), and
 * OK / Cancel / Apply. Apply is enabled only while there are unapplied changes.
 */
import type { Desktop } from '../desktop.js';
import type { ElementSpec, SimElement } from '../element.js';
import { expandCollapse } from '../patterns.js';
import { setEditValue } from '../text.js';
import { closeWindow, openWindow } from '../windows.js';
import type { SimApp } from './app.js';
import { must, titleBar } from './parts.js';

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
const W = 520;
const H = 420;

export function launchSettings(d: Desktop, app: SimApp, at: { x: number; y: number }): SimElement {
  const state: SettingsModel = {
    notifications: false,
    startup: true,
    theme: 'Light',
    volume: 50,
    language: 'English',
    proxy: '',
  };
  const apply = (): SimElement => must(win && d.find(win, 'settings.apply'));
  const changed = (): void => d.setStates(apply(), ['enabled']);
  const pageOf = (tab: string): ElementSpec[] =>
    tab === 'General' ? generalPage(state, changed) : advancedPage(d, state, changed);
  const tabs: ElementSpec = {
    type: 'Tab',
    name: 'Sections',
    automationId: 'settings.tabs',
    rect: [10, 40, W - 20, 320],
    children: ['General', 'Advanced'].map((tab, i) => ({
      type: 'TabItem' as const,
      name: tab,
      automationId: `settings.tab.${tab.toLowerCase()}`,
      rect: [14 + i * 90, 44, 86, 26] as [number, number, number, number],
      states: i === 0 ? (['selected'] as const).slice() : [],
      hooks: {
        selected: () => d.replaceChildren(must(win && d.find(win, 'settings.page')), pageOf(tab)),
      },
    })),
  };
  const button = (name: string, slotNo: number, run: () => void, enabled = true): ElementSpec => ({
    type: 'Button',
    name,
    automationId: `settings.${name.toLowerCase()}`,
    rect: [W - slotNo * 96, H - 44, 88, 28],
    without: enabled ? [] : ['enabled'],
    hooks: { invoke: run },
  });
  const win: SimElement = openWindow(d, app, {
    type: 'Window',
    name: 'Settings',
    className: 'Dialog',
    rect: [at.x, at.y, W, H],
    hooks: {
      // A dialog's default button answers Enter, Cancel answers Escape.
      windowKey: (key) => {
        if (key !== 'Enter' && key !== 'Escape') return false;
        closeWindow(d, win);
        return true;
      },
    },
    children: [
      titleBar(d, 'Settings', W, () => must(win), 'settings'),
      tabs,
      {
        type: 'Pane',
        name: 'General',
        automationId: 'settings.page',
        rect: [10, 72, W - 20, 288],
        children: pageOf('General'),
      },
      button('OK', 3, () => closeWindow(d, must(win))),
      button('Cancel', 2, () => closeWindow(d, must(win))),
      button('Apply', 1, () => d.setStates(apply(), [], ['enabled']), false),
    ],
  });
  return win;
}

function generalPage(state: SettingsModel, changed: () => void): ElementSpec[] {
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

function advancedPage(d: Desktop, state: SettingsModel, changed: () => void): ElementSpec[] {
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
