import type { FastifyReply } from 'fastify';
import PDFDocument from 'pdfkit';
import { pacer } from '../yield.js';
import { type PdfWeight, pdfFonts } from './pdf-fonts.js';

/**
 * The store's one PDF writer (decision 0142): packing slips (issue 34), and next GST
 * invoices and credit notes. A feature describes its document as calls on a `PdfWriter`
 * (pages with the store's letterhead, text, label/value fields, side-by-side blocks,
 * tables that break across pages) inside a `render` function, and either streams it to
 * the reply (`sendPdf`) or gets its bytes (`renderPdf`, for a job's file or a mail).
 *
 * - **Fonts**: Poppins, embedded (`pdf-fonts.ts`): ₹, accented Latin and Devanagari
 *   render; each character is drawn with the first of the font's subsets that has it.
 * - **Never long on the event loop**: a new page and every table row go through a
 *   `pacer` (`platform/yield.ts`): after 10 ms of drawing the writer lets the requests
 *   waiting in, so a 500-page PDF never holds the server for its whole length.
 * - **Read before you write**: everything a document shows is read (and every 4xx
 *   decided) before `sendPdf`; once its first bytes are sent the answer is a 200.
 *
 * Units: PDF points (1/72 inch); the page is A4 portrait. Text is plain (no markup);
 * control characters become spaces, a line break in a text starts a new line.
 */

/** The store as the top of every page shows it: its name in bold, then its contact lines. */
export interface Letterhead {
  name: string;
  /** Address, phone, e-mail...: each on its own line, empty ones left out. */
  lines: readonly string[];
}

/** What a document is: its title (the PDF's metadata and each page's heading) and its letterhead. */
export interface PdfSpec {
  /** Shown at the top right of each page ("Packing slip") and as the PDF's title. */
  title: string;
  letterhead: Letterhead;
  /** The PDF's subject (metadata: what readers and search show), e.g. the references it covers. */
  subject?: string;
  /** The downloaded file's name, ending in `.pdf` (`sendPdf` only). */
  fileName?: string;
  /**
   * The PDF's creation date (metadata; it also seeds the file's ID). Given, the same
   * document renders to the same bytes every time (a tax document, decision 0144);
   * absent, now.
   */
  createdAt?: Date;
}

/** A text's look. Sizes in points. */
export interface TextStyle {
  size?: number;
  weight?: PdfWeight;
  /** A CSS-like hex colour, `#1f2937` by default. */
  color?: string;
}

/** A column of `PdfWriter.table`. */
export interface PdfColumn<Row> {
  header: string;
  /** Its share of the page's text width (the shares of a table's columns add up to 1). */
  width: number;
  align?: 'left' | 'right';
  weight?: PdfWeight;
  /** The cell's text; it wraps within the column. */
  cell: (row: Row) => string;
}

/** A titled block of lines (an address: "Ship to", "Sold by"), for `PdfWriter.blocks`. */
export interface PdfBlock {
  title: string;
  lines: readonly string[];
}

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 40;
const TEXT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
/** Where the page's content ends: the footer sits below it. */
const CONTENT_BOTTOM = PAGE_HEIGHT - MARGIN - 18;
const BODY_SIZE = 9.5;
const LINE_SPACING = 1.35;
const CELL_PADDING = 4;
/** The most lines a table cell shows; the last one ends in "…" when its text is longer. */
const MAX_CELL_LINES = 12;
const TEXT_COLOR = '#1f2937';
const MUTED_COLOR = '#6b7280';
const RULE_COLOR = '#d1d5db';
const HEADER_FILL = '#f3f4f6';
/** Widths a document remembers (words of its texts), at most. */
const MAX_REMEMBERED_WIDTHS = 50_000;
/** A character no face has is drawn as this. */
const MISSING = '?';

/** A piece of a line drawn with one face. */
interface Run {
  face: string;
  text: string;
  width: number;
}

/** Turns control characters (tabs, NUL...) into spaces, keeping line breaks. */
function cleanText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to replace them
  return text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, ' ');
}

/**
 * A document being written: the calls a `render` function makes. Each call draws at the
 * current position and moves it down; a call that would pass the page's foot starts a
 * continuation page (the letterhead's name, the page's heading "(continued)") first.
 */
export class PdfWriter {
  readonly #doc: PDFKit.PDFDocument;
  readonly #spec: PdfSpec;
  readonly #pace = pacer();
  #y = MARGIN;
  #pages = 0;
  #heading = '';
  readonly #widths = new Map<string, number>();

  /** @internal made by `sendPdf` / `renderPdf`. */
  constructor(doc: PDFKit.PDFDocument, spec: PdfSpec) {
    this.#doc = doc;
    this.#spec = spec;
  }

  /** Pages begun so far. */
  get pageCount(): number {
    return this.#pages;
  }

  /**
   * Starts a new page with the full letterhead and `heading` (one shipment's slip, one
   * invoice: each begins with this). Lets waiting requests in first when the writer has
   * held the event loop 10 ms.
   */
  async page(heading: string = this.#spec.title): Promise<void> {
    await this.#pace();
    this.#heading = heading;
    this.#addPage();
    const { name, lines } = this.#spec.letterhead;
    const top = MARGIN;
    let y = this.#drawWrapped(name, MARGIN, top, TEXT_WIDTH * 0.6, { size: 15, weight: 'bold' });
    for (const line of lines.filter((text) => text.trim() !== ''))
      y = this.#drawWrapped(line, MARGIN, y, TEXT_WIDTH * 0.6, { size: 8, color: MUTED_COLOR });
    const right = this.#drawWrapped(heading, MARGIN + TEXT_WIDTH * 0.6, top + 2, TEXT_WIDTH * 0.4, {
      size: 13,
      weight: 'bold',
      align: 'right',
    });
    this.#y = Math.max(y, right) + 6;
    this.#rule();
    this.#y += 10;
  }

  /** A paragraph across the page's width. */
  text(text: string, style: TextStyle = {}): void {
    const lines = this.#wrap(text, TEXT_WIDTH, style);
    for (const line of lines) {
      this.#room(this.#lineHeight(style));
      this.#drawLine(line, MARGIN, this.#y, TEXT_WIDTH, style);
      this.#y += this.#lineHeight(style);
    }
  }

  /** Empty space of `points`. */
  space(points: number): void {
    this.#y += points;
  }

  /**
   * Label/value pairs in `columns` columns ("Order: HT-…", "Ship by: 27 Nov 2026"), the
   * label muted above its value. A value may wrap.
   */
  fields(pairs: ReadonlyArray<readonly [label: string, value: string]>, columns = 3): void {
    const width = TEXT_WIDTH / columns;
    for (let at = 0; at < pairs.length; at += columns) {
      const row = pairs.slice(at, at + columns);
      const cells = row.map(([label, value]) => ({
        label: this.#wrap(label, width - 8, { size: 7.5 }),
        value: this.#wrap(value, width - 8, { weight: 'bold' }),
      }));
      const height = Math.max(
        ...cells.map(
          (cell) =>
            cell.label.length * this.#lineHeight({ size: 7.5 }) +
            cell.value.length * this.#lineHeight({ weight: 'bold' }),
        ),
      );
      this.#room(height);
      cells.forEach((cell, index) => {
        let y = this.#y;
        const x = MARGIN + index * width;
        for (const line of cell.label) {
          this.#drawLine(line, x, y, width, { size: 7.5, color: MUTED_COLOR });
          y += this.#lineHeight({ size: 7.5 });
        }
        for (const line of cell.value) {
          this.#drawLine(line, x, y, width, { weight: 'bold' });
          y += this.#lineHeight({ weight: 'bold' });
        }
      });
      this.#y += height + 6;
    }
  }

  /** Titled blocks side by side, each an equal share of the width ("Sold by", "Ship to"). */
  blocks(blocks: readonly PdfBlock[]): void {
    if (blocks.length === 0) return;
    const width = TEXT_WIDTH / blocks.length;
    const laid = blocks.map((block) => ({
      title: this.#wrap(block.title, width - 10, { size: 7.5, weight: 'bold' }),
      lines: block.lines.flatMap((line) => this.#wrap(line, width - 10, {})),
    }));
    const height = Math.max(
      ...laid.map(
        (block) => block.title.length * this.#lineHeight({ size: 7.5 }) + block.lines.length * this.#lineHeight({}),
      ),
    );
    this.#room(Math.min(height, CONTENT_BOTTOM - MARGIN - 60));
    laid.forEach((block, index) => {
      let y = this.#y;
      const x = MARGIN + index * width;
      for (const line of block.title) {
        this.#drawLine(line, x, y, width, { size: 7.5, weight: 'bold', color: MUTED_COLOR });
        y += this.#lineHeight({ size: 7.5 });
      }
      for (const line of block.lines) {
        if (y + this.#lineHeight({}) > CONTENT_BOTTOM) break;
        this.#drawLine(line, x, y, width, {});
        y += this.#lineHeight({});
      }
    });
    this.#y += height + 10;
  }

  /**
   * A table: a header row, then one row per item of `rows`, each as tall as its longest
   * cell (at most 12 lines). A row that does not fit starts a continuation page, which
   * repeats the header. Lets waiting requests in between rows when the writer has held
   * the event loop 10 ms, so a table of thousands of rows is many short turns.
   */
  async table<Row>(columns: readonly PdfColumn<Row>[], rows: Iterable<Row>): Promise<void> {
    const widths = columns.map((column) => column.width * TEXT_WIDTH);
    const header = columns.map((column, index) =>
      this.#wrap(column.header, (widths[index] ?? 0) - 2 * CELL_PADDING, { size: 8, weight: 'bold' }),
    );
    const drawHeader = () => {
      const height =
        Math.max(...header.map((lines) => lines.length)) * this.#lineHeight({ size: 8 }) + 2 * CELL_PADDING;
      this.#doc.rect(MARGIN, this.#y, TEXT_WIDTH, height).fill(HEADER_FILL);
      let x = MARGIN;
      header.forEach((lines, index) => {
        let y = this.#y + CELL_PADDING;
        for (const line of lines) {
          this.#drawLine(line, x + CELL_PADDING, y, (widths[index] ?? 0) - 2 * CELL_PADDING, {
            size: 8,
            weight: 'bold',
            align: columns[index]?.align,
          });
          y += this.#lineHeight({ size: 8 });
        }
        x += widths[index] ?? 0;
      });
      this.#y += height;
    };
    this.#room(40);
    drawHeader();
    for (const row of rows) {
      await this.#pace();
      const cells = columns.map((column, index) => {
        const style: TextStyle = { weight: column.weight };
        const lines = this.#wrap(column.cell(row), (widths[index] ?? 0) - 2 * CELL_PADDING, style);
        if (lines.length <= MAX_CELL_LINES) return lines;
        const kept = lines.slice(0, MAX_CELL_LINES);
        kept[MAX_CELL_LINES - 1] = `${kept[MAX_CELL_LINES - 1]?.slice(0, -1)}…`;
        return kept;
      });
      const height = Math.max(...cells.map((lines) => lines.length), 1) * this.#lineHeight({}) + 2 * CELL_PADDING;
      if (this.#y + height > CONTENT_BOTTOM) {
        this.#continuationPage();
        drawHeader();
      }
      let x = MARGIN;
      cells.forEach((lines, index) => {
        let y = this.#y + CELL_PADDING;
        for (const line of lines) {
          this.#drawLine(line, x + CELL_PADDING, y, (widths[index] ?? 0) - 2 * CELL_PADDING, {
            weight: columns[index]?.weight,
            align: columns[index]?.align,
          });
          y += this.#lineHeight({});
        }
        x += widths[index] ?? 0;
      });
      this.#y += height;
      this.#doc
        .moveTo(MARGIN, this.#y)
        .lineTo(MARGIN + TEXT_WIDTH, this.#y)
        .lineWidth(0.5)
        .strokeColor(RULE_COLOR)
        .stroke();
    }
    this.#y += 10;
  }

  /** Ends the document: a document no `page` was begun in gets one empty page with the letterhead. */
  async finish(): Promise<void> {
    if (this.#pages === 0) await this.page();
  }

  #addPage(): void {
    this.#doc.addPage({ size: 'A4', margin: 0 });
    this.#pages += 1;
    this.#y = MARGIN;
    const footer = `${this.#spec.letterhead.name} · ${this.#heading} · page ${this.#pages}`;
    this.#drawWrapped(footer, MARGIN, PAGE_HEIGHT - MARGIN, TEXT_WIDTH, { size: 7, color: MUTED_COLOR });
  }

  /** A page following one that is full: the store's name and the heading "(continued)". */
  #continuationPage(): void {
    this.#addPage();
    const name = this.#drawWrapped(this.#spec.letterhead.name, MARGIN, MARGIN, TEXT_WIDTH * 0.5, {
      size: 10,
      weight: 'bold',
    });
    const heading = this.#drawWrapped(
      `${this.#heading} (continued)`,
      MARGIN + TEXT_WIDTH * 0.5,
      MARGIN,
      TEXT_WIDTH * 0.5,
      { size: 10, weight: 'bold', align: 'right' },
    );
    this.#y = Math.max(name, heading) + 4;
    this.#rule();
    this.#y += 8;
  }

  /** Starts a continuation page unless `height` more points fit on this one. */
  #room(height: number): void {
    if (this.#pages === 0) throw new Error('PdfWriter: call page() before drawing');
    if (this.#y + height > CONTENT_BOTTOM) this.#continuationPage();
  }

  #rule(): void {
    this.#doc
      .moveTo(MARGIN, this.#y)
      .lineTo(MARGIN + TEXT_WIDTH, this.#y)
      .lineWidth(0.75)
      .strokeColor(RULE_COLOR)
      .stroke();
  }

  #lineHeight(style: TextStyle): number {
    return (style.size ?? BODY_SIZE) * LINE_SPACING;
  }

  /** Splits `text` into runs, each drawn with one face; characters no face has become `?`. */
  #runs(text: string, style: TextStyle): Run[] {
    const fonts = pdfFonts();
    const weight = style.weight ?? 'regular';
    const runs: Run[] = [];
    let current: { face: string; text: string } | undefined;
    for (const character of text) {
      const codePoint = character.codePointAt(0) ?? 0;
      // A character the current face has stays in its run: spaces and joiners inside a
      // Devanagari word keep its shaping.
      const first = fonts.faceOf(codePoint, weight);
      const face = first !== undefined && current && fonts.has(current.face, codePoint) ? current.face : first;
      const drawn = face === undefined ? MISSING : character;
      const drawnFace = face ?? (fonts.faceOf(MISSING.codePointAt(0) ?? 63, weight) as string);
      if (current && current.face === drawnFace) current.text += drawn;
      else {
        if (current) runs.push({ ...current, width: 0 });
        current = { face: drawnFace, text: drawn };
      }
    }
    if (current) runs.push({ ...current, width: 0 });
    const size = style.size ?? BODY_SIZE;
    for (const run of runs) run.width = this.#doc.font(run.face).fontSize(size).widthOfString(run.text);
    return runs;
  }

  /** The width of `text` in `style`, remembered per document (a slip's words repeat on every page). */
  #width(text: string, style: TextStyle): number {
    const key = `${style.weight ?? 'regular'}|${style.size ?? BODY_SIZE}|${text}`;
    let width = this.#widths.get(key);
    if (width === undefined) {
      width = this.#runs(text, style).reduce((sum, run) => sum + run.width, 0);
      if (this.#widths.size < MAX_REMEMBERED_WIDTHS) this.#widths.set(key, width);
    }
    return width;
  }

  /**
   * `text` cut into lines no wider than `width` (at spaces; a word longer than a line at
   * characters). A line's width is the sum of its words' and spaces' (kerning across a
   * space is nil in these fonts), so each word is measured once.
   */
  #wrap(text: string, width: number, style: TextStyle): string[] {
    const lines: string[] = [];
    const space = this.#width(' ', style);
    for (const paragraph of cleanText(text).split('\n')) {
      let line = '';
      let lineWidth = 0;
      for (const word of paragraph.split(/ +/).filter((part) => part !== '')) {
        const wordWidth = this.#width(word, style);
        if (line !== '' && lineWidth + space + wordWidth <= width) {
          line = `${line} ${word}`;
          lineWidth += space + wordWidth;
          continue;
        }
        if (line !== '') lines.push(line);
        if (wordWidth <= width) {
          line = word;
          lineWidth = wordWidth;
          continue;
        }
        // A word wider than the line (an AWB of 40 characters in a narrow column): cut it.
        line = '';
        lineWidth = 0;
        for (const character of word) {
          const characterWidth = this.#width(character, style);
          if (line !== '' && lineWidth + characterWidth > width) {
            lines.push(line);
            line = '';
            lineWidth = 0;
          }
          line += character;
          lineWidth += characterWidth;
        }
      }
      lines.push(line);
    }
    return lines;
  }

  /** Draws one line of text at (`x`, `y`) within `width`, aligned as `style` says. */
  #drawLine(text: string, x: number, y: number, width: number, style: TextStyle & { align?: 'left' | 'right' }): void {
    const runs = this.#runs(text, style);
    const total = runs.reduce((sum, run) => sum + run.width, 0);
    let at = style.align === 'right' ? x + width - total : x;
    this.#doc.fillColor(style.color ?? TEXT_COLOR);
    for (const run of runs) {
      this.#doc
        .font(run.face)
        .fontSize(style.size ?? BODY_SIZE)
        .text(run.text, at, y, { lineBreak: false });
      at += run.width;
    }
  }

  /** Draws `text` wrapped within `width` from `y` down; answers the `y` below it. */
  #drawWrapped(
    text: string,
    x: number,
    y: number,
    width: number,
    style: TextStyle & { align?: 'left' | 'right' },
  ): number {
    let at = y;
    for (const line of this.#wrap(text, width, style)) {
      this.#drawLine(line, x, at, width, style);
      at += this.#lineHeight(style);
    }
    return at;
  }
}

/** A new pdfkit document for `spec` (no page yet: `PdfWriter.page` adds them), with the faces registered. */
function newDocument(spec: PdfSpec): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    autoFirstPage: false,
    size: 'A4',
    margin: 0,
    info: {
      Title: spec.title,
      Author: spec.letterhead.name,
      Creator: 'Haat',
      ...(spec.subject ? { Subject: spec.subject } : {}),
      ...(spec.createdAt ? { CreationDate: spec.createdAt } : {}),
    },
  });
  // The faces parsed once per process (pdf-fonts.ts), not their files: a document then
  // only lays out its texts and subsets what it drew.
  for (const [name, font] of pdfFonts().parsed) doc.registerFont(name, font as unknown as PDFKit.Mixins.PDFFontSource);
  return doc;
}

/**
 * Streams the PDF `render` draws to `reply` as `application/pdf` (`inline`, named
 * `spec.fileName`, `cache-control: no-store`). The bytes go out as pages are written;
 * `render` yields to other requests between pages and table rows. Read everything and
 * decide every 4xx BEFORE calling: once sending has begun, an error in `render` can only
 * cut the answer short (it is logged, and the reader gets a truncated file).
 */
export function sendPdf(reply: FastifyReply, spec: PdfSpec, render: (pdf: PdfWriter) => Promise<void>): FastifyReply {
  const doc = newDocument(spec);
  const writer = new PdfWriter(doc, spec);
  const fileName = (spec.fileName ?? 'document.pdf').replace(/[^A-Za-z0-9._-]/g, '-');
  void (async () => {
    try {
      await render(writer);
      await writer.finish();
      doc.end();
    } catch (error) {
      reply.log.error({ err: error }, 'A PDF failed while it was being sent');
      doc.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(doc);
}

/**
 * The bytes of the PDF `render` draws (a job's file, a mail's attachment, a test). The
 * same writer and the same yielding as `sendPdf`; held in memory whole.
 */
export async function renderPdf(spec: PdfSpec, render: (pdf: PdfWriter) => Promise<void>): Promise<Buffer> {
  const doc = newDocument(spec);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const writer = new PdfWriter(doc, spec);
  await render(writer);
  await writer.finish();
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

const RUPEES = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Paise as the documents print rupees: `₹1,23,456.50` (Indian digit grouping, two decimals). */
export function formatRupees(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  return `${sign}₹${RUPEES.format(Math.abs(paise) / 100)}`;
}

/**
 * A UTC ISO time as the documents print it, in the store's time zone (`STORE_TIME_ZONE`):
 * `27 Nov 2026, 19:35 GMT+5:30` (the zone always named, so a printed time is never ambiguous).
 */
export function formatPdfTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(new Date(iso));
}
