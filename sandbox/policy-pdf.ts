// The certificate of insurance and the e-cards as PDFs, drawn with pdfkit like the tax invoice
// (sandbox/invoice-pdf.ts). The cover is described in the catalogue's words (sandbox/cover.ts).
import PDFDocument from "pdfkit";
import { describeSumInsured } from "./cover";
import { longDate } from "./dates";
import { textInScripts } from "./pdf-fonts";
import type { PolicyData } from "./policy";

const INK = "#1c2430";
const MUTED = "#5b6675";
const RULE = "#c9d0d8";
const BAND = "#eef2f6";
const SAMPLE_NOTE = "Sample data: the insurer, intermediary and TPA are invented for the Kavach sandbox.";

export interface CardMember {
  member_id: string;
  full_name: string;
  relationship: string;
  date_of_birth: string;
  employee_code: string;
  /** A leaver's (and their family's) last day of cover (docs/product.md, Changes during the year). */
  cover_ended_on?: string | null;
}

/** "Cover ended on 24 June 2025", or "ends" while the last day is still to come. */
export function coverEndWords(lastDay: string, today: string): string {
  return `Cover ${lastDay < today ? "ended" : "ends"} on ${longDate(lastDay)}`;
}

function render(title: string, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", margin: 48, info: { Title: title, Author: "Kavach" } });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  draw(doc);
  doc.end();
  return done;
}

const RELATIONSHIP_WORDS: Record<string, string> = {
  self: "Employee (self)",
  spouse: "Spouse",
  son: "Son",
  daughter: "Daughter",
};

export function certificatePdf(p: PolicyData): Promise<Buffer> {
  return render(`Certificate of insurance ${p.policy_number}`, (doc) => {
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    doc.fillColor(INK).font("Helvetica-Bold").fontSize(20).text("Certificate of Insurance", left, 48);
    doc.font("Helvetica").fontSize(10).fillColor(MUTED).text("Group health insurance (employer-employee group)");
    doc.moveDown(0.5);
    doc.rect(left, doc.y, width, 1).fill(INK);
    doc.moveDown(0.8);
    const row = (label: string, value: string) => {
      const y = doc.y;
      doc.font("Helvetica").fontSize(9).fillColor(MUTED).text(label, left, y, { width: 140 });
      doc.fontSize(10).fillColor(INK);
      textInScripts(doc, "Helvetica-Bold", value, left + 150, y, { width: width - 150 });
      doc.moveDown(0.35);
    };
    row("Policy number", p.policy_number);
    row("Policy period", `${longDate(p.period.from)} to ${longDate(p.period.to)}`);
    row("Policyholder", p.policyholder.name);
    row("GSTIN", p.policyholder.gstin);
    if (p.policyholder.address !== "") row("Address", p.policyholder.address);
    row("Plan", p.plan_name);
    row("Sum insured", describeSumInsured(p.sum_insured_inr, p.sum_insured_basis));
    row(
      "Insurer",
      `${p.insurer.name} (IRDAI Reg. No. ${p.insurer.irdai_registration_no})${p.sample ? " - Sample data" : ""}`,
    );
    row(
      "Intermediary",
      `${p.intermediary.name}, ${p.intermediary.kind} (IRDAI Reg. No. ${p.intermediary.irdai_registration_no})${p.sample ? " - Sample data" : ""}`,
    );
    row("TPA (cashless claims)", `${p.tpa.name}, helpline ${p.tpa.cashless_helpline}`);

    doc.moveDown(0.8);
    doc.font("Helvetica-Bold").fontSize(11).fillColor(INK).text("Members by age band and family cover", left);
    doc.moveDown(0.4);
    let y = doc.y;
    doc.rect(left, y, width, 18).fill(BAND);
    doc.fillColor(INK).font("Helvetica-Bold").fontSize(9);
    doc.text("Age band", left + 6, y + 5);
    doc.text("Family cover", left + 150, y + 5);
    doc.text("Employees", left + 330, y + 5, { width: 70, align: "right" });
    doc.text("Lives", left + 410, y + 5, { width: 70, align: "right" });
    y += 24;
    const line = (a: string, b: string, e: number, l: number, bold = false) => {
      doc
        .font(bold ? "Helvetica-Bold" : "Helvetica")
        .fontSize(9)
        .fillColor(INK);
      doc.text(a, left + 6, y);
      doc.text(b, left + 150, y);
      doc.text(String(e), left + 330, y, { width: 70, align: "right" });
      doc.text(String(l), left + 410, y, { width: 70, align: "right" });
      y += 16;
      doc.rect(left, y - 4, width, 0.5).fill(RULE);
    };
    for (const c of p.members_by_cover)
      line(c.band_label, `${c.range_label} (${c.range})`, c.employees_named, c.lives_named);
    line("Total", "", p.employees, p.lives, true);
    doc
      .font("Helvetica")
      .fontSize(8)
      .fillColor(MUTED)
      .text(
        `Issued ${longDate(p.issued_at.slice(0, 10))}. The policy's terms and exclusions are in the insurer's policy wording. ${p.sample ? SAMPLE_NOTE : ""}`,
        left,
        y + 16,
        { width },
      );
  });
}

const CARD_H = 220;
const CARDS_PER_PAGE = 3;

/** One e-card per member, three to an A4 page, in the order given. */
export function eCardsPdf(p: PolicyData, members: readonly CardMember[], today: string): Promise<Buffer> {
  const title = members.length === 1 ? `E-card ${members[0]!.member_id}` : `E-cards ${p.policy_number}`;
  return render(title, (doc) => {
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    members.forEach((m, i) => {
      if (i > 0 && i % CARDS_PER_PAGE === 0) doc.addPage();
      const top = doc.page.margins.top + (i % CARDS_PER_PAGE) * (CARD_H + 16);
      doc.roundedRect(left, top, width, CARD_H, 8).lineWidth(1).strokeColor(INK).stroke();
      doc.rect(left, top, width, 30).fill(BAND);
      doc
        .fillColor(INK)
        .font("Helvetica-Bold")
        .fontSize(12)
        .text("Health insurance e-card", left + 12, top + 9);
      doc
        .font("Helvetica")
        .fontSize(9)
        .fillColor(MUTED)
        .text(p.insurer.name, left + 12, top + 10, { width: width - 24, align: "right" });
      let y = top + 42;
      const row = (label: string, value: string) => {
        doc
          .font("Helvetica")
          .fontSize(8.5)
          .fillColor(MUTED)
          .text(label, left + 12, y, { width: 120 });
        doc.fontSize(10).fillColor(INK);
        textInScripts(doc, "Helvetica-Bold", value, left + 132, y, { width: width - 144 });
        y += 17;
      };
      row("Member id", m.member_id);
      row("Name", m.full_name);
      row("Relationship", RELATIONSHIP_WORDS[m.relationship] ?? m.relationship);
      row("Date of birth", longDate(m.date_of_birth));
      row("Policy number", p.policy_number);
      row("Policyholder", p.policyholder.name);
      row("Sum insured", describeSumInsured(p.sum_insured_inr, p.sum_insured_basis));
      // A leaver's card is kept, but says plainly that it no longer covers them.
      row(
        "Valid",
        m.cover_ended_on
          ? coverEndWords(m.cover_ended_on, today)
          : `${longDate(p.period.from)} to ${longDate(p.period.to)}`,
      );
      row("Cashless helpline", `${p.tpa.cashless_helpline} (${p.tpa.name})`);
      if (p.sample) {
        doc
          .font("Helvetica-Oblique")
          .fontSize(8)
          .fillColor(MUTED)
          .text(SAMPLE_NOTE, left + 12, y + 2, { width: width - 24 });
      }
    });
  });
}
