import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { AIR_STAGE_WORDS } from '@forwarder/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/shared/i18n';
import { envelope, render } from '@/test/render';
import { useStageNames, type LineStageNameKey } from './stageNames';

/** The server's wording dictionaries as seeded: the air line's only. */
function serveWording() {
  const items = AIR_STAGE_WORDS.map(([value, en, zh]) => ({ dictCode: 'stageName_airtransport', value, dictName: zh, dictNameEn: en }));
  const fetchMock = vi.fn(async (url: string) => {
    expect(url).toMatch(/\/dict\/classify\/item\/stageName$/);
    return envelope(items);
  });
  vi.stubGlobal('fetch', fetchMock);
}

function Names({ keys }: { keys: [string, LineStageNameKey][] }) {
  const stageNameOf = useStageNames();
  return <div data-testid="names">{keys.map(([line, key]) => stageNameOf(line, key)).join('|')}</div>;
}

const show = (keys: [string, LineStageNameKey][]) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Names keys={keys} />
    </QueryClientProvider>,
  );

afterEach(() => setLanguage('zh'));

describe("a line's stage names", () => {
  const keys: [string, LineStageNameKey][] = [
    ['airtransport', 'stage_completeCabinet'],
    ['airtransport', 'stage_sail'],
    ['airtransport', 'move_dismantleCabinet'],
    ['airtransport', 'stage_warehouse'],
    ['dedicatedline', 'stage_sail'],
    ['dedicatedline', 'move_dismantleCabinet'],
  ];

  it('are the air words (装板, 起飞, 拆板) for air orders, the common names elsewhere and for the stages the air line does not reword', async () => {
    serveWording();
    show(keys);
    await waitFor(() => expect(screen.getByTestId('names').textContent).toBe('完成装板|已起飞|拆板|已入仓|已开船|拆柜'));
  });

  it('are the air words in English too: ULD built, Departed, Break down ULD', async () => {
    serveWording();
    setLanguage('en');
    show(keys);
    await waitFor(() => expect(screen.getByTestId('names').textContent).toBe('ULD built|Departed|Break down ULD|In warehouse|Sailed|Unpacking'));
  });
});
