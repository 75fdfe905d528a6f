import { describe, expect, it } from 'vitest';
import { pageCountOf, streamsOf } from '../../test/pdf.js';
import { pdfFonts } from './pdf-fonts.js';
import { formatPdfTime, formatRupees, type PdfColumn, renderPdf } from './pdf-writer.js';

/**
 * The shared PDF writer (decision 0142): what it writes is a PDF, the store's fonts are
 * embedded and carry ₹ and Devanagari, a long table goes on over pages, and a long
 * document lets other work run while it is written.
 */

const letterhead = { name: 'Haat', lines: ['12 MG Road, Bengaluru 560001', '+91 98450 00000'] };

describe('PDF writer', () => {
  it('writes a PDF whose embedded Poppins carries ₹, accented Latin and Devanagari', async () => {
    const pdf = await renderPdf({ title: 'Packing slip', letterhead }, async (writer) => {
      await writer.page();
      writer.fields([
        ['Total', formatRupees(123_456_750)],
        ['Customer', 'अनन्या शर्मा'],
        ['Seller', 'Ānanda Textiles'],
      ]);
    });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageCountOf(pdf)).toBe(1);
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/FontName \/[A-Z]{6}\+Poppins-Regular/);
    expect(raw).toMatch(/\/FontName \/[A-Z]{6}\+Poppins-Bold/);
    // The glyphs drawn map back to their characters (ToUnicode): ₹, ā (U+0101) and क-class letters.
    const streams = streamsOf(pdf).toLowerCase();
    expect(streams).toContain('<20b9>');
    expect(streams).toContain('<0100>'); // Ā
    expect(streams).toContain('<0936>'); // श
    expect(formatRupees(123_456_750)).toBe('₹12,34,567.50');
    expect(formatRupees(-5)).toBe('-₹0.05');
  });

  it('finds a face for ₹ and Devanagari, and none for a script the fonts lack (drawn as ?)', () => {
    const fonts = pdfFonts();
    expect(fonts.faceOf(0x20b9, 'regular')).toBe('latin-ext-regular');
    expect(fonts.faceOf(0x0915, 'bold')).toBe('devanagari-bold');
    expect(fonts.faceOf(0x41, 'regular')).toBe('latin-regular');
    expect(fonts.faceOf(0x0b95, 'regular')).toBeUndefined(); // Tamil க
  });

  it('breaks a long table over pages, each continuation repeating the header', async () => {
    const columns: PdfColumn<number>[] = [
      { header: 'Line', width: 0.2, cell: (row) => String(row) },
      { header: 'Product', width: 0.6, cell: (row) => `Product ${row} `.repeat(row % 5 === 0 ? 20 : 1) },
      { header: 'Qty', width: 0.2, align: 'right', cell: (row) => String(row) },
    ];
    const rows = Array.from({ length: 200 }, (_, index) => index + 1);
    let pages = 0;
    const pdf = await renderPdf({ title: 'Packing slip', letterhead }, async (writer) => {
      await writer.page();
      await writer.table(columns, rows);
      pages = writer.pageCount;
    });
    expect(pages).toBeGreaterThan(4);
    expect(pageCountOf(pdf)).toBe(pages);
  });

  it('a document with no page drawn still has one, with the letterhead', async () => {
    const pdf = await renderPdf({ title: 'Empty', letterhead }, async () => undefined);
    expect(pageCountOf(pdf)).toBe(1);
  });

  it('lets other work run while a document of many pages is written', async () => {
    let turns = 0;
    let writing = true;
    const tick = () => {
      turns += 1;
      if (writing) setImmediate(tick);
    };
    setImmediate(tick);
    const pdf = await renderPdf({ title: 'Packing slips', letterhead }, async (writer) => {
      for (let slip = 0; slip < 150; slip += 1) {
        await writer.page(`Packing slip ${slip}`);
        await writer.table([{ header: 'Product', width: 1, cell: (row: string) => row }], ['A', 'B', 'C']);
      }
    });
    writing = false;
    expect(pageCountOf(pdf)).toBe(150);
    // Without yielding the loop would have turned once (before the first page) at most.
    expect(turns).toBeGreaterThan(1);
  });

  it('gives documents written at the same time, sharing the parsed faces, the bytes each gets alone', async () => {
    const createdAt = new Date('2026-11-27T10:00:00.000Z');
    const texts = [
      ['अनन्या शर्मा', 'कुर्ता, नील', formatRupees(1_234_50)],
      ['Ānanda Textiles', 'Łódź Ørsted', formatRupees(99_00)],
    ];
    // Each document draws a page, then lets the other draw one (setImmediate), 20 times.
    const render = (lines: string[]) =>
      renderPdf({ title: 'Tax invoice', letterhead, createdAt }, async (writer) => {
        for (let page = 0; page < 20; page += 1) {
          await writer.page();
          writer.fields(lines.map((line, index) => [`Field ${index}`, `${line} ${page}`] as const));
          await new Promise((resolve) => setImmediate(resolve));
        }
      });
    const alone = [await render(texts[0] as string[]), await render(texts[1] as string[])];
    const together = await Promise.all(texts.map((lines) => render(lines)));
    expect(alone[0]?.equals(alone[1] as Buffer)).toBe(false);
    expect(together[0]?.equals(alone[0] as Buffer)).toBe(true);
    expect(together[1]?.equals(alone[1] as Buffer)).toBe(true);
  });

  it('prints times in the store’s zone, named', () => {
    expect(formatPdfTime('2026-11-27T14:05:00.000Z', 'Asia/Kolkata')).toBe('27 Nov 2026, 19:35 GMT+5:30');
    expect(formatPdfTime('2026-11-27T14:05:00.000Z', 'UTC')).toBe('27 Nov 2026, 14:05 UTC');
  });
});
