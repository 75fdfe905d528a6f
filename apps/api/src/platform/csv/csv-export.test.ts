import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { csvRupees, csvStream, csvText, csvTime } from './csv-export.js';

describe('csvText', () => {
  it.each(['=SUM(A1)', '+91 98765', '-2+3', '@cmd', '\tx', '\rx'])(
    'neutralises %j with a leading apostrophe',
    (value) => {
      expect(csvText(value)).toBe(`'${value}`);
    },
  );

  it('leaves ordinary text and empty values as they are', () => {
    expect(csvText('Ananya Iyer')).toBe('Ananya Iyer');
    expect(csvText('a=b')).toBe('a=b');
    expect(csvText(null)).toBe('');
    expect(csvText(undefined)).toBe('');
  });
});

describe('csvRupees', () => {
  it('writes paise as rupees with two decimals', () => {
    expect(csvRupees(12345)).toBe('123.45');
    expect(csvRupees(5)).toBe('0.05');
    expect(csvRupees(-50)).toBe('-0.50');
    expect(csvRupees(0)).toBe('0.00');
    expect(csvRupees(null)).toBe('');
  });
});

describe('csvTime', () => {
  it("writes a UTC instant in the store's time zone", () => {
    expect(csvTime('2026-11-22T20:00:00.000Z', 'Asia/Kolkata')).toBe('2026-11-23 01:30:00');
    expect(csvTime('2026-11-22T20:00:00.000Z', 'UTC')).toBe('2026-11-22 20:00:00');
    expect(csvTime(null, 'UTC')).toBe('');
  });
});

describe('csvStream', () => {
  it('writes a BOM, the header and one quoted line per row across batches', async () => {
    async function* batches() {
      yield [{ name: 'आरव, "Aarav"' }];
      yield [{ name: '=HYPERLINK("x")' }, { name: 'Line\nbreak' }];
    }
    const bytes = await buffer(
      csvStream([{ header: 'Name', cell: (row: { name: string }) => csvText(row.name) }], batches()),
    );
    // A TextDecoder would drop the BOM, so the bytes are checked.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe(
      'Name\r\n"आरव, ""Aarav"""\r\n"\'=HYPERLINK(""x"")"\r\n"Line\nbreak"\r\n',
    );
  });
});
