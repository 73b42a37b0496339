import type { BrowserContext, Page } from '@playwright/test';

/** The renderer's main-thread time so far, in seconds (Chrome's own Performance counters). */
export interface MainThreadTime {
  task: number;
  script: number;
  /** Layout and style recalculation. */
  layout: number;
}

/** Starts Chrome's counters for `page`; the answer reads them (differences give a period's time). */
export async function mainThreadMeter(
  context: BrowserContext,
  page: Page,
): Promise<() => Promise<MainThreadTime>> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  return async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const of = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
    return {
      task: of('TaskDuration'),
      script: of('ScriptDuration'),
      layout: of('LayoutDuration') + of('RecalcStyleDuration'),
    };
  };
}
