import {
  isPermissionCode,
  ORDER_FLOW,
  ORDER_STAGES,
  PERMISSIONS,
  SIDE_STATES,
  STAGE_NAME_MESSAGES,
  STAGE_NAMES,
  STAGE_SCREENS,
  upgradePermission,
} from './index.js';
import { AIR_STAGE_WORDS } from './stage-wording.js';

describe('the stage table', () => {
  it('runs created, the ten moves, brokerage last; the lines list the registered orders and nine stages on screens', () => {
    expect(ORDER_FLOW).toEqual(['created', ...ORDER_STAGES]);
    expect(ORDER_STAGES).toHaveLength(10);
    expect(STAGE_SCREENS).toEqual(ORDER_FLOW.filter((stage) => stage !== 'brokerage'));
  });

  it('names every stage as a state, every move and every side state, in both languages', () => {
    for (const stage of ORDER_FLOW) expect(STAGE_NAMES[`stage_${stage}`]).toHaveLength(2);
    for (const stage of ORDER_STAGES) expect(STAGE_NAMES[`move_${stage}`]).toHaveLength(2);
    for (const state of SIDE_STATES) expect(STAGE_NAMES[`side_${state}`]).toHaveLength(2);
    expect(STAGE_NAME_MESSAGES.zh.stage_sail).toBe('已开船');
    expect(STAGE_NAME_MESSAGES.zh.move_sail).toBe('开船');
    expect(STAGE_NAME_MESSAGES.en.side_detain).toBe('Detained');
    expect(Object.keys(STAGE_NAME_MESSAGES.en).sort()).toEqual(Object.keys(STAGE_NAME_MESSAGES.zh).sort());
  });

  it('words the air line its own way only for keys the common names have', () => {
    for (const [key] of AIR_STAGE_WORDS) expect(key in STAGE_NAMES).toBe(true);
  });
});

describe('the permission catalogue', () => {
  it('guards each move with its own code, named after the move', () => {
    for (const stage of ORDER_STAGES) expect(isPermissionCode(upgradePermission(stage))).toBe(true);
    const sail = PERMISSIONS.find((entry) => entry.code === 'order:upgrade:sail');
    expect(sail).toMatchObject({ name: '升级到开船', nameEn: 'Move to sailed', area: 'orders' });
  });

  it('holds each code once, sorted by area', () => {
    const codes = PERMISSIONS.map((entry) => entry.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(PERMISSIONS.map((entry) => entry.sort)).toEqual([...PERMISSIONS.map((entry) => entry.sort)].sort((a, b) => a - b));
    expect(isPermissionCode('order:upgrade:created')).toBe(false);
  });
});
