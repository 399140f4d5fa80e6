import type { PermissionCode } from '@forwarder/domain';
import { Card, Flex, Radio, Result, Typography } from 'antd';
import { useState } from 'react';
import { useShipTypes } from '@/shared/orders/shipTypes';
import { ImportPanel } from '@/shared/components/ImportResult';
import { localized, useLanguage, useMessages } from '@/shared/i18n';
import { usePermission } from '@/shared/permission';
import { useRefreshFinance } from './api';
import { financeMessages } from './messages';

/** The server's code for `order/costapply/*`. */
const COST_IMPORT_CODES: readonly PermissionCode[] = ['finance:edit'];

/**
 * /finance/costImport: payables of a line's orders from the cost workbook (`order/costapply/*`). All rows
 * or none; the answer's report says what was written, or each wrong row with its reasons.
 */
export function CostImportPage() {
  const t = useMessages(financeMessages);
  const language = useLanguage();
  const allowed = usePermission(COST_IMPORT_CODES);
  const lines = useShipTypes(allowed);
  const refresh = useRefreshFinance();
  const [chosen, setChosen] = useState<string>();
  if (!allowed) return <Result status="403" subTitle={t('costImportDenied')} />;
  const shipType = chosen ?? lines.data?.[0]?.value;
  return (
    <Card title={t('costImportTitle')} data-testid="cost-import">
      <Flex vertical gap={16}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('costImportHint')}
        </Typography.Paragraph>
        <Flex gap={8} align="center" wrap>
          <span>{t('costImportLine')}</span>
          <Radio.Group
            optionType="button"
            value={shipType}
            onChange={(event) => setChosen(event.target.value as string)}
            options={(lines.data ?? []).map((line) => ({ value: line.value, label: localized(language, line.text, line.textEn) }))}
            data-testid="cost-import-line"
          />
        </Flex>
        {shipType ? (
          <ImportPanel
            key={shipType}
            calls={{ templatePath: '/order/costapply/template', templateName: 'cost-import-template.xlsx', importPath: `/order/costapply/import/${shipType}` }}
            onImported={() => void refresh()}
          />
        ) : null}
      </Flex>
    </Card>
  );
}
