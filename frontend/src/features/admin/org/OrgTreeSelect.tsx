import { TreeSelect, type TreeSelectProps } from 'antd';
import { useMemo } from 'react';
import { localized, useLanguage } from '@/shared/i18n';
import { parentOptions } from '../common/tree';
import { useOrgTree, type OrgNode } from './api';

type Props = Omit<TreeSelectProps<number>, 'treeData'> & {
  /** a unit being moved: it and its sub-units are not offered */
  excludeId?: number;
};

/** Picks an organisation unit from the tree (filters, staff forms, the move dialog). */
export function OrgTreeSelect({ excludeId, ...props }: Props) {
  const language = useLanguage();
  const tree = useOrgTree();
  const treeData = useMemo(
    () => parentOptions(tree.data ?? [], (unit: OrgNode) => localized(language, unit.name, unit.nameEn), excludeId),
    [tree.data, language, excludeId],
  );
  return (
    <TreeSelect<number> treeData={treeData} loading={tree.isFetching} showSearch={{ treeNodeFilterProp: 'title' }} treeDefaultExpandAll allowClear {...props} />
  );
}
