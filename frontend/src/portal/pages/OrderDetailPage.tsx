import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useLanguage, useMessages } from '@/shared/i18n';
import { portalApi } from '../api/portalApi';
import { PortalError } from '../api/request';
import { figure, shortTime } from '../format';
import { lineName } from '../lines';
import { portalMessages } from '../messages';
import { Card, Empty, Loading, NavBar, Notice } from '../ui/kit';
import { ORDERS_KEY } from '../queryKeys';

/** One order of the customer's: its stage in the line's words, the public timeline, packages, documents, the tracking link. */
export function OrderDetailPage() {
  const t = useMessages(portalMessages);
  const language = useLanguage();
  const { line = '', id = '' } = useParams();
  const order = useQuery({ queryKey: [...ORDERS_KEY, 'detail', line, id], queryFn: () => portalApi.order(line, id), retry: false });
  const detail = order.data;
  const [failure, setFailure] = useState<string | null>(null);

  return (
    <>
      <NavBar title={t('detailTitle')} back={t('back')} />
      <div className="pt-body">
        {order.isLoading && <Loading text={t('loading')} />}
        {order.error && (
          <Notice kind="error">{order.error instanceof PortalError && order.error.status === 404 ? t('orderNotFound') : order.error.message}</Notice>
        )}
        {failure && <Notice kind="error">{failure}</Notice>}
        {detail && (
          <>
            <section className="pt-hero" data-testid="portal-order-detail">
              <div className="pt-hero-no">{detail.orderNo}</div>
              <div className="pt-hero-stage">{detail.stageName}</div>
              <div className="pt-hero-route">
                {detail.pol || '—'} <span aria-hidden="true">→</span> {detail.pod || '—'}
              </div>
              <div className="pt-hero-meta">
                {lineName(detail.line, language)} · {t('createdAt')} {shortTime(detail.createdAt)}
              </div>
            </section>

            <Card title={t('timeline')}>
              {detail.timeline.length === 0 ? (
                <Empty>{t('noTimeline')}</Empty>
              ) : (
                <ol className="pt-timeline">
                  {detail.timeline.map((event, index) => (
                    <li key={`${event.at}-${index}`} className={index === 0 ? 'pt-timeline-latest' : undefined}>
                      <div className="pt-timeline-text">{event.text}</div>
                      <div className="pt-muted">
                        {shortTime(event.at)}
                        {event.where ? ` · ${event.where}` : ''}
                      </div>
                    </li>
                  ))}
                </ol>
              )}
            </Card>

            <Card title={t('packageList')}>
              <dl className="pt-facts pt-facts-row">
                <dt>{t('packages')}</dt>
                <dd>{figure(detail.packages, 0)}</dd>
                <dt>{t('weight')}</dt>
                <dd>{figure(detail.weight, 3)}</dd>
              </dl>
              {detail.packageList.length === 0 ? (
                <Empty>{t('noPackages')}</Empty>
              ) : (
                <table className="pt-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('marks')}</th>
                      <th scope="col">{t('packages')}</th>
                      <th scope="col">{t('weight')}</th>
                      <th scope="col">{t('volume')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {detail.packageList.map((line, index) => (
                      <tr key={index}>
                        <td>{line.marks || '—'}</td>
                        <td>{figure(line.count, 0)}</td>
                        <td>{figure(line.weight, 3)}</td>
                        <td>{figure(line.volume, 3)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </Card>

            <Card title={t('documents')}>
              {detail.documents.length === 0 ? (
                <Empty>{t('noDocuments')}</Empty>
              ) : (
                <ul className="pt-docs">
                  {detail.documents.map((document) => (
                    <li key={document.id}>
                      <button
                        type="button"
                        className="pt-doc"
                        onClick={() =>
                          void download(portalApi.document(detail.line, detail.id, document.id), document.name).catch((error: Error) =>
                            setFailure(error.message),
                          )
                        }
                      >
                        <span className="pt-doc-icon" aria-hidden="true">
                          PDF
                        </span>
                        <span className="pt-doc-name">{document.name}</span>
                        {document.size ? <span className="pt-muted">{Math.max(1, Math.round(document.size / 1024))} KB</span> : null}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </Card>

            {detail.trackingUrl && (
              <a className="pt-btn pt-btn-plain pt-btn-block" href={detail.trackingUrl} target="_blank" rel="noopener noreferrer">
                {t('tracking')}
              </a>
            )}
          </>
        )}
      </div>
    </>
  );
}

/** Saves a document under its name (a plain link would go without the customer's token). */
async function download(file: Promise<Blob>, name: string): Promise<void> {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await file);
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
