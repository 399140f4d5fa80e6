import { chargeableWeightOf, ORDER_FLOW, previousStage, requiredFor, shippingMarkOf, stageBefore } from './order-stages.js';

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
