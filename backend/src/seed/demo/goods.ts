import { containerNoProblem, type ShipType, packingTotals } from '@forwarder/domain';
import type { Random } from './random.js';

/** What each line carries: goods names and how one box of them measures (cm, kg). */
const GOODS: Record<ShipType, { names: string[]; box: [number, number, number]; kg: [number, number]; boxes: [number, number] }> = {
  // small parcels, one tracking number each
  smallbag: { names: ['蓝牙耳机', '手机壳', '瑜伽服', '宠物用品', '厨房小工具', '儿童绘本'], box: [40, 30, 25], kg: [4, 12], boxes: [3, 10] },
  dedicatedline: { names: ['陶瓷餐具', '户外家具', 'LED 灯具', '五金工具', '家纺床品', '汽车配件'], box: [60, 40, 40], kg: [14, 26], boxes: [20, 120] },
  airtransport: { names: ['服装', '电子配件', '化妆品包材', '运动鞋', '丝绸围巾', '智能手表'], box: [50, 40, 35], kg: [6, 15], boxes: [4, 30] },
};

/** Who receives the goods at each destination (port or airport code). */
export const CONSIGNEES: Record<string, { name: string; phone: string; address: string }> = {
  USLAX: { name: 'ACME Imports LLC', phone: '+1 213 555 0100', address: '1200 S Alameda St, Los Angeles, CA 90021' },
  USNYC: { name: 'Hudson Trading Inc.', phone: '+1 212 555 0142', address: '350 5th Ave, New York, NY 10118' },
  USLGB: { name: 'Pacific Coast Distribution', phone: '+1 562 555 0177', address: '2401 E Pacific Coast Hwy, Long Beach, CA 90804' },
  DEHAM: { name: 'Hanse Handel GmbH', phone: '+49 40 555 0190', address: 'Am Sandtorkai 5, 20457 Hamburg' },
  LAX: { name: 'SkyWay Logistics LLC', phone: '+1 310 555 0123', address: '5600 W Century Blvd, Los Angeles, CA 90045' },
  JFK: { name: 'Empire Goods Co.', phone: '+1 718 555 0166', address: 'Building 151, JFK Airport, Jamaica, NY 11430' },
};

export interface Box {
  boxNo: string;
  length: number;
  width: number;
  height: number;
  grossWeight: number;
  quantity: number;
  goodsName: string;
  trackingNo?: string;
}

export interface Cargo {
  goodsName: string;
  boxes: Box[];
  packages: number;
  grossWeight: number;
  volume: number;
}

/** An order's goods as its packing list will give them: parcels with tracking numbers (smallbag) or rows of equal cartons. */
export function cargoFor(line: ShipType, random: Random, serial: number): Cargo {
  const goods = GOODS[line];
  const goodsName = random.pick(goods.names);
  const [l, w, h] = goods.box;
  const boxes: Box[] = [];
  if (line === 'smallbag') {
    for (let i = 0, n = random.int(...goods.boxes); i < n; i++) {
      const trackingNo = `1Z${String(serial).padStart(6, '0')}${String(i + 1).padStart(2, '0')}${random.int(10_000_000, 99_999_999)}`;
      boxes.push({
        boxNo: `P${i + 1}`,
        length: l - random.int(0, 10),
        width: w - random.int(0, 8),
        height: h - random.int(0, 8),
        grossWeight: random.amount(...goods.kg, 1),
        quantity: 1,
        goodsName,
        trackingNo,
      });
    }
  } else {
    const total = random.int(...goods.boxes);
    const rows = total > 30 && random.chance(0.5) ? 2 : 1;
    for (let i = 0, left = total; i < rows; i++) {
      const quantity = i === rows - 1 ? left : Math.round(total * 0.6);
      left -= quantity;
      boxes.push({ boxNo: `C${i + 1}`, length: l + i * 10, width: w, height: h, grossWeight: random.amount(...goods.kg, 1), quantity, goodsName });
    }
  }
  return { goodsName, boxes, ...packingTotals(boxes) };
}

/** A valid ISO 6346 container number of the owner's prefix (e.g. MSCU): the check digit is the one the shared rule accepts. */
export function containerNo(prefix: string, serial: number): string {
  const body = `${prefix}${String(serial % 1_000_000).padStart(6, '0')}`;
  const digit = [...'0123456789'].find((d) => containerNoProblem(body + d) === null);
  if (digit === undefined) throw new Error(`no check digit makes ${body} a container number`);
  return body + digit;
}

/** An air waybill number: airline prefix, 7-digit serial and its check digit (serial mod 7). */
export function airWaybillNo(prefix: string, serial: number): string {
  const body = serial % 10_000_000;
  return `${prefix}-${String(body).padStart(7, '0')}${body % 7}`;
}

export const CARRIERS: Record<ShipType, { owner: string; name: string; vessels: string[] }[]> = {
  smallbag: [
    { owner: 'MATU', name: 'Matson', vessels: ['MATSON MAUNALEI', 'MANUKAI', 'MATSON KODIAK'] },
    { owner: 'COSU', name: 'COSCO', vessels: ['COSCO ENGLAND', 'COSCO AMERICA'] },
  ],
  dedicatedline: [
    { owner: 'MSCU', name: 'MSC', vessels: ['MSC ANNA', 'MSC GULSUN', 'MSC OSCAR'] },
    { owner: 'OOLU', name: 'OOCL', vessels: ['OOCL HONG KONG', 'OOCL GERMANY'] },
    { owner: 'EGHU', name: 'Evergreen', vessels: ['EVER ACE', 'EVER GIVEN'] },
  ],
  airtransport: [
    { owner: '999', name: 'Air China', vessels: ['CA987', 'CA981'] },
    { owner: '781', name: 'China Eastern', vessels: ['MU583', 'MU587'] },
    { owner: '784', name: 'China Southern', vessels: ['CZ327', 'CZ399'] },
  ],
};
