// Dictionaries against a real database (the medium tier, test/medium.ts): unique codes and values, codes
// that never change, values that stay while a record stores them, the enabled values forms read, and the
// bulk value change that rewrites every stored copy at once (docs/admin.md, Dictionaries).
import { useMedium } from '../../../test/medium.js';
import { waitFor } from '../../../test/wait-for.js';
import { t } from '../../common/messages.js';
import type { AddDictItemDto } from './dict.dto.js';
import { DictService } from './dict.service.js';

describe('DictService: dictionaries and their values (medium)', () => {
  const { m, dict } = useMedium({}, { dict: DictService });
  let n = 0;
  const newType = (fields: { classify?: string } = {}) => dict.addType({ dictCode: `mediumDict${++n}`, dictName: `测试字典${n}`, ...fields });
  const item = (dictCode: string, fields: Partial<AddDictItemDto> = {}) =>
    dict.addItem({ dictCode, dictName: `值${++n}`, value: `v${n}`, sort: n, enabled: true, ...fields });
  /** A value of the customer-source dictionary that a customer stores. */
  const storedSource = async () => {
    const source = await item('customerSource');
    const customer = await m.seed.customer(null, { source: source.value });
    return { source, customer };
  };
  const usedBy = (count: number) => t('dictUsageCount', { label: t('dictUsageCustomerSource'), count });

  it('keeps dictionary codes unique, and values unique within a dictionary', async () => {
    const type = await newType();
    await expect(dict.addType({ dictCode: type.dictCode, dictName: '重复' })).rejects.toMatchObject({ fields: { dictCode: [t('dictCodeTaken')] } });
    const value = await item(type.dictCode);
    await expect(item(type.dictCode, { value: value.value })).rejects.toMatchObject({ fields: { value: [t('dictValueTaken')] } });
    // the same value in another dictionary is another value
    await item((await newType()).dictCode, { value: value.value });
    await expect(item('noSuchDictionary')).rejects.toMatchObject({ fields: { dictCode: [t('dictNotFound')] } });
  });

  it('gives a value its dictionary’s category unless it has its own', async () => {
    const type = await newType({ classify: 'mediumCategory' });
    expect((await item(type.dictCode)).classify).toBe('mediumCategory');
    expect((await item(type.dictCode, { classify: 'other' })).classify).toBe('other');
  });

  it('edits a dictionary or a value on its current ver, never its code', async () => {
    const type = await newType();
    await expect(dict.updateType({ id: type.id, ver: type.ver, dictName: '改', dictCode: 'renamed' })).rejects.toMatchObject({
      fields: { dictCode: [t('dictCodeFixed')] },
    });
    const edited = await dict.updateType({ id: type.id, ver: type.ver, dictName: '改名', dictCode: type.dictCode });
    expect(edited).toMatchObject({ dictName: '改名', ver: type.ver + 1 });
    await expect(dict.updateType({ id: type.id, ver: type.ver, dictName: '旧' })).rejects.toMatchObject({ status: 409 });
    const value = await item(type.dictCode);
    await expect(dict.updateItem({ ...value, ver: value.ver + 1 })).rejects.toMatchObject({ status: 409 });
    await expect(dict.updateItem({ ...value, dictCode: 'another' })).rejects.toMatchObject({ fields: { dictCode: [t('dictCodeFixed')] } });
  });

  it('changes a value in place only while no record stores it', async () => {
    const { source } = await storedSource();
    await expect(dict.updateItem({ ...source, value: `${source.value}-new` })).rejects.toMatchObject({
      fields: { value: [t('dictValueInUse', { usages: usedBy(1) })] },
    });
    // its label may change
    expect(await dict.updateItem({ ...source, dictName: '改名的来源' })).toMatchObject({ dictName: '改名的来源', value: source.value });
    const unused = await item('customerSource');
    expect(await dict.updateItem({ ...unused, value: `${unused.value}-new` })).toMatchObject({ value: `${unused.value}-new` });
  });

  it('deletes neither a stored value nor a dictionary whose values are stored; an unused dictionary goes with its values', async () => {
    const { source } = await storedSource();
    await expect(dict.deleteItem(source.id)).rejects.toMatchObject({ key: 'dictItemInUse', params: { usages: usedBy(1) } });
    const sourceType = (await dict.listTypes({ dictCode: 'customerSource', pageIndex: 1, pageSize: 10 })).items[0];
    await expect(dict.deleteType(sourceType.id)).rejects.toMatchObject({ key: 'dictTypeInUse' });

    const type = await newType();
    await item(type.dictCode);
    await dict.deleteType(type.id);
    expect(await m.prisma.db.dictItem.count({ where: { dictCode: type.dictCode } })).toBe(0);
    await expect(dict.typeDetail(type.id)).rejects.toMatchObject({ status: 404 });
  });

  it('offers a form the enabled values in display order, and forgets them as soon as one changes', async () => {
    const type = await newType({ classify: 'mediumForms' });
    const second = await item(type.dictCode, { sort: 2 });
    const first = await item(type.dictCode, { sort: 1 });
    await item(type.dictCode, { sort: 3, enabled: false });
    const values = async () => (await dict.enabledItems(type.dictCode)).map((i) => i.value);
    expect(await values()).toEqual([first.value, second.value]);
    expect((await dict.itemsByClassify('mediumForms')).map((i) => i.value)).toEqual([first.value, second.value]);
    await dict.updateItem({ ...first, enabled: false });
    await waitFor(async () => (await values()).length === 1, 3000, 'the cached values to be forgotten');
    expect(await values()).toEqual([second.value]);
  });

  describe('the bulk value change', () => {
    it('rewrites the value and every record storing it at once, bumping their ver, and reports the counts', async () => {
      const { source, customer } = await storedSource();
      await m.seed.customer(null, { source: source.value });
      const report = await dict.changeValue({ dictCode: 'customerSource', oldDictValue: source.value, newDictValue: `${source.value}-renamed` });
      expect(report).toMatchObject({ total: 3 });
      expect(report.changes).toEqual([
        { table: 'dict_item', column: 'value', label: t('dictUsageItem'), count: 1 },
        { table: 'customer', column: 'source', label: t('dictUsageCustomerSource'), count: 2 },
      ]);
      const after = await m.prisma.db.customer.findUniqueOrThrow({ where: { id: customer.id } });
      expect(after).toMatchObject({ source: `${source.value}-renamed`, ver: customer.ver + 1 });
    });

    it('refuses an unknown dictionary, the same value, a missing old value, a taken new value', async () => {
      const type = await newType();
      const [a, b] = [await item(type.dictCode), await item(type.dictCode)];
      const change = (oldDictValue: string, newDictValue: string, dictCode = type.dictCode) => dict.changeValue({ dictCode, oldDictValue, newDictValue });
      await expect(change(a.value, 'x', 'noSuchDictionary')).rejects.toMatchObject({ fields: { dictCode: [t('dictNotFound')] } });
      await expect(change(a.value, a.value)).rejects.toMatchObject({ fields: { newDictValue: [t('dictValueUnchanged')] } });
      await expect(change('missing', 'x')).rejects.toMatchObject({ fields: { oldDictValue: [t('dictValueMissing')] } });
      await expect(change(a.value, b.value)).rejects.toMatchObject({ fields: { newDictValue: [t('dictValueTaken')] } });
    });

    it('refuses a new value longer than a column storing it holds, changing nothing', async () => {
      const duty = await item('duty');
      const tooLong = 'x'.repeat(51);
      await expect(dict.changeValue({ dictCode: 'duty', oldDictValue: duty.value, newDictValue: tooLong })).rejects.toMatchObject({
        fields: { newDictValue: [t('dictValueTooLongFor', { label: t('dictUsageStaffDuty'), max: 50 })] },
      });
      expect((await m.prisma.db.dictItem.findUniqueOrThrow({ where: { id: duty.id } })).value).toBe(duty.value);
    });
  });
});
