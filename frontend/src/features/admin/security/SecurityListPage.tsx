import { ACCESS_KINDS, HTTP_METHODS, type HttpMethod } from '@forwarder/domain';
import { Flex, Form, Select, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { localized, useLanguage, useMessages } from '@/shared/i18n';
import { listMessages, ListPage, SearchText, usePagedList } from '@/shared/list';
import { SECURITY_LIST, type SecurityFilters, type SecurityRow } from './api';
import { securityMessages } from './messages';

const METHOD_COLORS: Record<HttpMethod, string> = { GET: 'green', POST: 'blue', PUT: 'gold', PATCH: 'purple', DELETE: 'red' };
const ACCESS_LABELS = {
  public: 'accessPublic',
  signedIn: 'accessSignedIn',
  permission: 'accessPermission',
  customer: 'accessCustomer',
  none: 'accessNone',
} as const;
const ACCESS_COLORS: Record<SecurityRow['access'], string> = { public: 'orange', signedIn: 'cyan', permission: 'blue', customer: 'purple', none: 'red' };

/** 接口权限: every API route with who may call it (read-only: the handlers' own declarations). */
export function SecurityListPage() {
  const t = useMessages(securityMessages);
  const common = useMessages(listMessages);
  const language = useLanguage();
  const list = usePagedList<SecurityRow, SecurityFilters>(SECURITY_LIST, {});

  const columns: TableColumnsType<SecurityRow> = [
    { title: t('method'), dataIndex: 'method', render: (method: HttpMethod) => <Tag color={METHOD_COLORS[method]}>{method}</Tag> },
    {
      title: t('path'),
      dataIndex: 'path',
      render: (path: string, route) => (
        <Tooltip title={`${t('handler')}: ${route.handler}`}>
          <Typography.Text code>{path}</Typography.Text>
        </Tooltip>
      ),
    },
    {
      title: t('access'),
      dataIndex: 'access',
      render: (access: SecurityRow['access'], route) => (
        <Tooltip title={route.note}>
          <Tag color={ACCESS_COLORS[access]}>{t(ACCESS_LABELS[access])}</Tag>
        </Tooltip>
      ),
    },
    {
      title: t('codes'),
      key: 'permissions',
      render: (_, route) =>
        route.permissions.length ? (
          <Flex vertical gap={4}>
            {route.permissions.map((permission) => (
              <Flex key={permission.code} wrap gap={4} align="center">
                <Typography.Text code>{permission.code}</Typography.Text>
                <span>{localized(language, permission.name, permission.nameEn)}</span>
                {permission.roles.length ? (
                  permission.roles.map((role) => (
                    <Tag key={role.id} color="geekblue">
                      {localized(language, role.name, role.nameEn)}
                    </Tag>
                  ))
                ) : (
                  <Typography.Text type="secondary">{t('noRole')}</Typography.Text>
                )}
              </Flex>
            ))}
          </Flex>
        ) : (
          common('empty')
        ),
    },
  ];

  return (
    <ListPage<SecurityRow, SecurityFilters>
      list={list}
      columns={columns}
      rowKey="handler"
      testId="security-list"
      exportPath="/security/list/export"
      searchFields={
        <>
          <SearchText name="path" label={t('path')} max={100} />
          <Form.Item name="method" label={t('method')}>
            <Select style={{ width: 120 }} allowClear placeholder={t('all')} options={HTTP_METHODS.map((method) => ({ value: method, label: method }))} />
          </Form.Item>
          <SearchText name="permission" label={t('permission')} max={100} placeholder={t('permissionPlaceholder')} />
          <Form.Item name="access" label={t('access')}>
            <Select
              style={{ width: 140 }}
              allowClear
              placeholder={t('all')}
              options={ACCESS_KINDS.map((kind) => ({ value: kind, label: t(ACCESS_LABELS[kind]) }))}
            />
          </Form.Item>
        </>
      }
    />
  );
}
