import PDFDocument from 'pdfkit';
import { GST_RATE_BP, SAC_CODE, formatRupees, istDate, type InvoiceDetail } from '@vayu/domain';

/**
 * An invoice as a printable A4 PDF (pdfkit): a GST tax invoice with the
 * seller's and buyer's GSTINs and states, the place of supply, the SAC, each
 * line, the taxable value, CGST and SGST or IGST, and the total in figures and
 * in words. Amounts are in rupees (INR) in the Indian grouping; the PDF's
 * standard fonts have no rupee sign, so columns say INR.
 */

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  return [TENS[Math.floor(n / 10)], ONES[n % 10]].filter(Boolean).join(' ');
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', rest ? belowHundred(rest) : '']
    .filter(Boolean)
    .join(' ');
}

/** A whole number of rupees in Indian words (crore, lakh, thousand): 1234567 → "Twelve Lakh Thirty Four Thousand Five Hundred Sixty Seven". */
export function rupeesInWords(rupees: number): string {
  if (rupees === 0) return 'Zero';
  const parts: string[] = [];
  const crore = Math.floor(rupees / 10_000_000);
  const lakh = Math.floor((rupees % 10_000_000) / 100_000);
  const thousand = Math.floor((rupees % 100_000) / 1000);
  const rest = rupees % 1000;
  if (crore) parts.push(`${crore >= 1000 ? rupeesInWords(crore) : belowThousand(crore)} Crore`);
  if (lakh) parts.push(`${belowHundred(lakh)} Lakh`);
  if (thousand) parts.push(`${belowHundred(thousand)} Thousand`);
  if (rest) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/** "Rupees … and … Paise Only", as an Indian invoice writes its total. */
export function amountInWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return `Rupees ${rupeesInWords(rupees)}${rest ? ` and ${belowHundred(rest)} Paise` : ''} Only`;
}

const percent = (bp: number) => `${bp / 100}%`;

export function renderInvoicePdf(invoice: InvoiceDetail): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: {
      Title: `Tax Invoice ${invoice.number}`,
      Author: invoice.seller.name,
      Subject: `${invoice.planName} plan, ${invoice.periodStart} to ${invoice.periodEnd}`,
      CreationDate: new Date(invoice.issuedAt),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.font('Helvetica-Bold').fontSize(18).text('Tax Invoice', left, 48);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`Invoice no. ${invoice.number}`, left, 52, { width, align: 'right' })
    .text(`Date ${istDate(new Date(invoice.issuedAt))}`, { width, align: 'right' })
    .text(`Status ${invoice.status}`, { width, align: 'right' });

  const partyTop = 110;
  const half = width / 2 - 8;
  const party = (title: string, p: InvoiceDetail['seller'], x: number) => {
    doc.font('Helvetica-Bold').fontSize(10).text(title, x, partyTop, { width: half });
    doc.font('Helvetica').fontSize(10).text(p.name, { width: half });
    if (p.address) doc.text(p.address, { width: half });
    doc.text(`State: ${p.stateName} (${p.stateCode})`, { width: half });
    doc.text(`GSTIN: ${p.gstin ?? 'Unregistered'}`, { width: half });
    return doc.y;
  };
  const bottom = Math.max(
    party('Seller', invoice.seller, left),
    party('Bill to', invoice.buyer, left + half + 16),
  );

  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`Place of supply: ${invoice.buyer.stateName} (${invoice.buyer.stateCode})`, left, bottom + 14)
    .text(`Service: subscription to the Vayu monitoring console, SAC ${SAC_CODE}`)
    .text(`Plan: ${invoice.planName} (${invoice.planCode}), ${invoice.periodStart} to ${invoice.periodEnd}`);

  // Lines
  const columns = [
    { label: '#', width: 24, align: 'left' as const },
    { label: 'Description', width: width - 24 - 40 - 100 - 100, align: 'left' as const },
    { label: 'Qty', width: 40, align: 'right' as const },
    { label: 'Rate (INR)', width: 100, align: 'right' as const },
    { label: 'Amount (INR)', width: 100, align: 'right' as const },
  ];
  const row = (cells: string[], bold = false) => {
    const top = doc.y;
    let x = left;
    let height = 0;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      const h = doc.heightOfString(cell, { width: column.width - 6 });
      doc.text(cell, x + 3, top, { width: column.width - 6, align: column.align });
      height = Math.max(height, h);
      x += column.width;
    });
    doc.y = top + height + 6;
    doc
      .moveTo(left, doc.y - 3)
      .lineTo(left + width, doc.y - 3)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
  };
  doc.y += 16;
  row(
    columns.map((c) => c.label),
    true,
  );
  invoice.lines.forEach((line, i) =>
    row([
      String(i + 1),
      line.description,
      String(line.quantity),
      formatRupees(line.unitPrice),
      formatRupees(line.amount),
    ]),
  );

  // Totals
  const total = (label: string, amount: number, bold = false) => {
    const top = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(label, left, top, { width: width - 106, align: 'right' });
    doc.text(formatRupees(amount), left + width - 100, top, { width: 97, align: 'right' });
    doc.y = top + 16;
  };
  doc.y += 6;
  total('Taxable value', invoice.taxable);
  if (invoice.igst > 0 || (invoice.cgst === 0 && invoice.seller.stateCode !== invoice.buyer.stateCode)) {
    total(`IGST ${percent(GST_RATE_BP)}`, invoice.igst);
  } else {
    total(`CGST ${percent(GST_RATE_BP / 2)}`, invoice.cgst);
    total(`SGST ${percent(GST_RATE_BP / 2)}`, invoice.sgst);
  }
  total('Total (INR)', invoice.total, true);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`Amount in words: ${amountInWords(invoice.total)}`, left, doc.y + 6, { width });

  if (invoice.payments.length > 0) {
    doc.moveDown().font('Helvetica-Bold').text('Payments', left);
    doc.font('Helvetica');
    for (const payment of invoice.payments) {
      const method = payment.method === 'CHEQUE' ? 'Cheque' : 'Bank transfer';
      doc.text(
        `${payment.paidOn}  ${method} ${payment.reference}  INR ${formatRupees(payment.amount)}  ${payment.status}`,
      );
    }
  }

  doc
    .fontSize(8)
    .fillColor('#444444')
    .text('This is a computer-generated invoice and needs no signature.', left, doc.page.height - 72, {
      width,
      align: 'center',
      lineBreak: false,
    });
  doc.end();
  return done;
}
