import { SHIP_TYPES } from '@forwarder/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row } from 'antd';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import { findRouteByName, routeTitle } from '@/shared/routing/routeTree';
import { useSession } from '@/shared/session/store';
import { api, type ApiData } from '@/shared/api';
import { defineMessages, useLanguage, useMessages } from '@/shared/i18n';
import { columnTitle, COUNT_COLUMNS } from './orderCounts';

// only the pieces the three charts draw (chart.js is tree-shaken: no pie, radar, time scale…)
Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Legend, Tooltip);

export const chartMessages = defineMessages(
  {
    volume: '近 90 天订单量（按线路与阶段）',
    arrears: '欠款账龄',
    monthly: '每月应收与毛利',
    receivable: '应收',
    margin: '毛利',
    outstanding: '欠款',
    d0_30: '0–30 天',
    d31_60: '31–60 天',
    d61_90: '61–90 天',
    d90plus: '90 天以上',
    chartSummary: '{title}：{values}',
  },
  {
    volume: 'Orders of the last 90 days by line and stage',
    arrears: 'Arrears by age',
    monthly: 'Receivables and margin per month',
    receivable: 'Receivable',
    margin: 'Margin',
    outstanding: 'Outstanding',
    d0_30: '0–30 days',
    d31_60: '31–60 days',
    d61_90: '61–90 days',
    d90plus: 'Over 90 days',
    chartSummary: '{title}: {values}',
  },
);

type Charts = ApiData<'/workbench/charts', 'get'>;

/** Colours with at least 3:1 against white (WCAG's non-text contrast), one per line or series. */
const COLOURS = ['#0958d9', '#d46b08', '#389e0d', '#c41d7f'];
const AGES = ['d0_30', 'd31_60', 'd61_90', 'd90plus'] as const;

const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** One chart on a canvas, drawn again when its configuration changes; the canvas is named by a text of its figures for screen readers. */
export function ChartCanvas({ config, label, testId }: { config: ChartConfiguration; label: string; testId: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    // each chart drawn in a task of its own: all made in the commit's effects, the workbench's charts were one
    // long task of about 100 ms, which blocks input (issue 31's total blocking time)
    let chart: Chart | undefined;
    const timer = setTimeout(() => (chart = new Chart(element, config)));
    return () => {
      clearTimeout(timer);
      chart?.destroy();
    };
  }, [config]);
  return (
    <div style={{ position: 'relative', height: 260 }}>
      <canvas ref={canvas} role="img" aria-label={label} data-testid={testId} />
    </div>
  );
}

const options = (stacked = false): ChartConfiguration['options'] => ({
  responsive: true,
  maintainAspectRatio: false,
  animation: false,
  scales: { x: { stacked }, y: { stacked, beginAtZero: true } },
  plugins: { legend: { position: 'bottom' } },
});

/** The workbench's charts (GET /workbench/charts): each one the user's codes show, in their scope. */
export function WorkbenchCharts() {
  const t = useMessages(chartMessages);
  const language = useLanguage();
  const routes = useSession((state) => state.routes) ?? [];
  const charts = useQuery({ queryKey: ['/workbench/charts'], queryFn: () => api.get('/workbench/charts'), staleTime: 60_000 });
  const data: Charts | undefined = charts.data;
  if (!data || (!data.volume && !data.arrears && !data.monthly)) return null;
  const money = (value: number) => value.toLocaleString(language === 'en' ? 'en-US' : 'zh-CN', { maximumFractionDigits: 0 });
  const summary = (title: string, values: string[]) => t('chartSummary', { title, values: values.join(language === 'en' ? ', ' : '，') });

  const cards = [];
  if (data.volume) {
    const lines = SHIP_TYPES.filter((line) => findRouteByName(routes, cap(line)) && data.volume!.some((row) => row.shipType === line));
    const stages = COUNT_COLUMNS.filter((stage) => data.volume!.some((row) => row.stage === stage));
    const count = (line: string, stage: string) => data.volume!.find((row) => row.shipType === line && row.stage === stage)?.orders ?? 0;
    const lineTitle = (line: string) => routeTitle(findRouteByName(routes, cap(line))!, language);
    const config: ChartConfiguration = {
      type: 'bar',
      data: {
        labels: stages.map((stage) => columnTitle(routes, stage, language)),
        datasets: lines.map((line, i) => ({
          label: lineTitle(line),
          data: stages.map((stage) => count(line, stage)),
          backgroundColor: COLOURS[i % COLOURS.length],
        })),
      },
      options: options(true),
    };
    const values = lines.flatMap((line) => stages.map((stage) => `${lineTitle(line)} ${columnTitle(routes, stage, language)} ${count(line, stage)}`));
    cards.push(
      <Col xs={24} xl={data.arrears ? 12 : 24} key="volume">
        <Card title={t('volume')} size="small">
          {stages.length ? <ChartCanvas config={config} label={summary(t('volume'), values)} testId="workbench-chart-volume" /> : <Empty />}
        </Card>
      </Col>,
    );
  }
  if (data.arrears) {
    const arrears = data.arrears;
    const config: ChartConfiguration = {
      type: 'bar',
      data: { labels: AGES.map((age) => t(age)), datasets: [{ label: t('outstanding'), data: AGES.map((age) => arrears[age]), backgroundColor: COLOURS[1] }] },
      options: options(),
    };
    cards.push(
      <Col xs={24} xl={data.volume ? 12 : 24} key="arrears">
        <Card title={t('arrears')} size="small">
          <ChartCanvas
            config={config}
            label={summary(
              t('arrears'),
              AGES.map((age) => `${t(age)} ${money(arrears[age])}`),
            )}
            testId="workbench-chart-arrears"
          />
        </Card>
      </Col>,
    );
  }
  if (data.monthly) {
    const months = data.monthly;
    const config: ChartConfiguration = {
      type: 'bar',
      data: {
        labels: months.map((row) => row.month),
        datasets: [
          { type: 'bar', label: t('receivable'), data: months.map((row) => row.receivable), backgroundColor: COLOURS[0] },
          { type: 'line', label: t('margin'), data: months.map((row) => row.margin), borderColor: COLOURS[2], backgroundColor: COLOURS[2] },
        ],
      },
      options: options(),
    };
    cards.push(
      <Col xs={24} key="monthly">
        <Card title={t('monthly')} size="small">
          {months.length ? (
            <ChartCanvas
              config={config}
              label={summary(
                t('monthly'),
                months.map((row) => `${row.month} ${t('receivable')} ${money(row.receivable)} ${t('margin')} ${money(row.margin)}`),
              )}
              testId="workbench-chart-monthly"
            />
          ) : (
            <Empty />
          )}
        </Card>
      </Col>,
    );
  }
  return (
    <Row gutter={[16, 16]} data-testid="workbench-charts">
      {cards}
    </Row>
  );
}
