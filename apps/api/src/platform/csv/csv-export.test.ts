import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { csvCell, csvRupees, csvStream, csvText, csvTime } from './csv-export.js';

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

describe('csvCell', () => {
  it('leaves a plain number as it is, a negative amount included', () => {
    for (const value of ['0', '12', '-0.50', '1234.56']) expect(csvCell(value)).toBe(value);
  });

  it('neutralises any other cell a spreadsheet would read as a formula, once', () => {
    expect(csvCell("+cmd|' /C calc'!A0")).toBe("'+cmd|' /C calc'!A0");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(1+1)')).toBe("'@SUM(1+1)");
    expect(csvCell(csvText('=HYPERLINK("x")'))).toBe('\'=HYPERLINK("x")');
    expect(csvCell('Ananya Iyer')).toBe('Ananya Iyer');
  });
});

describe('csvStream neutralises every cell', () => {
  it('whatever a column wrote', async () => {
    async function* batches() {
      yield [{ name: '@SUM(1+1)', amount: '-12.50' }];
    }
    const bytes = await buffer(
      csvStream(
        [
          { header: 'Name', cell: (row: { name: string; amount: string }) => row.name },
          { header: 'Amount', cell: (row: { name: string; amount: string }) => row.amount },
        ],
        batches(),
      ),
    );
    expect(bytes.subarray(3).toString('utf8')).toBe("Name,Amount\r\n'@SUM(1+1),-12.50\r\n");
  });
});
