import { Button, Col, Flex, Modal, Row, Spin, Tag, theme, Tree, Typography, type TreeDataNode } from 'antd';
import { useMemo, useState, type Key } from 'react';
import { localized, useLanguage, useMessages, type Language } from '@/shared/i18n';
import { listMessages } from '@/shared/list';
import { useSave } from '@/shared/list';
import { grantRole, useGrantTrees, type GrantTrees, type RoleRow } from './api';
import { grantPayload, initialCheckState, toggleNode, type CheckState, type GrantNode } from './grantState';
import { roleMessages } from './messages';

/** 授权: which menus (buttons included) and which permission codes a role holds. */
export function GrantDialog({ role, onClose, onSaved }: { role: RoleRow; onClose: () => void; onSaved: () => void }) {
  const t = useMessages(roleMessages);
  const language = useLanguage();
  const trees = useGrantTrees(role.id);
  return (
    <Modal open title={t('grantTitle', { name: localized(language, role.name, role.nameEn) })} width={960} footer={null} onCancel={onClose}>
      {trees.data ? (
        <GrantForm trees={trees.data} onClose={onClose} onSaved={onSaved} />
      ) : (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin spinning={trees.isFetching} />
        </Flex>
      )}
    </Modal>
  );
}

function GrantForm({ trees, onClose, onSaved }: { trees: GrantTrees; onClose: () => void; onSaved: () => void }) {
  const t = useMessages(roleMessages);
  const common = useMessages(listMessages);
  const language = useLanguage();
  const [menus, setMenus] = useState(() => initialCheckState(trees.menus));
  const [permissions, setPermissions] = useState(() => initialCheckState(trees.permissions));
  const menuData = useMemo(() => toTreeData(trees.menus.nodes, language, t('button')), [trees, language, t]);
  const permissionData = useMemo(() => toTreeData(trees.permissions.nodes, language, t('button')), [trees, language, t]);
  const done = () => {
    onSaved();
    onClose();
  };
  const save = useSave({ save: grantRole, onSaved: done, onStale: done });
  return (
    <>
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <GrantTreeBox
            title={t('grantMenus')}
            hint={t('grantMenusHint')}
            testId="grant-menus"
            treeData={menuData}
            state={menus}
            onToggle={(key, checked) => setMenus((state) => toggleNode(trees.menus.nodes, state, key as number, checked))}
          />
        </Col>
        <Col xs={24} md={12}>
          <GrantTreeBox
            title={t('grantPermissions')}
            hint={t('grantPermissionsHint')}
            testId="grant-permissions"
            treeData={permissionData}
            state={permissions}
            onToggle={(key, checked) => setPermissions((state) => toggleNode(trees.permissions.nodes, state, String(key), checked))}
          />
        </Col>
      </Row>
      <Flex justify="end" gap={8} style={{ marginTop: 16 }}>
        <Button onClick={onClose}>{common('cancel')}</Button>
        <Button type="primary" loading={save.isPending} onClick={() => save.mutate(grantPayload(trees, menus, permissions))} data-testid="grant-submit">
          {common('confirm')}
        </Button>
      </Flex>
    </>
  );
}

function GrantTreeBox({
  title,
  hint,
  testId,
  treeData,
  state,
  onToggle,
}: {
  title: string;
  hint: string;
  testId: string;
  treeData: TreeDataNode[];
  state: CheckState<Key>;
  onToggle: (key: Key, checked: boolean) => void;
}) {
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={8}>
      <Typography.Text strong>{title}</Typography.Text>
      <Typography.Text type="secondary">{hint}</Typography.Text>
      <div
        data-testid={testId}
        style={{ maxHeight: '60vh', overflow: 'auto', border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG, padding: 8 }}
      >
        <Tree
          checkable
          // The dialog conducts ticks itself (grantState): antd's own conduction would drop a menu the
          // role holds without all of its buttons.
          checkStrictly
          selectable={false}
          treeData={treeData}
          checkedKeys={{ checked: state.checked, halfChecked: state.halfChecked }}
          onCheck={(_, info) => onToggle(info.node.key, info.checked)}
        />
      </div>
    </Flex>
  );
}

function toTreeData<K extends Key>(nodes: readonly GrantNode<K>[], language: Language, buttonLabel: string): TreeDataNode[] {
  return nodes.map((node) => ({
    key: node.key,
    title: (
      <span>
        {localized(language, node.title, node.titleEn)}
        {node.kind === 'button' && (
          <Tag style={{ marginInlineStart: 8 }} color="blue">
            {buttonLabel}
          </Tag>
        )}
        {node.kind === 'permission' && (
          <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
            {node.key}
          </Typography.Text>
        )}
      </span>
    ),
    children: node.children ? toTreeData(node.children, language, buttonLabel) : undefined,
  }));
}
