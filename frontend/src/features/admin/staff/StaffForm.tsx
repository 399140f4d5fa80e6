import { ACCOUNT_PATTERN, STAFF_PHONE_PATTERN } from '@forwarder/domain';
import { Col, Form, Input, Row, Select, type FormInstance } from 'antd';
import { TextField } from '@/shared/components/TextField';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/features/account';
import { localized, useLanguage, useMessages } from '@/shared/i18n';
import { useDictOptions } from '../common/dictItems';
import { OrgTreeSelect } from '../org/OrgTreeSelect';
import { useRoleOptions } from '../role/api';
import type { NewStaff, StaffDetail } from './api';
import { staffMessages } from './messages';

/** The add page fills every field; the edit dialog shows the account fixed and has no password. */
export type StaffFormValues = Omit<NewStaff, 'password'> & { password?: string };

/**
 * The staff form, one piece for both uses: the add page (`mode` add: account and initial password) and
 * the edit dialog (`mode` edit). The caller owns the form instance, the submit button and the save.
 */
export function StaffForm({
  form,
  mode,
  initialValues,
  onFinish,
}: {
  form: FormInstance<StaffFormValues>;
  mode: 'add' | 'edit';
  /** a stored record (edit) may hold nulls where the form expects a value */
  initialValues?: Partial<StaffFormValues> | StaffDetail;
  onFinish: (values: StaffFormValues) => void;
}) {
  const t = useMessages(staffMessages);
  const language = useLanguage();
  const duties = useDictOptions('duty');
  const roles = useRoleOptions();
  const half = { xs: 24, md: 12 };
  return (
    <Form form={form} layout="vertical" initialValues={{ roleIds: [], ...initialValues }} onFinish={onFinish}>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item
            name="account"
            label={t('account')}
            rules={
              mode === 'add'
                ? [
                    { required: true, whitespace: true, message: t('accountRequired') },
                    { pattern: ACCOUNT_PATTERN, message: t('accountFormat') },
                  ]
                : []
            }
          >
            <Input disabled={mode === 'edit'} maxLength={50} autoComplete="off" data-testid="staff-account" />
          </Form.Item>
        </Col>
        {mode === 'add' && (
          <Col {...half}>
            <Form.Item
              name="password"
              label={t('password')}
              rules={[
                { required: true, message: t('passwordRequired') },
                { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH, message: t('passwordLength') },
              ]}
            >
              <Input.Password maxLength={PASSWORD_MAX_LENGTH} autoComplete="new-password" data-testid="staff-password" />
            </Form.Item>
          </Col>
        )}
        <Col {...half}>
          <TextField
            name="jobNo"
            label={t('jobNo')}
            max={30}
            lengthMessage={t('jobNoLength')}
            requiredMessage={t('jobNoRequired')}
            stopAtMax={false}
            testId="staff-jobNo"
          />
        </Col>
        <Col {...half}>
          <TextField
            name="fullName"
            label={t('fullName')}
            max={50}
            lengthMessage={t('fullNameLength')}
            requiredMessage={t('fullNameRequired')}
            stopAtMax={false}
            testId="staff-fullName"
          />
        </Col>
        <Col {...half}>
          <Form.Item
            name="email"
            label={t('email')}
            rules={[
              { type: 'email', message: t('emailInvalid') },
              { max: 100, message: t('emailInvalid') },
            ]}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="phone" label={t('phone')} rules={[{ pattern: STAFF_PHONE_PATTERN, message: t('phoneInvalid') }]}>
            <Input />
          </Form.Item>
        </Col>
        <Col {...half}>
          <TextField name="peerLabel" label={t('peerLabel')} max={30} lengthMessage={t('labelLength')} stopAtMax={false} />
        </Col>
        <Col {...half}>
          <TextField name="directLabel" label={t('directLabel')} max={30} lengthMessage={t('labelLength')} stopAtMax={false} />
        </Col>
        <Col {...half}>
          <Form.Item name="duty" label={t('duty')}>
            <Select options={duties.options} loading={duties.isFetching} allowClear placeholder={t('placeholderDuty')} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="orgId" label={t('org')} rules={[{ required: true, message: t('orgRequired') }]}>
            <OrgTreeSelect placeholder={t('placeholderOrg')} data-testid="staff-org" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="roleIds" label={t('roles')}>
            <Select
              mode="multiple"
              placeholder={t('placeholderRoles')}
              loading={roles.isFetching}
              showSearch={{ optionFilterProp: 'label' }}
              options={roles.data?.map((role) => ({ value: role.id, label: localized(language, role.name, role.nameEn) }))}
              data-testid="staff-roles"
            />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="contactUs" label={t('contactUs')} rules={[{ max: 200, message: t('contactUsLength') }]}>
            <Input.TextArea autoSize={{ minRows: 2 }} />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
