import { PREALERT_LIMITS, type ShipType } from '@forwarder/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useLanguage, useMessages } from '@/shared/i18n';
import { portalApi, type PortalPort, type PrealertBooked, type PrealertInput } from '../api/portalApi';
import { newSubmissionKey } from '../api/request';
import { lineOptions } from '../lines';
import { portalMessages } from '../messages';
import { Button, Card, NavBar, Notice, SelectInput, TextInput } from '../ui/kit';
import { ORDERS_KEY } from '../queryKeys';
import { usePortalSubmit } from './usePortalSubmit';
import { checkPrealert, type PrealertField } from './validation';

const EMPTY: Record<PrealertField, string> = { line: '', pol: '', pod: '', consignee: '', goods: '', packages: '', weight: '', remark: '' };

/** What the pre-alert form sends: the numbers as numbers, the optional fields only when filled. */
function prealertInput(values: Record<PrealertField, string>): PrealertInput {
  return {
    line: values.line as PrealertInput['line'],
    pol: Number(values.pol),
    pod: Number(values.pod),
    consignee: values.consignee.trim(),
    goods: values.goods.trim(),
    packages: Number(values.packages),
    ...(values.weight.trim() && { weight: Number(values.weight) }),
    ...(values.remark.trim() && { remark: values.remark.trim() }),
  };
}

/**
 * A new shipment announced by the customer: it becomes a registered order of theirs on that line, for the
 * salesman to check. The form keeps one Idempotency-Key until the server answers, so a double tap or a
 * resend after a lost answer books one order; a new pre-alert gets a new key.
 */
export function PrealertPage() {
  const t = useMessages(portalMessages);
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [booked, setBooked] = useState<PrealertBooked | null>(null);
  const submission = useRef<string | null>(null);
  const form = usePortalSubmit({
    initial: EMPTY,
    check: checkPrealert,
    send: (values) => {
      submission.current ??= newSubmissionKey();
      return portalApi.prealert(prealertInput(values), submission.current);
    },
    done: (order) => {
      setBooked(order);
      submission.current = null;
      form.reset();
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    },
    edited: (values, field) => {
      // a changed form is another pre-alert
      submission.current = null;
      // the ports are the line's: another line asks for them again
      return field === 'line' ? { ...values, pol: '', pod: '' } : values;
    },
  });
  const line = form.values.line as ShipType | '';
  const ports = useQuery({
    queryKey: ['portal', 'ports', line],
    queryFn: () => portalApi.ports(line as ShipType),
    enabled: line !== '',
    staleTime: 5 * 60_000,
  });
  const portOptions = (kind: 'start' | 'end') => [
    { value: '', label: line ? t('choose') : t('chooseLineFirst') },
    ...(ports.data ?? []).filter((port) => port.kind === kind).map((port: PortalPort) => ({ value: String(port.id), label: `${port.name} (${port.code})` })),
  ];

  if (booked)
    return (
      <>
        <NavBar title={t('prealertTitle')} />
        <div className="pt-body">
          <section className="pt-done" data-testid="portal-prealert-booked">
            <svg className="pt-done-mark" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 12.5l4 4 8-9" />
            </svg>
            <h2>{t('prealertBooked')}</h2>
            <p className="pt-done-no">{t('prealertNumber', { orderNo: booked.orderNo })}</p>
            <p className="pt-muted">{t('prealertNext')}</p>
            <Link className="pt-btn pt-btn-primary pt-btn-block" to={`/orders/${booked.line}/${booked.id}`}>
              {t('viewOrder')}
            </Link>
            <Button kind="plain" block onClick={() => setBooked(null)}>
              {t('prealertAnother')}
            </Button>
          </section>
        </div>
      </>
    );

  return (
    <>
      <NavBar title={t('prealertTitle')} />
      <div className="pt-body">
        <p className="pt-lead">{t('prealertLead')}</p>
        {form.failure && <Notice kind="error">{form.failure}</Notice>}
        <Card>
          <form className="pt-form" noValidate onSubmit={form.submit}>
            <SelectInput label={t('line')} {...form.field('line')} options={[{ value: '', label: t('choose') }, ...lineOptions(language)]} />
            <SelectInput label={t('pol')} {...form.field('pol')} options={portOptions('start')} />
            <SelectInput label={t('pod')} {...form.field('pod')} options={portOptions('end')} />
            <TextInput label={t('consignee')} {...form.field('consignee')} maxLength={PREALERT_LIMITS.consignee} />
            <TextInput label={t('goods')} {...form.field('goods')} maxLength={PREALERT_LIMITS.goods} />
            <div className="pt-pair">
              <TextInput label={t('packages')} inputMode="numeric" {...form.field('packages')} />
              <TextInput label={`${t('weight')} · ${t('optional')}`} inputMode="decimal" {...form.field('weight')} />
            </div>
            <TextInput label={`${t('remark')} · ${t('optional')}`} {...form.field('remark')} maxLength={PREALERT_LIMITS.remark} />
            <Button type="submit" block disabled={form.sending} data-testid="portal-prealert-submit">
              {form.sending ? t('submitting') : t('prealertSubmit')}
            </Button>
          </form>
        </Card>
      </div>
    </>
  );
}
