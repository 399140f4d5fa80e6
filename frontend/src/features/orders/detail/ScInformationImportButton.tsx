import type { ShipType } from '@forwarder/domain';
import { UploadOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { ImportPanel } from '@/shared/components/ImportResult';
import { useMessages } from '@/shared/i18n';
import { usePermission } from '@/shared/permission';
import { orderDetailMessages } from './messages';

/**
 * Imports the shipping information (container, seal, vessel or flight, ETD/ETA, document numbers) of a
 * line's orders from the xlsx template (order:import). All rows or none: the dialog shows what the
 * server did, a refused file with each wrong row and its reasons.
 */
export function ScInformationImportButton({ shipType, onImported }: { shipType: ShipType; onImported?: () => void }) {
  const t = useMessages(orderDetailMessages);
  const allowed = usePermission(['order:import']);
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid="sc-import">
        {t('importScInformation')}
      </Button>
      {open ? (
        <Modal open title={t('importScInformation')} width={720} footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
          <div data-testid="sc-import-dialog">
            <ImportPanel
              calls={{
                templatePath: '/order/scInformation/template',
                templateName: 'scInformation.xlsx',
                importPath: `/order/scInformation/import/${shipType}`,
              }}
              onImported={onImported}
            />
          </div>
        </Modal>
      ) : null}
    </>
  );
}
