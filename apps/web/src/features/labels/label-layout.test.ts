import { describe, expect, it } from 'vitest';
import { type LabelContent, labelPages, readPicks, writePicks } from './label-layout';

const tube: LabelContent = {
  kind: 'material',
  label: { id: 1, code: 'TB-6', itemNumber: 'TB-6', name: 'Tube', unit: 'EACH', address: 'x' },
};
const yard: LabelContent = { kind: 'location', label: { id: 2, name: 'Yard', address: 'y' } };

describe('labels on their pages', () => {
  it('reads the chosen ids with their copies, one each unless said, and writes them back', () => {
    expect(readPicks('12:24, 13,x,12:3,14:0')).toEqual([
      { id: 12, copies: 24 },
      { id: 13, copies: 1 },
      { id: 14, copies: 0 },
    ]);
    expect(readPicks(null)).toEqual([]);
    expect(readPicks('5:99999')).toEqual([{ id: 5, copies: 240 }]);
    expect(
      writePicks([
        { id: 12, copies: 24 },
        { id: 13, copies: 1 },
      ]),
    ).toBe('12:24,13');
  });

  it('fills A4 sheets of 24 from the start position, across then down', () => {
    const pages = labelPages(
      [
        { content: tube, copies: 20 },
        { content: yard, copies: 10 },
      ],
      'a4',
      5,
    );
    expect(pages.map((page) => page.length)).toEqual([24, 10]);
    expect(pages[0]!.slice(0, 4)).toEqual([null, null, null, null]);
    expect(pages[0]![4]).toBe(tube);
    expect(pages[0]![23]).toBe(tube);
    expect(pages[1]!.every((cell) => cell === yard)).toBe(true);
  });

  it('prints one label a page on the 62 mm roll, whatever the start', () => {
    const pages = labelPages([{ content: tube, copies: 3 }], '62mm', 7);
    expect(pages).toEqual([[tube], [tube], [tube]]);
  });

  it('prints no page when no label is asked for', () => {
    expect(labelPages([{ content: tube, copies: 0 }], 'a4', 3)).toEqual([]);
  });
});
