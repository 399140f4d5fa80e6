import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Space, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useSave } from './useSave';

interface AddFormOptions<V, S> {
  save: (values: V) => Promise<S>;
  /** the success toast; 操作成功 unless the page has its own */
  savedMessage?: string;
  /** after a save has cleared the form: reload the list the record joins, or go to it */
  onAdded: () => void;
}

/** The form of an add page and its save (useSave): a saved record clears the form for the next one. */
export function useAddForm<V, S>({ save, savedMessage, onAdded }: AddFormOptions<V, S>) {
  const [form] = Form.useForm<V>();
  const mutation = useSave({
    form,
    save,
    savedMessage,
    onSaved: () => {
      form.resetFields();
      onAdded();
    },
  });
  return { form, submit: (values: V) => mutation.mutate(values), isSaving: mutation.isPending };
}

interface AddFormButtonsProps {
  submitLabel: string;
  resetLabel: string;
  isSaving: boolean;
  submitTestId: string;
  /** what the submit button does instead of submitting the form it stands in */
  onSubmit?: () => void;
  /** buttons between submit and reset */
  children?: ReactNode;
}

/** Submit and reset under an add page's form (inside its Form): reset clears what was typed. */
export function AddFormButtons({ submitLabel, resetLabel, isSaving, submitTestId, onSubmit, children }: AddFormButtonsProps) {
  const form = Form.useFormInstance();
  return (
    <Space>
      <Button type="primary" htmlType={onSubmit ? 'button' : 'submit'} loading={isSaving} onClick={onSubmit} data-testid={submitTestId}>
        {submitLabel}
      </Button>
      {children}
      <Button onClick={() => form.resetFields()}>{resetLabel}</Button>
    </Space>
  );
}

interface ListAddPageProps<V, S> {
  title: string;
  testId: string;
  /** the list the record joins: its query, reloaded after a save, and its page, where a save and 返回列表 go */
  list: { queryKey: QueryKey; path: string };
  save: (values: V) => Promise<S>;
  backLabel: string;
  saveLabel: string;
  submitTestId: string;
  /** the page's form, given the instance to bind and what its submit does */
  children: (form: FormInstance<V>, submit: (values: V) => void) => ReactNode;
}

/** An add page of a list: the form in a card, 返回列表 and 保存 under it; a saved record goes back to the reloaded list. */
export function ListAddPage<V, S>({ title, testId, list, save, backLabel, saveLabel, submitTestId, children }: ListAddPageProps<V, S>) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { form, submit, isSaving } = useAddForm({
    save,
    onAdded: () => {
      void client.invalidateQueries({ queryKey: list.queryKey });
      void navigate(list.path);
    },
  });
  return (
    <Card title={title} data-testid={testId}>
      {children(form, submit)}
      <Flex gap={8} justify="end">
        <Button onClick={() => void navigate(list.path)}>{backLabel}</Button>
        <Button type="primary" loading={isSaving} onClick={() => form.submit()} data-testid={submitTestId}>
          {saveLabel}
        </Button>
      </Flex>
    </Card>
  );
}
