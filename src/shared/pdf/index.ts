/** Server-side PDF building blocks shared by the certificate and invoice PDFs: an A4 document with the CJK font registered, the issuer's header, key-value blocks, tables that break across pages, and a vector QR code. */
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { cjkFont } from './font.ts';

export { loadCjkFont, CJK_FONT_FILE } from './font.ts';

/** A4 in PDF points (595.28 x 841.89) with 20 mm side margins and room for the footer line. */
export const A4_MARGINS = { top: 48, bottom: 56, left: 56, right: 56 } as const;

const INK = '#1f2933';
const MUTED = '#52606d';
const RULE = '#cbd2d9';
const HEAD_FILL = '#eef2f6';

/** Who issues the document: printed at the top of every page's header block and in the document's metadata. */
export interface PdfIssuer {
  name: string;
  /** Address, phone, licence or accreditation lines, each printed on its own line. */
  lines: readonly string[];
}

export interface PdfMeta {
  title: string;
  subject?: string;
  /** Fixed creation date: the same input gives the same bytes (cacheable, testable). */
  createdAt?: Date;
}

export interface PdfColumn {
  label: string;
  /** Share of the content width; the shares of a table's columns are normalised. */
  width: number;
  align?: 'left' | 'right' | 'center';
}

/** One document under construction; methods write at the cursor and advance it, adding pages when needed. */
export class PdfDoc {
  readonly doc: PDFKit.PDFDocument;

  constructor(doc: PDFKit.PDFDocument) {
    this.doc = doc;
  }

  /** Width between the margins. */
  get contentWidth(): number {
    return this.doc.page.width - A4_MARGINS.left - A4_MARGINS.right;
  }

  /** Starts a new page when fewer than `height` points are left above the bottom margin. */
  ensureSpace(height: number): void {
    if (this.doc.y + height > this.doc.page.height - A4_MARGINS.bottom) this.doc.addPage();
  }

  /** The issuer's block and the document title, with a rule under them. `aside` goes right-aligned beside the issuer (e.g. a document number). */
  header(issuer: PdfIssuer, title: string, aside: readonly string[] = []): this {
    const { doc } = this;
    const x = A4_MARGINS.left;
    const top = doc.y;
    doc
      .fillColor(INK)
      .fontSize(13)
      .text(issuer.name, x, top, { width: this.contentWidth * 0.62 });
    doc.fillColor(MUTED).fontSize(8.5);
    for (const line of issuer.lines) doc.text(line, { width: this.contentWidth * 0.62 });
    const leftBottom = doc.y;
    doc.y = top;
    for (const line of aside) doc.text(line, x + this.contentWidth * 0.62, doc.y, { width: this.contentWidth * 0.38, align: 'right' });
    doc.y = Math.max(leftBottom, doc.y) + 8;
    this.rule();
    doc.moveDown(0.6);
    doc.fillColor(INK).fontSize(18).text(title, x, doc.y, { width: this.contentWidth, align: 'center' });
    doc.moveDown(0.6);
    return this;
  }

  /** A section heading. */
  heading(text: string): this {
    this.ensureSpace(40);
    this.doc.moveDown(0.4);
    this.doc.fillColor(INK).fontSize(11.5).text(text, A4_MARGINS.left, this.doc.y, { width: this.contentWidth });
    this.doc.moveDown(0.25);
    return this;
  }

  /** Running text in the muted colour. */
  paragraph(text: string, size = 9): this {
    this.doc.fillColor(MUTED).fontSize(size).text(text, A4_MARGINS.left, this.doc.y, { width: this.contentWidth, lineGap: 2 });
    this.doc.moveDown(0.3);
    return this;
  }

  /** A horizontal rule across the content width at the cursor. */
  rule(): this {
    const { doc } = this;
    doc
      .save()
      .moveTo(A4_MARGINS.left, doc.y)
      .lineTo(A4_MARGINS.left + this.contentWidth, doc.y)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke()
      .restore();
    return this;
  }

  /** Label-value pairs in `columns` columns (label muted above its value), row by row. */
  keyValues(pairs: ReadonlyArray<readonly [string, string]>, columns = 2): this {
    const { doc } = this;
    const gap = 12;
    const cellWidth = (this.contentWidth - gap * (columns - 1)) / columns;
    for (let i = 0; i < pairs.length; i += columns) {
      const row = pairs.slice(i, i + columns);
      doc.fontSize(9.5);
      const height = Math.max(...row.map(([, value]) => doc.heightOfString(value || '-', { width: cellWidth }))) + 14;
      this.ensureSpace(height + 4);
      const top = doc.y;
      row.forEach(([label, value], c) => {
        const x = A4_MARGINS.left + c * (cellWidth + gap);
        doc.fillColor(MUTED).fontSize(8).text(label, x, top, { width: cellWidth });
        doc
          .fillColor(INK)
          .fontSize(9.5)
          .text(value || '-', x, top + 11, { width: cellWidth });
      });
      doc.y = top + height + 2;
    }
    doc.x = A4_MARGINS.left;
    return this;
  }

  /** A table with a shaded header row, repeated on each new page; cell text wraps and rows never split across pages. */
  table(columns: readonly PdfColumn[], rows: ReadonlyArray<readonly string[]>, size = 9): this {
    const { doc } = this;
    const total = columns.reduce((sum, c) => sum + c.width, 0);
    const widths = columns.map((c) => (c.width / total) * this.contentWidth);
    const pad = 4;
    const rowHeight = (cells: readonly string[]) => {
      doc.fontSize(size);
      return Math.max(...cells.map((cell, i) => doc.heightOfString(cell || '-', { width: widths[i] - pad * 2 }))) + pad * 2;
    };
    const drawRow = (cells: readonly string[], head: boolean) => {
      const height = rowHeight(cells);
      const top = doc.y;
      if (head) doc.save().rect(A4_MARGINS.left, top, this.contentWidth, height).fill(HEAD_FILL).restore();
      let x = A4_MARGINS.left;
      cells.forEach((cell, i) => {
        doc
          .fillColor(head ? MUTED : INK)
          .fontSize(size)
          .text(cell || '-', x + pad, top + pad, { width: widths[i] - pad * 2, align: columns[i].align ?? 'left' });
        x += widths[i];
      });
      doc.y = top + height;
      this.rule();
    };
    const head = columns.map((c) => c.label);
    this.ensureSpace(rowHeight(head) + (rows[0] ? rowHeight(rows[0]) : 0));
    drawRow(head, true);
    for (const row of rows) {
      if (doc.y + rowHeight(row) > doc.page.height - A4_MARGINS.bottom) {
        doc.addPage();
        drawRow(head, true);
      }
      drawRow(row, false);
    }
    doc.x = A4_MARGINS.left;
    doc.moveDown(0.4);
    return this;
  }

  /** A QR code drawn as vector squares (crisp at any zoom, a few hundred bytes), with an optional caption under it. */
  qr(text: string, at: { x: number; y: number; size: number }, caption?: string): this {
    const { doc } = this;
    const code = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const count = code.modules.size;
    const quiet = 2;
    const cell = at.size / (count + quiet * 2);
    doc.save().rect(at.x, at.y, at.size, at.size).fill('#ffffff');
    doc.fillColor('#000000');
    for (let r = 0; r < count; r += 1) {
      for (let c = 0; c < count; c += 1) {
        if (code.modules.get(r, c)) doc.rect(at.x + (c + quiet) * cell, at.y + (r + quiet) * cell, cell, cell);
      }
    }
    doc.fill().restore();
    if (caption) {
      this.placed(() =>
        doc
          .fillColor(MUTED)
          .fontSize(7.5)
          .text(caption, at.x - 20, at.y + at.size + 2, { width: at.size + 40, align: 'center', lineBreak: false }),
      );
    }
    return this;
  }

  /** Runs `draw` with the bottom margin lifted: text placed at a fixed spot (footer, captions) must never make pdfkit add a page. */
  placed(draw: () => void): this {
    const { doc } = this;
    const bottom = doc.page.margins.bottom;
    const y = doc.y;
    doc.page.margins.bottom = 0;
    try {
      draw();
    } finally {
      doc.page.margins.bottom = bottom;
      doc.y = y;
      doc.x = A4_MARGINS.left;
    }
    return this;
  }

  /** Footer text and page numbers on every page (call last: pages are buffered). */
  footer(text: string): this {
    const { doc } = this;
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i += 1) {
      doc.switchToPage(i);
      const y = doc.page.height - A4_MARGINS.bottom + 18;
      this.placed(() => {
        doc
          .fillColor(MUTED)
          .fontSize(7.5)
          .text(text, A4_MARGINS.left, y, { width: this.contentWidth * 0.8, lineBreak: false });
        doc.text(`${i + 1} / ${range.count}`, A4_MARGINS.left + this.contentWidth * 0.8, y, {
          width: this.contentWidth * 0.2,
          align: 'right',
          lineBreak: false,
        });
      });
    }
    return this;
  }
}

/**
 * Builds a PDF: an A4 document with the CJK subset font as its only font (no Helvetica metrics file is read, so nothing
 * outside the repo's font is needed at run time), handed to `build`, and returned as bytes.
 */
export async function renderPdf(meta: PdfMeta, build: (pdf: PdfDoc) => void | Promise<void>): Promise<Uint8Array<ArrayBuffer>> {
  const font = await cjkFont();
  const doc = new PDFDocument({
    size: 'A4',
    margins: A4_MARGINS,
    // pdfkit passes this to doc.font(), which takes a parsed fontkit font (or bytes); @types/pdfkit only lists a name.
    font: font as unknown as string,
    bufferPages: true,
    compress: true,
    lang: 'zh-CN',
    displayTitle: true,
    info: { Title: meta.title, Subject: meta.subject ?? meta.title, Creator: 'gas-storefront', CreationDate: meta.createdAt ?? new Date() },
  });
  const chunks: Buffer[] = [];
  // Backed by a plain ArrayBuffer, so the bytes go straight into a Response body.
  const done = new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  await build(new PdfDoc(doc));
  doc.end();
  return done;
}
