import { AutoComplete, Col, Form, Input, InputNumber, Radio, Row, Select, Switch, TreeSelect, type FormInstance, type FormRule } from 'antd';
import { useMemo } from 'react';
import { TextField } from '@/shared/components/TextField';
import { localized, useLanguage, useMessages } from '@/shared/i18n';
import { useAccess } from '@/shared/permission';
import { sortRule, SORT_MAX } from '../common/rules';
import { parentOptions } from '../common/tree';
import { useRoleOptions } from '../role/api';
import { useMenuTree, type MenuFields, type MenuNode } from './api';
import { hasField, isRequired, MENU_TYPES, ROUTE_PATH, TYPE_LABELS, type MenuField } from './menuFields';
import { menuMessages } from './messages';

const FLAGS = ['hidden', 'levelHidden', 'breadcrumbHidden', 'noClosable', 'noKeepAlive', 'dot'] as const satisfies readonly MenuField[];

/**
 * The menu form of the add page, the add dialog and the edit dialog: the fields follow the chosen type
 * (directory, menu, button) with the server's rules. `editingId` keeps a node from being put under
 * itself or its descendants.
 */
export function MenuForm({
  form,
  initialValues,
  editingId,
  onFinish,
}: {
  form: FormInstance<MenuFields>;
  initialValues: Partial<MenuFields>;
  editingId?: number;
  onFinish: (values: MenuFields) => void;
}) {
  const t = useMessages(menuMessages);
  const language = useLanguage();
  const tree = useMenuTree();
  const roles = useRoleOptions();
  const access = useAccess();
  const type = Form.useWatch('type', form) ?? initialValues.type;
  const permission = Form.useWatch('permission', form);
  const parents = useMemo(
    () =>
      parentOptions(
        tree.data ?? [],
        (menu: MenuNode) => localized(language, menu.title, menu.titleEn),
        editingId,
        (menu) => menu.type !== 'button',
      ),
    [tree.data, language, editingId],
  );
  // The codes the administrator holds are the catalogue (an administrator holds them all); the server checks the rest.
  const permissionOptions = useMemo(() => {
    const word = (permission ?? '').toLowerCase();
    return access.permissions.filter((code) => code.toLowerCase().includes(word)).map((code) => ({ value: code }));
  }, [access.permissions, permission]);
  const shows = (field: MenuField) => hasField(type, field);
  const max = (length: number, message: string): FormRule => ({ max: length, message });
  const half = { xs: 24, md: 12 };

  return (
    <Form form={form} layout="vertical" initialValues={initialValues} onFinish={onFinish}>
      <Row gutter={16}>
        <Col span={24}>
          <Form.Item name="type" label={t('type')} rules={[{ required: true, message: t('typeRequired') }]}>
            <Radio.Group optionType="button" options={MENU_TYPES.map((value) => ({ value, label: t(TYPE_LABELS[value]) }))} data-testid="menu-form-type" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="parentId" label={t('parent')}>
            <TreeSelect<number>
              treeData={parents}
              loading={tree.isFetching}
              allowClear
              showSearch={{ treeNodeFilterProp: 'title' }}
              placeholder={t('topLevel')}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="sort" label={t('sort')} rules={[sortRule(t('sortInvalid'))]}>
            <InputNumber min={0} max={SORT_MAX} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="title" label={t('title')} rules={[{ required: true, whitespace: true, message: t('titleRequired') }, max(100, t('titleLength'))]}>
            <Input data-testid="menu-form-title" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <TextField name="titleEn" label={t('titleEn')} max={100} lengthMessage={t('titleEnLength')} stopAtMax={false} />
        </Col>
        {shows('path') && (
          <Col {...half}>
            <Form.Item
              name="path"
              label={t('path')}
              extra={t('pathHint')}
              rules={[
                { required: isRequired(type, 'path'), message: t('pathRequired') },
                { pattern: ROUTE_PATH, message: t('pathFormat') },
                max(200, t('pathLength')),
              ]}
            >
              <Input data-testid="menu-form-path" />
            </Form.Item>
          </Col>
        )}
        {shows('name') && (
          <Col {...half}>
            <Form.Item
              name="name"
              label={t('name')}
              rules={[{ required: isRequired(type, 'name'), whitespace: true, message: t('nameRequired') }, max(100, t('nameLength'))]}
            >
              <Input data-testid="menu-form-name" />
            </Form.Item>
          </Col>
        )}
        {shows('component') && (
          <Col {...half}>
            <Form.Item name="component" label={t('component')} extra={t('componentHint')} rules={[max(200, t('componentLength'))]}>
              <Input />
            </Form.Item>
          </Col>
        )}
        {shows('redirect') && (
          <Col {...half}>
            <TextField name="redirect" label={t('redirect')} max={200} lengthMessage={t('redirectLength')} stopAtMax={false} />
          </Col>
        )}
        {shows('icon') && (
          <Col {...half}>
            <Form.Item name="icon" label={t('icon')} extra={t('iconHint')} rules={[max(60, t('iconLength'))]}>
              <Input />
            </Form.Item>
          </Col>
        )}
        {shows('permission') && (
          <Col {...half}>
            <Form.Item
              name="permission"
              label={t('permission')}
              rules={[{ required: isRequired(type, 'permission'), whitespace: true, message: t('permissionRequired') }]}
            >
              <AutoComplete options={permissionOptions} allowClear data-testid="menu-form-permission" />
            </Form.Item>
          </Col>
        )}
        {shows('roleGuard') && (
          <Col {...half}>
            <Form.Item name="roleGuard" label={t('roleGuard')} extra={t('roleGuardHint')}>
              <Select
                mode="multiple"
                allowClear
                loading={roles.isFetching}
                options={roles.data?.map((role) => ({ value: role.code, label: `${localized(language, role.name, role.nameEn)} (${role.code})` }))}
              />
            </Form.Item>
          </Col>
        )}
        {shows('badge') && (
          <Col {...half}>
            <TextField name="badge" label={t('badge')} max={20} lengthMessage={t('badgeLength')} stopAtMax={false} />
          </Col>
        )}
        {shows('target') && (
          <Col {...half}>
            <Form.Item name="target" label={t('target')}>
              <Select
                allowClear
                options={[
                  { value: '_self', label: t('targetSelf') },
                  { value: '_blank', label: t('targetBlank') },
                ]}
              />
            </Form.Item>
          </Col>
        )}
        {shows('activeMenu') && (
          <Col {...half}>
            <TextField name="activeMenu" label={t('activeMenu')} max={200} lengthMessage={t('activeMenuLength')} stopAtMax={false} />
          </Col>
        )}
        {FLAGS.filter(shows).map((flag) => (
          <Col key={flag} xs={12} md={6}>
            <Form.Item name={flag} label={t(flag)} valuePropName="checked">
              <Switch checkedChildren={t('yes')} unCheckedChildren={t('no')} />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </Form>
  );
}
