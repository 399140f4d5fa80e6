import {
  chargeableWeightOf,
  moveInputs,
  ORDER_FLOW,
  ORDER_STAGES,
  orderDataNeeded,
  previousStage,
  requiredFor,
  shippingMarkOf,
  STAGE_FIELDS,
  STAMPED_ON_MOVE,
  MOVE_STAMPS,
  stampStands,
  stageBefore,
} from './order-stages.js';
import { SHIP_TYPES } from './ship-lines.js';

describe('order stages', () => {
  it('runs from created through warehouse to brokerage, each move from the stage before', () => {
    expect(ORDER_FLOW[0]).toBe('created');
    expect(ORDER_FLOW.at(-1)).toBe('brokerage');
    expect(previousStage('warehouse')).toBe('created');
    expect(previousStage('sail')).toBe('customs');
    expect(stageBefore('created')).toBeNull();
    expect(stageBefore('completeDelivery')).toBe('startDelivery');
  });

  it('asks sea lines for container, seal and vessel, air for waybill and flight', () => {
    expect(requiredFor('completeCabinet', 'dedicatedline')).toEqual(['containerNo', 'sealNo']);
    expect(requiredFor('completeCabinet', 'airtransport')).toEqual(['waybillNo']);
    expect(requiredFor('sail', 'smallbag')).toEqual(['vesselVoyage', 'etd']);
    expect(requiredFor('sail', 'airtransport')).toEqual(['flightNo', 'etd']);
    expect(requiredFor('prepareCabinet', 'smallbag')).toEqual([]);
  });

  it('needs the goods weighed before the warehouse, the consignee before delivery, and stamps arrival and delivery', () => {
    expect(requiredFor('warehouse', 'smallbag')).toEqual(['packages', 'grossWeight', 'volume']);
    expect(requiredFor('customs', 'airtransport')).toEqual(['customsDeclarationNo']);
    expect(requiredFor('arriveCabinet', 'dedicatedline')).toEqual(['arrivedAt']);
    expect(requiredFor('startDelivery', 'airtransport')).toEqual(['consignee', 'deliveryAddress']);
    expect(requiredFor('completeDelivery', 'smallbag')).toEqual(['deliveredAt']);
    for (const stage of ['prepareCabinet', 'dismantleCabinet', 'brokerage'] as const) expect(requiredFor(stage, 'airtransport')).toEqual([]);
    expect(STAMPED_ON_MOVE).toEqual({ arriveCabinet: 'arrivedAt', completeDelivery: 'deliveredAt' });
    expect(MOVE_STAMPS).toEqual(Object.values(STAMPED_ON_MOVE));
  });

  it('lets a stamp stand only once the order has made the move that stamps it (a demoted order is back before it)', () => {
    expect(stampStands('created', 'deliveredAt')).toBe(false);
    expect(stampStands('startDelivery', 'deliveredAt')).toBe(false);
    expect(stampStands('completeDelivery', 'deliveredAt')).toBe(true);
    expect(stampStands('brokerage', 'deliveredAt')).toBe(true);
    expect(stampStands('sail', 'arrivedAt')).toBe(false);
    expect(stampStands('arriveCabinet', 'arrivedAt')).toBe(true);
    // a field no move stamps (the estimates) stands at any stage
    expect(stampStands('created', 'eta')).toBe(true);
  });

  it('reads what each move takes from its row of STAGES: the server requires what the dialog asks and the order must hold', () => {
    for (const stage of ORDER_STAGES) {
      for (const line of SHIP_TYPES) {
        const inputs = moveInputs(stage, line);
        expect(inputs.every((input) => STAGE_FIELDS.includes(input.name))).toBe(true);
        const asked = inputs.filter((input) => input.required || input.defaultsToNow).map((input) => input.name);
        expect([stage, line, requiredFor(stage, line)]).toEqual([stage, line, [...orderDataNeeded(stage), ...asked]]);
      }
    }
  });

  it('charges the greater of gross and volumetric weight', () => {
    expect(chargeableWeightOf('airtransport', 10, 0.1)).toBe(16.7);
    expect(chargeableWeightOf('smallbag', 30, 0.1)).toBe(30);
    expect(chargeableWeightOf('smallbag', null, null)).toBeNull();
  });

  it('marks with the label and the order number, or the number alone', () => {
    expect(shippingMarkOf('ZXMD', 'SB2611220001')).toBe('ZXMD-SB2611220001');
    expect(shippingMarkOf(null, 'SB2611220001')).toBe('SB2611220001');
  });
});
