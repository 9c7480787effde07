import { describe, expect, it } from 'vitest';
import {
  addOrIncrement,
  createScanGate,
  findScanned,
  readScan,
  SCAN_LEAVE_FRAMES,
  SCAN_REPEAT_MS,
  scanIntoReturn,
  scanPath,
} from './scan-rules';

describe('the scan gate', () => {
  /** Frames read every `every` ms from `from`, each with the code found or null. */
  const frames = (
    gate: ReturnType<typeof createScanGate>,
    from: number,
    every: number,
    codes: (string | null)[],
  ) => codes.map((code, i) => gate(code, from + i * every));

  it('counts a label held in view once, however many frames read it', () => {
    const gate = createScanGate();
    const reads = [0, 100, 200, 900, 1400, 2000, 2900, 3800].map((at) => gate('A', at));
    expect(reads.filter(Boolean)).toHaveLength(1);
  });

  it('counts a label held still once however slowly the camera reads, a frame missed now and then too (issue 50)', () => {
    const gate = createScanGate();
    // One frame every 2 s for 12 s, two of them unread (a blur): one label, one count.
    const reads = frames(gate, 0, 2000, ['A', 'A', null, 'A', 'A', null, 'A']);
    expect(reads.filter(Boolean)).toHaveLength(1);
  });

  it(`counts the same label again once it has left the view: ${SCAN_LEAVE_FRAMES} frames without it and ${SCAN_REPEAT_MS} ms`, () => {
    const gate = createScanGate();
    expect(gate('A', 0)).toBe(true);
    // Frames every 120 ms without it: not yet gone after 4 frames (480 ms)...
    frames(gate, 120, 120, [null, null, null, null]);
    expect(gate('A', 600)).toBe(false);
    // ...gone after 1.5 s and 4 frames without it.
    frames(gate, 720, 120, Array(14).fill(null));
    expect(gate('A', 2400)).toBe(true);
  });

  it('counts another label at once, and the first again once it has left the view', () => {
    const gate = createScanGate();
    expect(gate('A', 0)).toBe(true);
    expect(gate('B', 50)).toBe(true);
    frames(gate, 170, 120, Array(15).fill('B'));
    expect(gate('A', 2000)).toBe(true);
    expect(gate('B', 2100)).toBe(false);
  });
});

describe('a scanned label', () => {
  it.each([
    ['https://stockyard.example.com/m/TUB-300', { kind: 'material', code: 'TUB-300' }],
    ['http://192.168.1.20:3000/m/42', { kind: 'material', code: '42' }],
    ['https://other.example/app/m/CLP%2001', { kind: 'material', code: 'CLP 01' }],
    ['https://stockyard.example.com/l/7', { kind: 'location', id: 7 }],
  ])('reads %s whatever its origin', (text, target) => {
    expect(readScan(text)).toEqual(target);
  });

  it.each(['TUB-300', 'https://x.example/inventory', 'https://x.example/l/abc', ''])(
    'refuses %j as no label',
    (text) => {
      expect(readScan(text)).toBeNull();
    },
  );

  it('opens its address in the app', () => {
    expect(scanPath({ kind: 'material', code: 'CLP 01' })).toBe('/m/CLP%2001');
    expect(scanPath({ kind: 'location', id: 7 })).toBe('/l/7');
  });

  it('names a material by item number whatever its case, then by type id', () => {
    const materials = [
      { id: 1, materialTypeId: 12, itemNumber: 'TUB-300' },
      { id: 2, materialTypeId: 13, itemNumber: null },
      { id: 3, materialTypeId: 14, itemNumber: '13' },
    ];
    expect(findScanned('tub-300', materials)?.id).toBe(1);
    expect(findScanned('13', materials)?.id).toBe(3);
    expect(findScanned('12', materials)?.id).toBe(1);
    expect(findScanned('99', materials)).toBeUndefined();
    expect(findScanned('0x0c', materials)).toBeUndefined();
  });
});

describe('scan to add', () => {
  it('adds a new line of one, then one more to it', () => {
    let tally = addOrIncrement(new Map(), 5);
    expect([...tally]).toEqual([[5, 1]]);
    tally = addOrIncrement(tally, 5);
    tally = addOrIncrement(tally, 6);
    expect([...tally]).toEqual([
      [5, 2],
      [6, 1],
    ]);
  });

  it('leaves the tally it was given as it was', () => {
    const before = new Map([[5, 1]]);
    addOrIncrement(before, 5);
    expect([...before]).toEqual([[5, 1]]);
  });
});

describe('a scan inside a return', () => {
  const items = [
    { id: 120, materialId: 40, materialTypeId: 8, itemNumber: 'TUB-300', materialName: 'Tube' },
    { id: 121, materialId: 41, materialTypeId: 9, itemNumber: null, materialName: 'Base Plate' },
  ];
  const catalogue: Record<string, string> = { 'CLP-01': 'Clamp' };
  const nameOf = (code: string) => catalogue[code];

  it('finds the rental item the label names', () => {
    expect(scanIntoReturn('https://a.example/m/TUB-300', items, nameOf)).toEqual({
      item: items[0],
    });
    expect(scanIntoReturn('https://b.example/m/9', items, nameOf)).toEqual({ item: items[1] });
  });

  it('says a material not on the rental is not on it, by its name, and adds nothing', () => {
    expect(scanIntoReturn('https://a.example/m/CLP-01', items, nameOf)).toEqual({
      refusal: 'Clamp is not on this rental',
    });
    expect(scanIntoReturn('https://a.example/m/ZZ-9', items, nameOf)).toEqual({
      refusal: 'Label ZZ-9 is not on this rental',
    });
  });

  it("refuses a location's label and a code that is no label", () => {
    expect(scanIntoReturn('https://a.example/l/3', items, nameOf)).toEqual({
      refusal: 'This is not a Stockyard material label.',
    });
    expect(scanIntoReturn('hello', items, nameOf)).toEqual({
      refusal: 'This is not a Stockyard material label.',
    });
  });
});
