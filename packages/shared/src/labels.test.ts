import { describe, expect, it } from 'vitest';
import {
  labelAddress,
  locationLabelPath,
  materialCode,
  materialLabelPath,
  readLabelAddress,
} from './labels';

describe('what a label encodes', () => {
  it('names a type by its item number, or by its id when it has none', () => {
    expect(materialCode({ id: 7, itemNumber: ' TB-600 ' })).toBe('TB-600');
    expect(materialCode({ id: 7, itemNumber: null })).toBe('7');
    expect(materialCode({ id: 7, itemNumber: '  ' })).toBe('7');
  });

  it('is an address under the public URL, the code escaped', () => {
    expect(labelAddress('https://yard.example.com/', materialLabelPath('TB/6 m'))).toBe(
      'https://yard.example.com/m/TB%2F6%20m',
    );
    expect(labelAddress('https://yard.example.com/app', locationLabelPath(4))).toBe(
      'https://yard.example.com/app/l/4',
    );
  });

  it('reads a scanned address back, under any public URL, and nothing else', () => {
    expect(readLabelAddress('https://yard.example.com/app/m/TB%2F6%20m')).toEqual({
      kind: 'material',
      code: 'TB/6 m',
    });
    expect(readLabelAddress('http://localhost:3000/l/12')).toEqual({ kind: 'location', id: 12 });
    expect(readLabelAddress('TB-600')).toBeNull();
    expect(readLabelAddress('https://example.com/inventory')).toBeNull();
    expect(readLabelAddress('https://example.com/l/0')).toBeNull();
    expect(readLabelAddress('https://example.com/m/%E0%A4%A')).toBeNull();
  });
});
