import { requiredFor, SHIP_TYPES, ORDER_FLOW, orderDataNeeded, moveInputs, type UpgradeStage } from '@forwarder/domain';
import { describe, expect, it } from 'vitest';
import { batchActions, nextStage, orderLineOf, ordersLackingData, rowActions, seesAllOrders, stageInputsFor, upgradeTarget, VIEW_COLUMNS } from './orderViews';
import { ORDER_VIEWS, orderScreenOf } from './orderScreens';

const holding =
  (...codes: string[]) =>
  (code: string) =>
    codes.includes(code);
const everything = () => true;
const OPERATOR = holding(
  'order:detail',
  'order:modify',
  'order:demotion',
  'order:abnormal',
  'order:abnormalRevoke',
  'order:detain',
  'order:detainRevoke',
  'order:bbs',
  'order:upgrade:warehouse',
  'order:upgrade:prepareCabinet',
  'order:upgrade:completeCabinet',
  'order:upgrade:customs',
  'order:upgrade:sail',
  'order:upgrade:arriveCabinet',
  'order:upgrade:dismantleCabinet',
  'order:upgrade:startDelivery',
  'order:upgrade:completeDelivery',
);
const SALESMAN = holding('order:detail', 'order:modify', 'order:bbs', 'customers:list');
const moving = (stage: string) => ({ stage, sideState: null });

describe('orderScreenOf', () => {
  it('reads the line and the view from the route', () => {
    expect(orderScreenOf('/smallbag/warehouse')).toEqual({ shipType: 'smallbag', view: 'warehouse' });
    expect(orderScreenOf('/airtransport/completeDelivery/')).toEqual({ shipType: 'airtransport', view: 'completeDelivery' });
    expect(orderScreenOf('/dedicatedline/delete')).toEqual({ shipType: 'dedicatedline', view: 'delete' });
    expect(orderScreenOf('/smallbag/created')).toEqual({ shipType: 'smallbag', view: 'created' });
  });

  it('knows no screen for the add form, unknown lines or stages without a menu entry', () => {
    expect(orderScreenOf('/smallbag/add')).toBeNull();
    expect(orderScreenOf('/seafreight/all')).toBeNull();
    expect(orderScreenOf('/smallbag/brokerage')).toBeNull();
  });

  it('has the fourteen list screens of the menu (已登记 first)', () => {
    expect(ORDER_VIEWS).toHaveLength(14);
    expect(ORDER_VIEWS[0]).toBe('created');
    expect(Object.keys(VIEW_COLUMNS).sort()).toEqual([...ORDER_VIEWS].sort());
  });

  it('reads the line of the add form', () => {
    expect(orderLineOf('/airtransport/add')).toBe('airtransport');
    expect(orderLineOf('/customers/add')).toBeNull();
  });
});

describe('stage data of each move', () => {
  it('asks, for every move and line, what the server requires (both read the move’s row of the domain’s STAGES)', () => {
    for (const stage of ORDER_FLOW.slice(1) as UpgradeStage[]) {
      for (const line of SHIP_TYPES) {
        const asked = moveInputs(stage, line).filter((input) => input.required || input.defaultsToNow);
        expect([stage, line, [...orderDataNeeded(stage), ...asked.map((input) => input.name)]]).toEqual([stage, line, requiredFor(stage, line)]);
      }
    }
  });

  it('asks a container and a seal of a sea order loading, a waybill of an air order', () => {
    expect(moveInputs('completeCabinet', 'smallbag').map((input) => [input.name, input.required])).toEqual([
      ['containerNo', true],
      ['sealNo', true],
    ]);
    expect(moveInputs('completeCabinet', 'airtransport').map((input) => input.name)).toEqual(['waybillNo']);
  });

  it('asks the vessel and ETD of a sailing (ETA and bill optional), the flight of an air order', () => {
    expect(moveInputs('sail', 'dedicatedline').map((input) => [input.name, input.required])).toEqual([
      ['vesselVoyage', true],
      ['etd', true],
      ['eta', false],
      ['billOfLadingNo', false],
    ]);
    expect(moveInputs('sail', 'airtransport').map((input) => [input.name, input.required])).toEqual([
      ['flightNo', true],
      ['etd', true],
      ['eta', false],
    ]);
  });

  it('asks the customs declaration number before customs', () => {
    expect(moveInputs('customs', 'smallbag').map((input) => [input.name, input.required])).toEqual([['customsDeclarationNo', true]]);
  });

  it('lets arrival and delivery default to the moment of the move', () => {
    expect(moveInputs('arriveCabinet', 'smallbag')).toEqual([{ name: 'arrivedAt', kind: 'time', required: false, defaultsToNow: true }]);
    expect(moveInputs('completeDelivery', 'airtransport')).toEqual([{ name: 'deliveredAt', kind: 'time', required: false, defaultsToNow: true }]);
  });

  it('asks nothing of the moves that need no data', () => {
    for (const stage of ['warehouse', 'prepareCabinet', 'dismantleCabinet', 'startDelivery', 'brokerage'] as const) {
      expect(moveInputs(stage, 'smallbag')).toEqual([]);
    }
  });

  it('no longer requires what every chosen order holds, and fills in a value they share', () => {
    const inputs = stageInputsFor('completeCabinet', 'smallbag', [
      { containerNo: 'MSCU1234567', sealNo: null },
      { containerNo: 'MSCU1234567', sealNo: 'S1' },
    ]);
    expect(inputs.map((input) => [input.name, input.required, input.initial])).toEqual([
      ['containerNo', false, 'MSCU1234567'],
      ['sealNo', true, undefined],
    ]);
  });

  it('names the orders lacking the weights for the warehouse or the consignee for delivery', () => {
    const orders = [
      { orderNo: 'SB2611220001', packages: 3, grossWeight: 12.5, volume: 0.2, consignee: null, deliveryAddress: 'LA' },
      { orderNo: 'SB2611220002', packages: null, grossWeight: 1, volume: null, consignee: 'Bob', deliveryAddress: 'NY' },
    ];
    expect(ordersLackingData('warehouse', orders)).toEqual([{ orderNo: 'SB2611220002', fields: ['packages', 'volume'] }]);
    expect(ordersLackingData('startDelivery', orders)).toEqual([{ orderNo: 'SB2611220001', fields: ['consignee'] }]);
    expect(ordersLackingData('sail', orders)).toEqual([]);
  });
});

describe('nextStage and upgradeTarget', () => {
  it('moves one step at a time, completeDelivery on to brokerage, nothing after it', () => {
    expect(nextStage('created')).toBe('warehouse');
    expect(nextStage('completeDelivery')).toBe('brokerage');
    expect(nextStage('brokerage')).toBeNull();
  });

  it('moves a selection sharing one stage to the stage after it', () => {
    expect(upgradeTarget([moving('created'), moving('created')], OPERATOR)).toEqual({ stage: 'warehouse' });
  });

  it('refuses mixed stages, held orders, the last stage and a move the user may not make', () => {
    expect(upgradeTarget([], everything)).toEqual({ refused: 'none' });
    expect(upgradeTarget([moving('created'), moving('warehouse')], everything)).toEqual({ refused: 'mixed' });
    expect(upgradeTarget([moving('created'), { stage: 'created', sideState: 'abnormal' }], everything)).toEqual({ refused: 'held' });
    expect(upgradeTarget([moving('brokerage')], everything)).toEqual({ refused: 'last' });
    expect(upgradeTarget([moving('completeDelivery')], OPERATOR)).toEqual({ refused: 'forbidden' });
  });
});

describe('batchActions', () => {
  it('offers an operator the move on of a stage screen and the holds they may set', () => {
    expect(batchActions('warehouse', OPERATOR)).toEqual(['upgrade', 'demote', 'abnormal', 'detain']);
  });

  it('keeps the move of the last screen (to brokerage) for finance', () => {
    expect(batchActions('completeDelivery', OPERATOR)).toEqual(['demote', 'abnormal', 'detain']);
    expect(batchActions('completeDelivery', holding('order:upgrade:brokerage'))).toEqual(['upgrade']);
  });

  it('offers the All screen the move for whoever may make any move', () => {
    expect(batchActions('all', everything)).toEqual(['upgrade', 'demote', 'abnormal', 'detain', 'void', 'revoke']);
    expect(batchActions('all', OPERATOR)).toEqual(['upgrade', 'demote', 'abnormal', 'detain', 'revoke']);
    expect(batchActions('all', SALESMAN)).toEqual([]);
  });

  it('offers the batch revoke of a side-state screen to whoever may revoke that state', () => {
    for (const view of ['abnormal', 'detain', 'delete'] as const) expect(batchActions(view, everything)).toEqual(['revoke']);
    expect(batchActions('abnormal', OPERATOR)).toEqual(['revoke']);
    expect(batchActions('delete', OPERATOR)).toEqual([]);
    expect(batchActions('detain', SALESMAN)).toEqual([]);
  });
});

describe('rowActions', () => {
  it('offers a moving order detail, edit, demotion, the holds and the issue board', () => {
    expect(rowActions('sail', moving('sail'), everything)).toEqual(['detail', 'edit', 'demote', 'abnormal', 'detain', 'void', 'issues']);
  });

  it('offers a salesman only what their codes allow', () => {
    expect(rowActions('all', moving('warehouse'), SALESMAN)).toEqual(['detail', 'edit', 'issues']);
  });

  it('does not demote a created order nor a settled one', () => {
    expect(rowActions('all', moving('created'), everything)).not.toContain('demote');
    expect(rowActions('all', moving('brokerage'), everything)).not.toContain('demote');
  });

  it('offers a held order on the All screen its revoke instead of moves and holds', () => {
    expect(rowActions('all', { stage: 'sail', sideState: 'abnormal' }, everything)).toEqual(['detail', 'edit', 'revoke', 'issues']);
  });

  it('revokes on the side-state screens only with the revoke code of that state', () => {
    const abnormal = { stage: 'customs', sideState: 'abnormal' as const };
    expect(rowActions('abnormal', abnormal, OPERATOR)).toEqual(['detail', 'edit', 'revoke', 'issues']);
    expect(rowActions('delete', { stage: 'customs', sideState: 'delete' }, OPERATOR)).toEqual(['detail', 'issues']);
    expect(rowActions('delete', { stage: 'customs', sideState: 'delete' }, everything)).toEqual(['detail', 'revoke', 'issues']);
  });
});

describe('seesAllOrders', () => {
  it('follows the server: customers:all, demotion or any move sees every order', () => {
    expect(seesAllOrders(SALESMAN)).toBe(false);
    expect(seesAllOrders(holding('customers:all'))).toBe(true);
    expect(seesAllOrders(holding('order:upgrade:brokerage'))).toBe(true);
  });
});
