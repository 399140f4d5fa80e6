import { PREALERT_LIMITS, type ShipType } from '@forwarder/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useLanguage, useMessages } from '@/shared/i18n';
import { portalApi, type PortalPort, type PrealertBooked, type PrealertInput } from '../api/portalApi';
import { newSubmissionKey, PortalError } from '../api/request';
import { lineOptions } from '../lines';
import { portalMessages } from '../messages';
import { Button, Card, NavBar, Notice, SelectInput, TextInput } from '../ui/kit';
import { ORDERS_KEY } from '../queryKeys';
import { checkPrealert, hasErrors, type FieldMessages, type PrealertField } from './validation';

const EMPTY: Record<PrealertField, string> = { line: '', pol: '', pod: '', consignee: '', goods: '', packages: '', weight: '', remark: '' };

/**
 * A new shipment announced by the customer: it becomes a registered order of theirs on that line, for the
 * salesman to check. The form keeps one Idempotency-Key until the server answers, so a double tap or a
 * resend after a lost answer books one order; a new pre-alert gets a new key.
 */
export function PrealertPage() {
  const t = useMessages(portalMessages);
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldMessages<PrealertField>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [booked, setBooked] = useState<PrealertBooked | null>(null);
  const [sending, setSending] = useState(false);
  const submission = useRef<string | null>(null);
  const line = values.line as ShipType | '';
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
  const edit = (field: PrealertField) => (event: { target: { value: string } }) => {
    // the ports are the line's: another line asks for them again
    setValues({ ...values, [field]: event.target.value, ...(field === 'line' && { pol: '', pod: '' }) });
    // a changed form is another pre-alert
    submission.current = null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const found = checkPrealert(values, t);
    setErrors(found);
    if (hasErrors(found)) return;
    submission.current ??= newSubmissionKey();
    setSending(true);
    setFailure(null);
    const input: PrealertInput = {
      line: values.line as PrealertInput['line'],
      pol: Number(values.pol),
      pod: Number(values.pod),
      consignee: values.consignee.trim(),
      goods: values.goods.trim(),
      packages: Number(values.packages),
      ...(values.weight.trim() && { weight: Number(values.weight) }),
      ...(values.remark.trim() && { remark: values.remark.trim() }),
    };
    try {
      setBooked(await portalApi.prealert(input, submission.current));
      submission.current = null;
      setValues(EMPTY);
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    } catch (error) {
      if (error instanceof PortalError && error.fieldErrors)
        setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages[0]])));
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setSending(false);
    }
  };

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
        {failure && <Notice kind="error">{failure}</Notice>}
        <Card>
          <form className="pt-form" noValidate onSubmit={(event) => void submit(event)}>
            <SelectInput
              label={t('line')}
              name="line"
              value={values.line}
              error={errors.line}
              onChange={edit('line')}
              options={[{ value: '', label: t('choose') }, ...lineOptions(language)]}
            />
            <SelectInput label={t('pol')} name="pol" value={values.pol} error={errors.pol} onChange={edit('pol')} options={portOptions('start')} />
            <SelectInput label={t('pod')} name="pod" value={values.pod} error={errors.pod} onChange={edit('pod')} options={portOptions('end')} />
            <TextInput
              label={t('consignee')}
              name="consignee"
              value={values.consignee}
              error={errors.consignee}
              onChange={edit('consignee')}
              maxLength={PREALERT_LIMITS.consignee}
            />
            <TextInput label={t('goods')} name="goods" value={values.goods} error={errors.goods} onChange={edit('goods')} maxLength={PREALERT_LIMITS.goods} />
            <div className="pt-pair">
              <TextInput
                label={t('packages')}
                name="packages"
                inputMode="numeric"
                value={values.packages}
                error={errors.packages}
                onChange={edit('packages')}
              />
              <TextInput
                label={`${t('weight')} · ${t('optional')}`}
                name="weight"
                inputMode="decimal"
                value={values.weight}
                error={errors.weight}
                onChange={edit('weight')}
              />
            </div>
            <TextInput
              label={`${t('remark')} · ${t('optional')}`}
              name="remark"
              value={values.remark}
              error={errors.remark}
              onChange={edit('remark')}
              maxLength={PREALERT_LIMITS.remark}
            />
            <Button type="submit" block disabled={sending} data-testid="portal-prealert-submit">
              {sending ? t('submitting') : t('prealertSubmit')}
            </Button>
          </form>
        </Card>
      </div>
    </>
  );
}
