import { CARGO_STAGES, packingTotals, SAIL_STAGES, SEAL_STAGES } from './cargo-rules.js';

describe('cargo rules', () => {
  it('adds up a packing list: packages, gross weight × quantity, volume in cbm rounded to 4 decimals', () => {
    const totals = packingTotals([
      { length: 60, width: 40, height: 50, grossWeight: 12.5, quantity: 10 },
      { length: 30.5, width: 20, height: 15.5, grossWeight: 3.333, quantity: 3 },
    ]);
    // 10 × 120,000 cm³ + 3 × 9,455 cm³ = 1,228,365 cm³ → 1.228365 cbm → 1.2284
    expect(totals).toEqual({ packages: 13, grossWeight: 134.999, volume: 1.2284 });
  });

  it('counts without float error (0.1 + 0.2 kg boxes are 0.3 kg)', () => {
    expect(
      packingTotals([
        { length: 10, width: 10, height: 10, grossWeight: 0.1, quantity: 1 },
        { length: 10, width: 10, height: 10, grossWeight: 0.2, quantity: 1 },
      ]),
    ).toEqual({
      packages: 2,
      grossWeight: 0.3,
      volume: 0.002,
    });
  });

  it('rounds the volume half up', () => {
    // 5 cm³ = 0.000005 cbm → 0.0000; 50 cm³ = 0.00005 → 0.0001
    expect(packingTotals([{ length: 5, width: 1, height: 1, grossWeight: 1, quantity: 1 }]).volume).toBe(0);
    expect(packingTotals([{ length: 50, width: 1, height: 1, grossWeight: 1, quantity: 1 }]).volume).toBe(0.0001);
  });

  it('opens cargo changes until the container is loaded, seals from the warehouse, sailing data until arrival', () => {
    expect(CARGO_STAGES).toEqual(['created', 'warehouse', 'prepareCabinet']);
    expect(SEAL_STAGES).toEqual(['warehouse', 'prepareCabinet']);
    expect(SAIL_STAGES).toEqual(['created', 'warehouse', 'prepareCabinet', 'completeCabinet', 'customs', 'sail']);
  });
});
