import { render } from '@/test/render';
import type { ChartConfiguration } from 'chart.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChartCanvas } from './WorkbenchCharts';

const drawn = vi.hoisted(() => [] as string[]);
vi.mock('chart.js', () => {
  class Chart {
    static register() {}
    constructor(canvas: HTMLCanvasElement) {
      drawn.push(canvas.dataset.testid ?? '');
    }
    destroy() {}
  }
  return {
    Chart,
    BarController: {},
    BarElement: {},
    CategoryScale: {},
    Legend: {},
    LinearScale: {},
    LineController: {},
    LineElement: {},
    PointElement: {},
    Tooltip: {},
  };
});

const CONFIG: ChartConfiguration = { type: 'bar', data: { labels: [], datasets: [] } };

describe('the workbench charts', () => {
  afterEach(() => vi.useRealTimers());

  it('draws each chart from a timer of its own, not all in the effects of the commit that shows them', () => {
    vi.useFakeTimers();
    drawn.length = 0;
    render(
      <>
        <ChartCanvas config={CONFIG} label="volume" testId="volume" />
        <ChartCanvas config={CONFIG} label="arrears" testId="arrears" />
      </>,
    );
    // nothing drawn in the commit: one timer, so one task of the browser's, for each chart
    expect(drawn).toEqual([]);
    expect(vi.getTimerCount()).toBe(2);
    vi.runAllTimers();
    expect(drawn).toEqual(['volume', 'arrears']);
  });
});
