/**
 * The installer wizard: Welcome -> Licence (Next enabled only once the licence is accepted)
 * -> Ready (Install asks in a modal confirmation) -> Progress (a bar that advances over time)
 * -> Finished. Install reproduces UIA's modal quirk: its Invoke handler shows the dialog the
 * way WinForms ShowDialog does, so the Invoke call BLOCKS until the dialog closes.
 */
import type { Desktop } from '../desktop.js';
import type { ElementSpec, SimElement } from '../element.js';
import { closeWindow, openWindow } from '../windows.js';
import type { SimApp } from './app.js';
import { confirm, pageContent, PAGES, type Page } from './installer-pages.js';
import { must, setTitle, titleBar } from './parts.js';

export interface InstallerOptions {
  x: number;
  y: number;
  /** Progress tick period (each tick adds 5%); 0 advances only through the control API. */
  progressStepMs: number;
}

/** What the control API can do to a running installer. */
export interface InstallerHandle {
  window: SimElement;
  /** Add `percent` to the progress bar (only on the progress page). */
  advance(percent: number): void;
}

const W = 480;
const H = 360;

export function launchInstaller(d: Desktop, app: SimApp, o: InstallerOptions): InstallerHandle {
  const wizard = new Wizard(d, app, o);
  return { window: wizard.window, advance: (percent) => wizard.advance(percent) };
}

class Wizard {
  readonly window: SimElement;
  private page: Page = 'Welcome';
  private accepted = false;
  private stopTicking: (() => void) | undefined;

  constructor(
    private readonly d: Desktop,
    private readonly app: SimApp,
    private readonly o: InstallerOptions,
  ) {
    this.window = openWindow(d, app, this.spec());
  }

  advance(percent: number): void {
    if (this.page !== 'Installing' || this.window.gone) return;
    const bar = this.find('installer.progress');
    const value = Math.min(100, (bar.range?.value ?? 0) + percent);
    this.d.set(bar, { range: { value, min: 0, max: 100 } });
    if (value < 100) return;
    this.stopTicking?.();
    this.show('Finished');
  }

  private find(automationId: string): SimElement {
    return must(this.d.find(this.window, automationId));
  }

  private enable(automationId: string, on: boolean): void {
    this.d.setStates(this.find(automationId), on ? ['enabled'] : [], on ? [] : ['enabled']);
  }

  private content(page: Page): ElementSpec[] {
    return pageContent(page, (on) => this.onAccept(on), this.accepted);
  }

  private show(page: Page): void {
    this.page = page;
    this.d.replaceChildren(this.find('installer.page'), this.content(page));
    setTitle(this.d, this.window, `Setup - ${page}`);
    const label = page === 'Ready' ? 'Install' : page === 'Finished' ? 'Finish' : 'Next';
    this.d.set(this.find('installer.next'), { name: label });
    this.enable('installer.next', page !== 'Installing' && (page !== 'Licence' || this.accepted));
    const index = PAGES.indexOf(page);
    this.enable('installer.back', index > 0 && index < 3);
    if (page === 'Installing' && this.o.progressStepMs > 0) {
      this.stopTicking = this.d.timers.every(this.o.progressStepMs, () => this.advance(5));
    }
  }

  private onAccept(on: boolean): void {
    this.accepted = on;
    this.enable('installer.next', on);
  }

  private next(): void | Promise<void> {
    if (this.page === 'Ready')
      return confirm(this.d, this.app, this.window, () => this.show('Installing'));
    if (this.page === 'Finished') return closeWindow(this.d, this.window);
    this.show(PAGES[PAGES.indexOf(this.page) + 1] ?? this.page);
  }

  private back(): void {
    this.show(PAGES[Math.max(0, PAGES.indexOf(this.page) - 1)] ?? this.page);
  }

  private spec(): ElementSpec {
    const nav = (
      name: string,
      slot: number,
      run: () => void | Promise<void>,
      enabled = true,
    ): ElementSpec => ({
      type: 'Button',
      name,
      automationId: `installer.${name.toLowerCase()}`,
      rect: [W - slot * 96, H - 44, 88, 28],
      without: enabled ? [] : ['enabled'],
      hooks: { invoke: run },
    });
    return {
      type: 'Window',
      name: 'Setup - Welcome',
      className: 'Wizard',
      rect: [this.o.x, this.o.y, W, H],
      hooks: { gone: () => this.stopTicking?.() },
      children: [
        titleBar(this.d, 'Setup - Welcome', W, () => this.window, 'installer'),
        {
          type: 'Pane',
          name: 'Page',
          automationId: 'installer.page',
          rect: [0, 30, W, H - 84],
          children: this.content('Welcome'),
        },
        nav('Back', 3, () => this.back(), false),
        nav('Next', 2, () => this.next()),
        nav('Cancel', 1, () => closeWindow(this.d, this.window)),
      ],
    };
  }
}
