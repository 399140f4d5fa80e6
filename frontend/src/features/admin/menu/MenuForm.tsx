import { SORT_MAX, MENU_TYPES, mayHaveChildren } from '@forwarder/domain';
import { AutoComplete, Col, Form, Input, InputNumber, Radio, Row, Select, Switch, TreeSelect, type FormInstance, type FormRule } from 'antd';
import { useMemo } from 'react';
import { TextFields } from '@/shared/components/TextField';
import { localized, useLanguage, useMessages } from '@/shared/i18n';
import { useAccess } from '@/shared/permission';
import { sortRule } from '@/shared/components/sortRule';
import { parentOptions } from '../common/tree';
import { useRoleOptions } from '../role/api';
import { useMenuTree, type MenuFields, type MenuNode } from './api';
import { hasField, isRequired, ROUTE_PATH, TYPE_LABELS, type MenuField } from './menuFields';
import { menuMessages } from './messages';

const HALF = { xs: 24, md: 12 };
const TITLES = [
  { name: 'title', max: 100, length: 'titleLength', required: 'titleRequired', stopAtMax: false, testId: 'menu-form-title' },
  { name: 'titleEn', max: 100, length: 'titleEnLength', stopAtMax: false },
] as const;
/** The free texts of a route; each type of node has some of them. */
const ROUTE_TEXTS = [
  { name: 'component', max: 200, length: 'componentLength', extra: 'componentHint', stopAtMax: false },
  { name: 'redirect', max: 200, length: 'redirectLength', stopAtMax: false },
  { name: 'icon', max: 60, length: 'iconLength', extra: 'iconHint', stopAtMax: false },
] as const;
const BADGE = { name: 'badge', max: 20, length: 'badgeLength', stopAtMax: false } as const;
const ACTIVE_MENU = { name: 'activeMenu', max: 200, length: 'activeMenuLength', stopAtMax: false } as const;
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
        (menu) => mayHaveChildren(menu.type),
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
  const shown = (field: { name: MenuField }) => shows(field.name);

  return (
    <Form form={form} layout="vertical" initialValues={initialValues} onFinish={onFinish}>
      <Row gutter={16}>
        <Col span={24}>
          <Form.Item name="type" label={t('type')} rules={[{ required: true, message: t('typeRequired') }]}>
            <Radio.Group optionType="button" options={MENU_TYPES.map((value) => ({ value, label: t(TYPE_LABELS[value]) }))} data-testid="menu-form-type" />
          </Form.Item>
        </Col>
        <Col {...HALF}>
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
        <Col {...HALF}>
          <Form.Item name="sort" label={t('sort')} rules={[sortRule(t('sortInvalid'))]}>
            <InputNumber min={0} max={SORT_MAX} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <TextFields fields={TITLES} t={t} col={HALF} />
        {shows('path') && (
          <Col {...HALF}>
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
          <Col {...HALF}>
            <Form.Item
              name="name"
              label={t('name')}
              rules={[{ required: isRequired(type, 'name'), whitespace: true, message: t('nameRequired') }, max(100, t('nameLength'))]}
            >
              <Input data-testid="menu-form-name" />
            </Form.Item>
          </Col>
        )}
        <TextFields fields={ROUTE_TEXTS.filter(shown)} t={t} col={HALF} />
        {shows('permission') && (
          <Col {...HALF}>
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
          <Col {...HALF}>
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
        <TextFields fields={[BADGE].filter(shown)} t={t} col={HALF} />
        {shows('target') && (
          <Col {...HALF}>
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
        <TextFields fields={[ACTIVE_MENU].filter(shown)} t={t} col={HALF} />
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
