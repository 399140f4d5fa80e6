/** The three shipping lines: `value` names their routes and is stored on ports, prices and orders. */
export const SHIP_LINES = [
  { id: 1, value: 'smallbag', text: '小包专线', textEn: 'Small parcel', icon: 'InboxOutlined' },
  { id: 2, value: 'dedicatedline', text: '专线', textEn: 'Dedicated line', icon: 'ContainerOutlined' },
  { id: 3, value: 'airtransport', text: '空运', textEn: 'Air transport', icon: 'RocketOutlined' },
] as const;

export type ShipType = (typeof SHIP_LINES)[number]['value'];
export const SHIP_TYPES: readonly ShipType[] = SHIP_LINES.map((line) => line.value);
