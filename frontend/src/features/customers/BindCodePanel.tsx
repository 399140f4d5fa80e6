import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Flex, Select, Spin, Typography, theme } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useFeedback } from '@/shared/feedback';
import { useDebounced } from '@/shared/hooks/useDebounced';
import { useMessages } from '@/shared/i18n';
import { issueBindCode, takeCustomers, type CustomerPick } from './api';
import { copyText } from './copyText';
import { customerMessages } from './messages';

const QR_SIZE = 200;
const SEARCH_DELAY_MS = 300;

/**
 * The binding code dialog's body (seed 2 section 2.8): pick a customer by typing (the list is searched
 * only once text is entered), get a single-use code shown as a QR image to send to the customer, and copy
 * the code itself. Opened with a customer (from a customer row), it issues that customer's code at once.
 */
export function BindCodePanel({ customer }: { customer?: CustomerPick }) {
  const t = useMessages(customerMessages);
  const { message } = useFeedback();
  const { token } = theme.useToken();
  const [selected, setSelected] = useState<CustomerPick | null>(customer ?? null);
  const [typed, setTyped] = useState('');
  const key = useDebounced(typed.trim(), SEARCH_DELAY_MS);
  const search = useQuery({
    queryKey: ['/customers/take/list', key],
    queryFn: () => takeCustomers(key),
    enabled: key !== '',
  });
  // Each call issues a new code: a mutation, never a cached query.
  const bindCode = useMutation({ mutationFn: issueBindCode });
  const code = bindCode.data ?? null;

  const issuedFor = useRef<number | null>(null);
  useEffect(() => {
    // once per opening, also under StrictMode's double effects
    if (customer && issuedFor.current !== customer.id) {
      issuedFor.current = customer.id;
      bindCode.mutate(customer.id);
    }
  }, [customer, bindCode]);

  const found = key !== '' ? (search.data ?? []) : [];
  const options = [...(selected && !found.some((pick) => pick.id === selected.id) ? [selected] : []), ...found].map((pick) => ({
    value: pick.id,
    label: pick.name,
  }));

  function choose(id: number | undefined) {
    const pick = [...found, ...(selected ? [selected] : [])].find((candidate) => candidate.id === id) ?? null;
    setSelected(pick);
    setTyped('');
    bindCode.reset();
    if (pick) bindCode.mutate(pick.id);
  }

  async function copy() {
    if (!code) return;
    if (await copyText(code.bind_code)) message.success(t('bindCodeCopied'));
    else message.error(t('bindCodeCopyFailed'));
  }

  return (
    <Flex vertical gap={12} data-testid="bind-code-dialog">
      <Select<number>
        allowClear
        value={selected?.id}
        placeholder={t('bindCodeCustomerPlaceholder')}
        showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
        notFoundContent={search.isFetching ? <Spin size="small" /> : null}
        options={options}
        onChange={choose}
        style={{ width: '100%' }}
        data-testid="bind-code-customer"
      />
      <Spin spinning={bindCode.isPending}>
        <Flex
          align="center"
          justify="center"
          style={{ width: QR_SIZE, height: QR_SIZE, margin: '0 auto', border: `1px dashed ${token.colorBorder}`, borderRadius: token.borderRadius }}
          data-testid="bind-code-qr-area"
        >
          {code ? (
            <img src={code.lefeng_url} alt={t('bindCodeQrAlt')} width={QR_SIZE} height={QR_SIZE} data-testid="bind-code-qr" />
          ) : (
            <Typography.Text type="secondary">{t('bindCodeQrArea')}</Typography.Text>
          )}
        </Flex>
      </Spin>
      <Flex vertical align="center">
        <Typography.Text type="secondary">{t('bindCodeHint')}</Typography.Text>
        {code ? <Typography.Text type="secondary">{t('bindCodeExpires', { minutes: Math.round(code.expire_seconds / 60) })}</Typography.Text> : null}
      </Flex>
      <Flex justify="center" gap={8}>
        <Button type="primary" disabled={!code} onClick={() => void copy()} data-testid="bind-code-copy">
          {t('bindCodeCopy')}
        </Button>
        {selected ? (
          <Button disabled={bindCode.isPending} onClick={() => bindCode.mutate(selected.id)} data-testid="bind-code-regenerate">
            {t('bindCodeRegenerate')}
          </Button>
        ) : null}
      </Flex>
    </Flex>
  );
}
