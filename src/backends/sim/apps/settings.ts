/**
 * The settings dialog: a tab control whose tabs swap the page content (General: check boxes, a
 * theme radio group, a volume slider; Advanced: a language combo box and a proxy edit), and
 * OK / Cancel / Apply. Apply is enabled only while there are unapplied changes; Enter and
 * Escape close the dialog as its default and cancel buttons would.
 */
import type { Desktop } from '../desktop.js';
import type { ElementSpec, SimElement } from '../element.js';
import { closeWindow, openWindow } from '../windows.js';
import type { SimApp } from './app.js';
import { must, titleBar } from './parts.js';
import { advancedPage, generalPage, type SettingsModel } from './settings-pages.js';

const W = 520;
const H = 420;
const TABS = ['General', 'Advanced'] as const;

export function launchSettings(d: Desktop, app: SimApp, at: { x: number; y: number }): SimElement {
  return new SettingsDialog(d, app, at).window;
}

class SettingsDialog {
  readonly window: SimElement;
  private readonly model: SettingsModel = {
    notifications: false,
    startup: true,
    theme: 'Light',
    volume: 50,
    language: 'English',
    proxy: '',
  };

  constructor(
    private readonly d: Desktop,
    app: SimApp,
    at: { x: number; y: number },
  ) {
    this.window = openWindow(d, app, this.spec(at));
  }

  private find(automationId: string): SimElement {
    return must(this.d.find(this.window, automationId));
  }

  /** Something changed that Apply has not applied yet. */
  private changed(): void {
    this.d.setStates(this.find('settings.apply'), ['enabled']);
  }

  private page(tab: (typeof TABS)[number]): ElementSpec[] {
    const changed = (): void => this.changed();
    return tab === 'General'
      ? generalPage(this.model, changed)
      : advancedPage(this.d, this.model, changed);
  }

  private close(): void {
    closeWindow(this.d, this.window);
  }

  private tabs(): ElementSpec {
    return {
      type: 'Tab',
      name: 'Sections',
      automationId: 'settings.tabs',
      rect: [10, 40, W - 20, 320],
      children: TABS.map((tab, i) => ({
        type: 'TabItem',
        name: tab,
        automationId: `settings.tab.${tab.toLowerCase()}`,
        rect: [14 + i * 90, 44, 86, 26],
        states: i === 0 ? ['selected'] : [],
        hooks: {
          selected: () => this.d.replaceChildren(this.find('settings.page'), this.page(tab)),
        },
      })),
    };
  }

  private spec(at: { x: number; y: number }): ElementSpec {
    const button = (name: string, slot: number, run: () => void, enabled = true): ElementSpec => ({
      type: 'Button',
      name,
      automationId: `settings.${name.toLowerCase()}`,
      rect: [W - slot * 96, H - 44, 88, 28],
      without: enabled ? [] : ['enabled'],
      hooks: { invoke: run },
    });
    const windowKey = (key: string): boolean => {
      if (key !== 'Enter' && key !== 'Escape') return false;
      this.close();
      return true;
    };
    return {
      type: 'Window',
      name: 'Settings',
      className: 'Dialog',
      rect: [at.x, at.y, W, H],
      hooks: { windowKey },
      children: [
        titleBar(this.d, 'Settings', W, () => this.window, 'settings'),
        this.tabs(),
        {
          type: 'Pane',
          name: 'General',
          automationId: 'settings.page',
          rect: [10, 72, W - 20, 288],
          children: this.page('General'),
        },
        button('OK', 3, () => this.close()),
        button('Cancel', 2, () => this.close()),
        button(
          'Apply',
          1,
          () => this.d.setStates(this.find('settings.apply'), [], ['enabled']),
          false,
        ),
      ],
    };
  }
}
