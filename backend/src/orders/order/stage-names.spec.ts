import { ORDER_STAGES } from '@forwarder/domain';
import { LINE_PAGES } from '../../seed/menus.js';
import { moveName, stageName } from './orders.service.js';

/** The server's stage names (messages, exports, the timeline) are the ones the line's menu lists them by. */
describe('stage names', () => {
  const menuTitle = new Map<string, readonly [string, string]>(LINE_PAGES.map(([key, zh, en]) => [key, [zh, en]]));

  it('names every stage with a menu screen as the menu does, in both languages', () => {
    const withScreen = ORDER_STAGES.filter((stage) => menuTitle.has(stage));
    expect(withScreen).toHaveLength(9);
    for (const stage of withScreen) {
      expect([stageName(stage, 'zh'), stageName(stage, 'en')]).toEqual(menuTitle.get(stage));
    }
    expect(stageName('sail', 'zh')).toBe('已开船');
    expect(stageName('completeDelivery', 'zh')).toBe('派送完成');
  });

  it('words a move as an action where the state is worded as a state', () => {
    expect(moveName('sail')).toBe('开船');
    expect(moveName('arriveCabinet')).toBe('到港');
    expect(moveName('completeDelivery')).toBe('完成派送');
  });
});
