import { t } from '../../common/messages.js';
import { sideName, StageWording } from '../order/stage-names.js';
import { timelineText } from './timeline-text.js';

// the line's own stage words come from the dictionary: none here, so the common names
const noLineWords = () => StageWording.load({ itemsByClassify: async () => [] });

describe('the system events of the timeline in the reader’s language', () => {
  it('writes again in English the Chinese texts stored when the events happened, the reasons as typed', async () => {
    const words = await noLineWords();
    const stored = (kind: string, content: string) => timelineText({ kind, content }, 'sea', words, 'en');
    expect(stored('created', t('orderTrackCreated', {}, 'zh'))).toBe('Order created');
    expect(stored('upgrade', t('orderTrackUpgrade', { stage: words.stage('sea', 'sail', 'zh') }, 'zh'))).toBe(
      t('orderTrackUpgrade', { stage: words.stage('sea', 'sail', 'en') }, 'en'),
    );
    expect(stored('demotion', t('orderTrackDemotion', { stage: words.stage('sea', 'created', 'zh'), reason: '客户改期：下周' }, 'zh'))).toBe(
      `Moved back to "${words.stage('sea', 'created', 'en')}": 客户改期：下周`,
    );
    expect(stored('detain', t('orderTrackSide', { state: sideName('detain', 'zh'), reason: '海关查验' }, 'zh'))).toBe(`${sideName('detain', 'en')}: 海关查验`);
    expect(stored('revoke', t('orderTrackRevoke', { state: sideName('abnormal', 'zh') }, 'zh'))).toBe(
      t('orderTrackRevoke', { state: sideName('abnormal', 'en') }, 'en'),
    );
    expect(words.stage('sea', 'sail', 'en')).not.toBe(words.stage('sea', 'sail', 'zh'));
  });

  it('leaves manual events, Chinese readers and texts no template matches as stored', async () => {
    const words = await noLineWords();
    expect(timelineText({ kind: 'manual', content: '已到达洛杉矶仓库' }, 'sea', words, 'en')).toBe('已到达洛杉矶仓库');
    expect(timelineText({ kind: 'created', content: '订单已创建' }, 'sea', words, 'zh')).toBe('订单已创建');
    expect(timelineText({ kind: 'upgrade', content: '旧版本写的文字' }, 'sea', words, 'en')).toBe('旧版本写的文字');
    expect(timelineText({ kind: 'upgrade', content: '进入“不存在的阶段”' }, 'sea', words, 'en')).toBe('进入“不存在的阶段”');
  });
});
