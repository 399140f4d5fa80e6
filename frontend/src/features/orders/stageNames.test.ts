import { ORDER_FLOW } from '@forwarder/domain';
import { describe, expect, it } from 'vitest';
import { orderMessages } from './messages';
import { ORDER_VIEWS } from './orderScreens';
import { translate } from '@/shared/i18n';
// The line menus the server seeds (the menu's stage titles): the table must name stages as they do.
import { LINE_PAGES } from '../../../../backend/src/seed/menus';
import { stageNames } from '@/shared/orders/stageNames';

const menuTitles = new Map<string, readonly [string, string]>(LINE_PAGES.map(([key, zh, en]) => [key, [zh, en]]));
const stageViews = ORDER_FLOW.filter((stage) => (ORDER_VIEWS as readonly string[]).includes(stage));

describe('stage names', () => {
  it('are the menu titles of the stage screens, in both languages', () => {
    expect(stageViews).toHaveLength(10);
    expect(menuTitles.get('created')).toEqual(['已登记', 'Registered']);
    for (const stage of stageViews) {
      const key = `stage_${stage}` as const;
      expect([translate(stageNames, key, {}, 'zh'), translate(stageNames, key, {}, 'en')]).toEqual(menuTitles.get(stage));
    }
  });

  it('are the ones the order screens (table, tags, timeline, dialogs) translate with', () => {
    for (const stage of ORDER_FLOW) {
      for (const language of ['zh', 'en'] as const) {
        expect(translate(orderMessages, `stage_${stage}`, {}, language)).toBe(translate(stageNames, `stage_${stage}`, {}, language));
      }
    }
    expect(translate(orderMessages, 'stage_sail', {}, 'zh')).toBe('已开船');
    expect(translate(orderMessages, 'stage_completeDelivery', {}, 'zh')).toBe('派送完成');
  });

  it('word a move as an action (升级到“开船”) where the state reads 已开船', () => {
    expect(translate(orderMessages, 'upgradeTitle', { stage: translate(orderMessages, 'move_sail', {}, 'zh') }, 'zh')).toBe('升级到“开船”');
    expect(translate(orderMessages, 'move_completeDelivery', {}, 'zh')).toBe('完成派送');
    expect(translate(orderMessages, 'move_arriveCabinet', {}, 'en')).toBe('Arrived at port');
  });
});
