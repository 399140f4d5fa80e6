import type { ShipType, StageField, UpgradeStage } from '@forwarder/domain';
// The data each stage move needs entered with it, per line (the other moves need nothing, or what the
// order already holds): what the HTTP fixtures send and the medium seeds pass to OrdersService.upgrade.

export const MOVE_DATA: Partial<Record<UpgradeStage, (line: ShipType) => Partial<Record<StageField, string>>>> = {
  completeCabinet: (line) => (line === 'airtransport' ? { waybillNo: '160-12345675' } : { containerNo: 'MSCU1234566', sealNo: 'SL0001' }),
  customs: () => ({ customsDeclarationNo: 'CD2026001' }),
  sail: (line) =>
    line === 'airtransport' ? { flightNo: 'CA987', etd: '2026-12-01T08:00:00.000Z' } : { vesselVoyage: 'MSC ANNA 123E', etd: '2026-12-01T08:00:00.000Z' },
};
