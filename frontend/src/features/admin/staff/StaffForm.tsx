import { ACCOUNT_PATTERN, STAFF_PHONE_PATTERN, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@forwarder/domain';
import { Col, Form, Input, Row, Select, type FormInstance } from 'antd';
import { EmailField, TextFields } from '@/shared/components/TextField';
import { useMessages } from '@/shared/i18n';
import { useDictOptions } from '@/features/dict';
import { OrgTreeSelect } from '../org/OrgTreeSelect';
import { RolesSelect } from '../role/RolesSelect';
import type { NewStaff, StaffDetail } from './api';
import { staffMessages } from './messages';

/** The add page fills every field; the edit dialog shows the account fixed and has no password. */
export type StaffFormValues = Omit<NewStaff, 'password'> & { password?: string };

const HALF = { xs: 24, md: 12 };
const NAMES = [
  { name: 'jobNo', max: 30, length: 'jobNoLength', required: 'jobNoRequired', stopAtMax: false, testId: 'staff-jobNo' },
  { name: 'fullName', max: 50, length: 'fullNameLength', required: 'fullNameRequired', stopAtMax: false, testId: 'staff-fullName' },
] as const;
/** The shipping marks of the staff member's orders, for peers and for direct customers. */
const LABELS = [
  { name: 'peerLabel', max: 30, length: 'labelLength', stopAtMax: false },
  { name: 'directLabel', max: 30, length: 'labelLength', stopAtMax: false },
] as const;

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
  const duties = useDictOptions('duty');
  return (
    <Form form={form} layout="vertical" initialValues={{ roleIds: [], ...initialValues }} onFinish={onFinish}>
      <Row gutter={16}>
        <Col {...HALF}>
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
          <Col {...HALF}>
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
        <TextFields fields={NAMES} t={t} col={HALF} />
        <Col {...HALF}>
          <EmailField label={t('email')} invalidMessage={t('emailInvalid')} stopAtMax={false} />
        </Col>
        <Col {...HALF}>
          <Form.Item name="phone" label={t('phone')} rules={[{ pattern: STAFF_PHONE_PATTERN, message: t('phoneInvalid') }]}>
            <Input />
          </Form.Item>
        </Col>
        <TextFields fields={LABELS} t={t} col={HALF} />
        <Col {...HALF}>
          <Form.Item name="duty" label={t('duty')}>
            <Select options={duties.options} loading={duties.isFetching} allowClear placeholder={t('placeholderDuty')} />
          </Form.Item>
        </Col>
        <Col {...HALF}>
          <Form.Item name="orgId" label={t('org')} rules={[{ required: true, message: t('orgRequired') }]}>
            <OrgTreeSelect placeholder={t('placeholderOrg')} data-testid="staff-org" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="roleIds" label={t('roles')}>
            <RolesSelect placeholder={t('placeholderRoles')} data-testid="staff-roles" />
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
