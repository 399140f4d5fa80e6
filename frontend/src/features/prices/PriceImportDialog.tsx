import type { ShipType } from '@forwarder/domain';
import { Modal } from 'antd';
import { ImportPanel } from '@/shared/components/ImportResult';
import { useMessages } from '@/shared/i18n';
import { priceMessages } from './messages';

/** The import of a line's price workbook: the template to download, the file to send, and the server's report. */
export function PriceImportDialog({ shipType, onImported, onClose }: { shipType: ShipType; onImported: () => void; onClose: () => void }) {
  const t = useMessages(priceMessages);
  return (
    <Modal open title={t('import')} width={720} footer={null} onCancel={onClose} destroyOnHidden>
      <ImportPanel
        calls={{ templatePath: '/price/template', templateName: 'price-import-template.xlsx', importPath: `/price/import/${shipType}` }}
        onImported={onImported}
      />
    </Modal>
  );
}
