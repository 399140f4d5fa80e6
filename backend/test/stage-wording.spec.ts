import { AIR_STAGE_WORDS } from '@forwarder/domain';
import { MENU_TREE } from '../src/seed/menus.js';
import { auth, fieldErrors, useTestApp } from './app.js';
import { orderFixture } from './order-fixtures.js';

process.env.CUSTOMER_POOL_SCHEDULED = 'false';

/** The air line says 装板/起飞/拆板 where the sea lines say 装柜/开船/拆柜; the codes stay the same. */
describe('stage wording per line', () => {
  const { t } = useTestApp();
  let f: Awaited<ReturnType<typeof orderFixture>>;
  beforeAll(async () => {
    f = await orderFixture(t);
  });

  const upgrade = (stage: string, ids: number[], lang: 'zh' | 'en' = 'zh') =>
    t
      .http()
      .post(f.api(`upgrade/${stage}`))
      .set(auth(f.admin))
      .set('Accept-Language', lang)
      .send({ ids });

  it("seeds the air line's words into its dictionary, which the air menus are titled by", async () => {
    const items = await t.prisma.db.dictItem.findMany({ where: { dictCode: 'stageName_airtransport' } });
    expect(Object.fromEntries(items.map((i) => [i.value, [i.dictName, i.dictNameEn]]))).toMatchObject({
      stage_sail: ['已起飞', 'Departed'],
      move_completeCabinet: ['完成装板', 'Build ULD'],
    });
    expect(items).toHaveLength(AIR_STAGE_WORDS.length);
    const air = MENU_TREE.find((m) => m.path === '/airtransport')!.children!;
    const sea = MENU_TREE.find((m) => m.path === '/dedicatedline')!.children!;
    const title = (pages: typeof air, key: string) => pages.find((p) => p.path.endsWith(`/${key}`))!;
    expect([title(air, 'sail').title, title(air, 'sail').titleEn]).toEqual(['已起飞', 'Departed']);
    expect(title(air, 'dismantleCabinet').title).toBe('拆板中');
    expect(title(air, 'warehouse').title).toBe('已入仓');
    expect(title(sea, 'sail').title).toBe('已开船');
  });

  it("words an air order's moves, refusals and timeline in air words in both languages, a sea order's in sea words", async () => {
    const air = await f.addOrder('airtransport', { packages: 2, grossWeight: 50, volume: 0.3 });
    const sea = await f.addOrder('dedicatedline', { packages: 2, grossWeight: 50, volume: 0.3 });
    await f.moveTo(air, 'prepareCabinet');
    await f.moveTo(sea, 'prepareCabinet');

    const refusal = async (stage: string, id: number, lang: 'zh' | 'en' = 'zh') => fieldErrors(await upgrade(stage, [id], lang).expect(400)).ids[0];
    expect(await refusal('customs', air.id)).toContain('只有“完成装板”的订单可以升级到“报关”');
    expect(await refusal('sail', air.id)).toContain('当前为“准备装板”，只有“报关中”的订单可以升级到“起飞”');
    expect(await refusal('sail', air.id, 'en')).toContain('is at "Preparing ULD"; only orders at "In customs" can move to "Departed"');
    expect(await refusal('sail', sea.id)).toContain('当前为“准备装柜”，只有“报关中”的订单可以升级到“开船”');

    const moved = await t
      .http()
      .post(f.api('upgrade/completeCabinet'))
      .set(auth(f.admin))
      .send({ ids: [air.id], waybillNo: '160-12345675' })
      .expect(200);
    expect(moved.body.message).toBe('已将 1 个订单升级到“完成装板”');
    const tracks = (
      await t
        .http()
        .post(f.api(`track/list/${air.id}`))
        .set(auth(f.admin))
        .expect(200)
    ).body.data as { content: string }[];
    expect(tracks.map((e) => e.content)).toContain('进入“完成装板”');
    // stored in Chinese, read in English: the system's events in the air line's English words
    const english = (
      await t
        .http()
        .post(f.api(`track/list/${air.id}`))
        .set(auth(f.admin))
        .set('Accept-Language', 'en')
        .expect(200)
    ).body.data as { kind: string; content: string }[];
    expect(english.find((e) => e.kind === 'created')?.content).toBe('Order created');
    expect(english.filter((e) => e.kind === 'upgrade').map((e) => e.content)).toContain('Moved to "Preparing ULD"');
    expect(english.some((e) => /[\u4e00-\u9fff]/.test(e.content))).toBe(false);
  });

  it('follows what an administrator changes in the dictionary', async () => {
    await t.prisma.db.dictItem.update({
      where: { dictCode_value: { dictCode: 'stageName_airtransport', value: 'move_prepareCabinet' } },
      data: { dictName: '备板' },
    });
    const air = await f.addOrder('airtransport', { packages: 2, grossWeight: 50, volume: 0.3 });
    await f.moveTo(air, 'warehouse');
    const moved = await upgrade('prepareCabinet', [air.id]).expect(200);
    expect(moved.body.message).toBe('已将 1 个订单升级到“备板”');
  });
});
