// The tax invoice (and a change's credit note, laid out alike) as a PDF, drawn with pdfkit. Its built-in Helvetica has no ₹ glyph, so amounts are
// written in INR throughout (column heads say so), as many Indian invoices do.
import PDFDocument from "pdfkit";
import { signInvoicePdf } from "./invoice-signature";
import { textInScripts } from "../shared/pdf-fonts";
import { longDate } from "../shared/dates";
import type { ChangeOnInvoice, CreditNoteData } from "./change-documents";
import type { InvoiceData } from "./invoices";

type Document = (InvoiceData & { change?: ChangeOnInvoice }) | CreditNoteData;
const isCreditNote = (d: Document): d is CreditNoteData => "original_invoice" in d;

/** 264910 → "2,649.10", -156517 → "-1,565.17": Indian digit grouping, always two decimals, the sign in front. */
export function formatInr(paise: number): string {
  const abs = Math.abs(paise);
  const rupees = String(Math.floor(abs / 100));
  const last3 = rupees.slice(-3);
  const lead = rupees.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ",");
  return `${paise < 0 ? "-" : ""}${lead ? `${lead},${last3}` : last3}.${String(abs % 100).padStart(2, "0")}`;
}

const INK = "#1c2430";
const MUTED = "#5b6675";
const RULE = "#c9d0d8";
const BAND = "#eef2f6";

export async function invoicePdf(inv: Document): Promise<Buffer> {
  const credit = isCreditNote(inv);
  const name = credit ? "Credit note" : "Tax invoice";
  const doc = new PDFDocument({
    size: "A4",
    margin: 48,
    info: { Title: `${name} ${inv.number}`, Author: inv.supplier.name, Subject: `Order ${inv.order_id}` },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;

  // Title row.
  doc
    .fillColor(INK)
    .font("Helvetica-Bold")
    .fontSize(20)
    .text(credit ? "Credit Note" : "Tax Invoice", left, 48);
  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor(MUTED)
    .text("Original for recipient", left, 54, { width, align: "right" });
  doc.moveTo(left, 80).lineTo(right, 80).lineWidth(1).strokeColor(INK).stroke();

  // Supplier (left) and invoice particulars (right).
  const colW = width / 2 - 12;
  let y = 92;
  doc.fillColor(MUTED).fontSize(8).font("Helvetica-Bold").text("SUPPLIER", left, y);
  doc
    .fillColor(INK)
    .fontSize(11)
    .text(inv.supplier.name, left, y + 12, { width: colW });
  doc.font("Helvetica").fontSize(9).text(inv.supplier.address, { width: colW });
  doc.text(`GSTIN: ${inv.supplier.gstin}`, { width: colW });
  doc.text(`State: ${inv.supplier.state_name} (code ${inv.supplier.state_code})`, { width: colW });
  doc.text(`Email: ${inv.supplier.email}`, { width: colW });
  // Documents issued before each supplier invoiced its own supply say neither (decision 0047).
  if (inv.supplier.role) doc.text(inv.supplier.role, { width: colW });
  if (inv.document_for) doc.font("Helvetica-Bold").text(`For: ${inv.document_for}`, { width: colW });
  const supplierBottom = doc.y;

  const period = `${longDate(inv.billing_period.from)} to ${longDate(inv.billing_period.to)}`;
  const particulars: [string, string][] = credit
    ? [
        ["Credit note number", inv.number],
        ["Credit note date", longDate(inv.date)],
        ["Original invoice", `${inv.original_invoice.number} dated ${longDate(inv.original_invoice.date)}`],
        ["Place of supply", `${inv.place_of_supply.state_name} (${inv.place_of_supply.state_code})`],
        ["Reverse charge", "No"],
        ["Period credited", period],
        ["Order", inv.order_id],
      ]
    : [
        ["Invoice number", inv.number],
        ["Invoice date", longDate(inv.date)],
        ["Place of supply", `${inv.place_of_supply.state_name} (${inv.place_of_supply.state_code})`],
        ["Reverse charge", "No"],
        ["Billing period", period],
        ["Order", inv.order_id],
        ["Payment", inv.payment_id],
      ];
  const px = left + colW + 24;
  let py = y;
  for (const [label, value] of particulars) {
    doc.font("Helvetica").fontSize(8.5).fillColor(MUTED).text(label, px, py, { width: 82 });
    doc
      .font("Helvetica-Bold")
      .fillColor(INK)
      .text(value, px + 84, py, { width: colW - 84 });
    py = doc.y + 3;
  }

  // Recipient.
  y = Math.max(supplierBottom, py) + 14;
  doc.rect(left, y, width, 1).fill(RULE);
  y += 10;
  doc.fillColor(MUTED).fontSize(8).font("Helvetica-Bold").text("BILL TO (RECIPIENT)", left, y);
  doc.fillColor(INK).fontSize(11);
  textInScripts(doc, "Helvetica-Bold", inv.recipient.name, left, y + 12, { width });
  doc.fontSize(9);
  textInScripts(doc, "Helvetica", inv.recipient.address, left, doc.y, { width });
  doc.text(`GSTIN: ${inv.recipient.gstin}`, { width });
  doc.text(
    `State: ${inv.recipient.state_name} (code ${inv.recipient.state_code})${inv.recipient.is_sez ? " · SEZ unit" : ""}`,
    { width },
  );
  y = doc.y + 16;

  // What the change was: the reason for a credit, the joiner for an addition, and the pro-rata rule.
  const change = inv.change;
  if (change !== undefined) {
    const lead = credit
      ? `Reason for credit: ${inv.reason}`
      : `Addition during the year: employee ${change.employee_code}, ${change.band_label}, ${change.range_label}, ${
          change.cover_from && change.cover_from !== change.effective_date
            ? `joined ${longDate(change.effective_date)}, covered from ${longDate(change.cover_from)}, the day the premium was received.`
            : `covered from ${longDate(change.effective_date)}.`
        }`;
    doc.font("Helvetica").fontSize(9).fillColor(INK).text(lead, left, y, { width });
    doc.text(`Pro rata: ${change.rule}.`, left, doc.y + 2, { width });
    y = doc.y + 12;
  }

  // Lines.
  const cols = { n: left + 6, desc: left + 28, sac: left + 318, amt: right - 116 };
  const amtW = 110;
  doc.rect(left, y, width, 20).fill(BAND);
  doc.fillColor(INK).font("Helvetica-Bold").fontSize(8.5);
  doc.text("#", cols.n, y + 6);
  doc.text("Description of service", cols.desc, y + 6);
  doc.text("SAC", cols.sac, y + 6);
  doc.text("Taxable value (INR)", cols.amt, y + 6, { width: amtW, align: "right" });
  y += 26;
  inv.lines.forEach((line, i) => {
    doc
      .font("Helvetica")
      .fontSize(9)
      .fillColor(INK)
      .text(String(i + 1), cols.n, y);
    doc.text(line.description, cols.desc, y, { width: cols.sac - cols.desc - 12 });
    const descBottom = doc.y;
    doc
      .fontSize(8)
      .fillColor(MUTED)
      .text(line.detail, cols.desc, descBottom + 1, { width: cols.sac - cols.desc - 12 });
    // Invoices issued before the supplier was named per line have no such text.
    if (line.supplied_by) doc.text(line.supplied_by, cols.desc, doc.y + 1, { width: cols.sac - cols.desc - 12 });
    const rowBottom = doc.y;
    doc.fontSize(9).fillColor(INK).text(line.sac, cols.sac, y);
    doc.text(formatInr(line.taxable_paise), cols.amt, y, { width: amtW, align: "right" });
    y = rowBottom + 8;
    doc.rect(left, y - 4, width, 0.5).fill(RULE);
  });

  // Totals.
  y += 6;
  const labelX = left + width / 2;
  const row = (label: string, value: string, bold = false) => {
    doc
      .font(bold ? "Helvetica-Bold" : "Helvetica")
      .fontSize(bold ? 11 : 9)
      .fillColor(INK);
    doc.text(label, labelX, y, { width: width / 2 - amtW - 6 });
    doc.text(value, cols.amt, y, { width: amtW, align: "right" });
    y = doc.y + 5;
  };
  row("Total taxable value", formatInr(inv.taxable_paise));
  const financial = credit && inv.financial_note ? inv.financial_note : null;
  if (inv.tax_lines.length === 0) row(financial ? "GST adjusted: none" : "IGST (zero-rated supply)", formatInr(0));
  for (const t of inv.tax_lines) row(`${t.label.replace(/ \d+%$/, "")} @ ${t.rate_bp / 100}%`, formatInr(t.paise));
  row("Total tax", formatInr(inv.tax_paise));
  doc.rect(labelX, y, right - labelX, 1).fill(INK);
  y += 6;
  row(credit ? "Credit note total (INR)" : "Invoice total (INR)", formatInr(inv.total_paise), true);
  if (!credit && inv.change !== undefined && inv.change.credit_applied_paise > 0) {
    row("Credit from removals used", `- ${formatInr(inv.change.credit_applied_paise)}`);
    row("Amount due (INR)", formatInr(inv.change.amount_due_paise), true);
  }

  y += 6;
  doc.font("Helvetica").fontSize(8.5).fillColor(MUTED).text("Amount in words", left, y);
  doc
    .font("Helvetica-Bold")
    .fontSize(9.5)
    .fillColor(INK)
    .text(inv.total_in_words, left, doc.y + 2, { width });
  y = doc.y + 10;
  for (const note of [inv.zero_rated_note, financial]) {
    if (note === null) continue;
    doc.font("Helvetica-Bold").fontSize(9);
    const h = doc.heightOfString(note, { width: width - 16 });
    doc.rect(left, y, width, h + 16).fill(BAND);
    doc.fillColor(INK).text(note, left + 8, y + 8, { width: width - 16 });
    y += h + 26;
  }

  // The insurer, and the policy the document belongs to: on every document once the policy is issued.
  if (inv.insurer) {
    y = Math.max(y, doc.y) + 8;
    doc.font("Helvetica").fontSize(9).fillColor(INK);
    // An insurer's own document names it as the supplier; another's names the insurer of the policy.
    const insurerSupplies = inv.supplier_key === "health" || inv.supplier_key === "life";
    if (!insurerSupplies)
      doc.text(`Insurer: ${inv.insurer.name} (IRDAI Reg. No. ${inv.insurer.irdai_registration_no})`, left, y, {
        width,
      });
    doc.text(
      inv.policy_number ? `Policy number: ${inv.policy_number}` : "Policy number: issued with the certificate",
      left,
      insurerSupplies ? y : doc.y + 2,
      { width },
    );
    y = doc.y;
  }

  // Signature block and notes.
  y = Math.max(y + 20, doc.y + 20);
  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor(INK)
    .text(`For ${inv.supplier.name}`, labelX, y, { width: right - labelX, align: "right" });
  doc.moveDown(2.2);
  // The file carries a PAdES signature with the sandbox's own certificate (decision 0033), and says so.
  doc.text("Authorised signatory", labelX, doc.y, { width: right - labelX, align: "right" });
  doc
    .fontSize(7.5)
    .fillColor(MUTED)
    .text("Digitally signed (PAdES) with a sandbox certificate", labelX, doc.y + 2, {
      width: right - labelX,
      align: "right",
    });
  doc
    .fontSize(8)
    .fillColor(MUTED)
    .text(
      [
        credit
          ? `${financial ? "A financial credit note, issued" : "Issued under section 34 of the CGST Act"} against invoice ${inv.original_invoice.number}. Questions about this credit note: ${inv.supplier.email}.`
          : `${inv.document_for ?? "Group insurance premium"}: ${inv.members} ${inv.members === 1 ? "member" : "members"} under ${inv.plan.name}, paid ${
              inv.policy === "monthly" ? "monthly" : "yearly"
            }. Questions about this invoice: ${inv.supplier.email}.`,
        inv.not_modelled ?? "",
      ]
        .filter((t) => t !== "")
        .join(" "),
      left,
      doc.page.height - doc.page.margins.bottom - 36,
      { width, align: "center" },
    );
  doc.end();
  return signInvoicePdf(await done, inv.number);
}
