// The certificate of insurance and the e-cards as PDFs, drawn with pdfkit like the tax invoice
// (sandbox/billing/invoice-pdf.ts). What they carry follows IRDAI's health master circular as docs/product.md (The
// policy's papers) sets out; the insurer's terms are written once, in sandbox/catalog/policy-wording.ts. Drawn in
// worker threads (sandbox/threads/thread-pool.ts): thousands of cards are seconds of CPU (docs/decisions/0041).
import PDFDocument from "pdfkit";
import { GRIEVANCE, TPA } from "../catalog/catalog";
import { type CertificateData, inr } from "./certificate";
import { describeSumInsured } from "../catalog/sum-insured";
import { longDate } from "../shared/dates";
import { textInScripts } from "../shared/pdf-fonts";
import type { PolicyData } from "./policy";
import {
  CASHLESS_STEPS,
  COST_SHARING,
  COVERED,
  ENDORSEMENT_TERMS,
  EXCLUSIONS,
  REIMBURSEMENT_STEPS,
  WAITING_PERIODS,
  grievanceRoutes,
} from "../catalog/policy-wording";

const INK = "#1c2430";
const MUTED = "#5b6675";
const RULE = "#c9d0d8";
const BAND = "#eef2f6";
const ACCENT = "#1d4ed8";
const SAMPLE_NOTE =
  "Sample data: the insurer, its product and UIN, the intermediary and the TPA are invented for the Kavach sandbox.";

export interface CardMember {
  member_id: string;
  full_name: string;
  gender: string;
  relationship: string;
  date_of_birth: string;
  employee_code: string;
  /** A leaver's (and their family's) last day of cover (docs/product.md, Changes during the year). */
  cover_ended_on?: string | null;
}

/** A card with the employee whose cover it is (the primary insured), named on every dependant's card. */
export type Card = CardMember & { primary_insured: string };

/** Each member with their employee's name; the employee rows are among `everyone`. */
export function cardsFor(members: readonly CardMember[], everyone: readonly CardMember[]): Card[] {
  const employees = new Map(everyone.filter((m) => m.relationship === "self").map((m) => [m.employee_code, m]));
  return members.map((m) => ({ ...m, primary_insured: employees.get(m.employee_code)?.full_name ?? "" }));
}

/** "Cover ended on 24 June 2025", or "ends" while the last day is still to come. */
export function coverEndWords(lastDay: string, today: string): string {
  return `Cover ${lastDay < today ? "ended" : "ends"} on ${longDate(lastDay)}`;
}

/** "24 Jun 2025": for the schedule's narrow columns. */
function shortDate(date: string): string {
  return longDate(date).replace(/ (\w{3})\w* /, " $1 ");
}

async function render(title: string, draw: (doc: PDFKit.PDFDocument) => void | Promise<void>): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", margin: 48, info: { Title: title, Author: "Kavach" } });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  await draw(doc);
  doc.end();
  return done;
}

const RELATIONSHIP_WORDS: Record<string, string> = {
  self: "Employee (self)",
  spouse: "Spouse",
  son: "Son",
  daughter: "Daughter",
};
const GENDER_WORDS: Record<string, string> = { female: "Female", male: "Male", other: "Other" };

const sampleMark = (sample: boolean) => (sample ? " - Sample data" : "");

/** The page's writing area, and a way to start a new page when what comes next would not fit. */
function area(doc: PDFKit.PDFDocument) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const need = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  return { left, width, bottom, need };
}

function heading(doc: PDFKit.PDFDocument, text: string, left: number) {
  doc.moveDown(0.6);
  doc.font("Helvetica-Bold").fontSize(11).fillColor(INK).text(text, left);
  doc.moveDown(0.3);
}

/**
 * A table's header band and its rows, carried over to a new page with the header again. A column of names
 * (`scripts`) is set in each script's font; the others are Helvetica's.
 */
function table(
  doc: PDFKit.PDFDocument,
  columns: { label: string; width: number; align?: "right"; scripts?: boolean }[],
  rows: string[][],
  fontSize = 8.5,
) {
  const { left, need } = area(doc);
  const total = columns.reduce((sum, c) => sum + c.width, 0);
  const header = () => {
    const y = doc.y;
    doc.rect(left, y, total, 16).fill(BAND);
    doc.fillColor(INK).font("Helvetica-Bold").fontSize(fontSize);
    let x = left;
    for (const c of columns) {
      doc.text(c.label, x + 4, y + 4, { width: c.width - 8, align: c.align ?? "left", lineBreak: false });
      x += c.width;
    }
    doc.y = y + 20;
  };
  need(40);
  header();
  for (const row of rows) {
    doc.font("Helvetica").fontSize(fontSize);
    const height = Math.max(...row.map((cell, i) => doc.heightOfString(cell, { width: columns[i]!.width - 8 }))) + 6;
    if (doc.y + height > area(doc).bottom()) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    let x = left;
    // After a new page's header, in bold: the row is set in the regular face again.
    doc.font("Helvetica").fontSize(fontSize).fillColor(INK);
    row.forEach((cell, i) => {
      const options = { width: columns[i]!.width - 8, align: columns[i]!.align };
      if (columns[i]!.scripts) textInScripts(doc, "Helvetica", cell, x + 4, y, options);
      else doc.text(cell, x + 4, y, options);
      x += columns[i]!.width;
    });
    doc.rect(left, y + height - 3, total, 0.5).fill(RULE);
    doc.y = y + height;
  }
}

export function certificatePdf(c: CertificateData): Promise<Buffer> {
  const p = c.policy;
  return render(`Certificate of insurance ${p.policy_number}`, (doc) => {
    const { left, width, need } = area(doc);
    doc.fillColor(INK).font("Helvetica-Bold").fontSize(20).text("Certificate of Insurance", left, 48);
    if (p.sample) {
      doc.roundedRect(left + width - 96, 50, 96, 20, 4).fill("#fff7e0");
      doc
        .fillColor("#8a5a00")
        .font("Helvetica-Bold")
        .fontSize(9)
        .text("SAMPLE", left + width - 96, 56, {
          width: 96,
          align: "center",
        });
    }
    doc
      .font("Helvetica")
      .fontSize(10)
      .fillColor(MUTED)
      .text(`Group health insurance (employer-employee group): ${c.product.name}`, left, 76);
    doc.moveDown(0.4);
    doc.rect(left, doc.y, width, 1).fill(INK);
    doc.moveDown(0.6);
    const row = (label: string, value: string) => {
      // Measured in the bold the value is drawn in, so a wrapped value never runs into the next row.
      doc.font("Helvetica-Bold").fontSize(9);
      const height = Math.max(doc.heightOfString(value, { width: width - 150 }), 11) + 4;
      need(height);
      const y = doc.y;
      doc.font("Helvetica").fillColor(MUTED).text(label, left, y, { width: 140 });
      doc.fillColor(INK);
      textInScripts(doc, "Helvetica-Bold", value, left + 150, y, { width: width - 150 });
      doc.y = y + height;
    };
    row("Policy number", p.policy_number);
    row(
      "Policy period",
      `${longDate(p.period.from)} to ${longDate(p.period.to)}${c.cancelled_on === null ? "" : ` (ended early: the mandate was cancelled on ${longDate(c.cancelled_on)})`}`,
    );
    row("Policyholder", p.policyholder.name);
    row("GSTIN", p.policyholder.gstin);
    if (p.policyholder.address !== "") row("Address", p.policyholder.address);
    row("Product", `${c.product.name}, UIN ${c.product.uin}${sampleMark(c.product.sample)}`);
    row("Plan", p.plan_name);
    row("Sum insured", describeSumInsured(p.sum_insured_inr, p.sum_insured_basis));
    const pr = c.premium;
    row(
      "Premium",
      pr.billing === "yearly"
        ? `${inr(pr.premium_paise)} for the policy year${pr.discount_pct > 0 ? ` (after the ${pr.discount_pct}% yearly discount)` : ""}`
        : `${inr(pr.premium_paise)} a month, collected by the e-mandate`,
    );
    row(
      "GST",
      pr.tax_lines.length === 0
        ? "None: a supply to an SEZ unit under LUT"
        : pr.tax_lines.map((t) => `${t.label} ${inr(t.paise)}`).join(" + "),
    );
    row(
      "Premium with GST",
      `${inr(pr.total_paise)}${pr.billing === "monthly" ? " a month" : ""}, on tax invoice ${pr.invoice}`,
    );
    row("Insurer", `${p.insurer.name} (IRDAI Reg. No. ${p.insurer.irdai_registration_no})${sampleMark(p.sample)}`);
    row(
      "Intermediary",
      `${p.intermediary.name}, ${p.intermediary.kind} (IRDAI Reg. No. ${p.intermediary.irdai_registration_no})${sampleMark(p.sample)}`,
    );
    row(
      "TPA (claims)",
      `${TPA.name} (IRDAI Reg. No. ${TPA.irdai_registration_no}), helpline ${TPA.cashless_helpline}, ${TPA.email}${sampleMark(TPA.sample)}`,
    );
    row("Policy wording", c.wording_url);
    row("Issued", longDate(p.issued_at.slice(0, 10)));
    if (c.reissued !== null)
      row("Issued again", `${longDate(c.reissued.on)}, with endorsement ${c.reissued.endorsement}`);

    heading(doc, `Members covered on ${longDate(c.today)}`, left);
    table(
      doc,
      [
        { label: "Age band", width: 120 },
        { label: "Family cover", width: 219 },
        { label: "Employees", width: 80, align: "right" },
        { label: "Lives", width: 80, align: "right" },
      ],
      [
        ...c.covered.map((b) => [b.band_label, b.range_label, String(b.employees), String(b.lives)]),
        ["Total", "", String(c.employees), String(c.lives)],
      ],
    );
    doc.font("Helvetica").fontSize(8).fillColor(MUTED).text("Each member is named in the schedule of members.", left);

    heading(doc, "Endorsements", left);
    if (c.endorsements.length === 0) {
      doc.font("Helvetica").fontSize(9).fillColor(INK).text("None: the members are as the policy was issued.", left);
    } else {
      table(
        doc,
        [
          { label: "Endorsement", width: 110 },
          { label: "Effective", width: 70 },
          { label: "What changed", width: 189, scripts: true },
          { label: "Premium effect", width: 130 },
        ],
        c.endorsements.map((e) => [e.number, longDate(e.effective_date), e.description, e.premium_effect]),
        8,
      );
    }

    heading(doc, "Complaints", left);
    table(
      doc,
      [
        { label: "Where, in order", width: 170 },
        { label: "How", width: 329 },
      ],
      grievanceRoutes().map((g) => [g.route, g.contact]),
      8,
    );
    if (p.sample) {
      need(24);
      doc.moveDown(0.6);
      doc.font("Helvetica-Oblique").fontSize(8).fillColor(MUTED).text(SAMPLE_NOTE, left, doc.y, { width });
    }

    customerInformationSheet(doc, c);
    memberSchedule(doc, c);
  });
}

/** One page in plain words: what is covered, waiting periods, main exclusions and how to claim. */
function customerInformationSheet(doc: PDFKit.PDFDocument, c: CertificateData) {
  doc.addPage();
  const { left, width } = area(doc);
  const p = c.policy;
  doc.fillColor(INK).font("Helvetica-Bold").fontSize(16).text("Customer Information Sheet", left, 48);
  doc
    .font("Helvetica")
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(
      `${c.product.name} (UIN ${c.product.uin}), policy ${p.policy_number}. In plain words; the policy wording decides: ${c.wording_url}`,
      left,
      doc.y + 2,
      { width },
    );
  doc.moveDown(0.5);
  const bullets = (items: readonly string[], numbered = false) =>
    items.map((item, i) => `${numbered ? `${i + 1}.` : "-"} ${item}`).join("\n");
  const rows: [string, string][] = [
    [
      "The policy",
      `Group health insurance from ${p.insurer.name} for ${p.policyholder.name}'s employees and the family members named, ${longDate(p.period.from)} to ${longDate(p.period.to)}.`,
    ],
    [
      "Sum insured",
      `${describeSumInsured(p.sum_insured_inr, p.sum_insured_basis)}: the most the policy pays in the policy year for an employee's family together.`,
    ],
    ["What is covered", bullets(COVERED)],
    ["Limits and cost sharing", [...c.plan_limits.map((l) => `${l}.`), COST_SHARING].join(" ")],
    ["Waiting periods", WAITING_PERIODS],
    ["Main exclusions", bullets(EXCLUSIONS)],
    [
      "Cashless claim",
      `${bullets(CASHLESS_STEPS, true)}\nTPA: ${TPA.cashless_helpline}, ${TPA.email}.\nNetwork hospitals: ${TPA.network_hospitals_url}`,
    ],
    ["Reimbursement claim", bullets(REIMBURSEMENT_STEPS, true)],
    ["Joining and leaving", ENDORSEMENT_TERMS],
    [
      "Complaints",
      `The insurer (${GRIEVANCE.insurer.email}, ${GRIEVANCE.insurer.phone}); after 14 days, Bima Bharosa (${GRIEVANCE.bima_bharosa.url}, ${GRIEVANCE.bima_bharosa.phone}); or the Insurance Ombudsman (${GRIEVANCE.ombudsman.url}).`,
    ],
  ];
  const labelWidth = 104;
  for (const [topic, words] of rows) {
    doc.font("Helvetica").fontSize(8.2);
    const height = doc.heightOfString(words, { width: width - labelWidth - 8, lineGap: 0.6 }) + 7;
    const y = doc.y;
    doc.rect(left, y - 2, labelWidth, height).fill(BAND);
    doc
      .fillColor(INK)
      .font("Helvetica-Bold")
      .fontSize(8.5)
      .text(topic, left + 5, y + 1, { width: labelWidth - 10 });
    doc
      .font("Helvetica")
      .fontSize(8.2)
      .fillColor(INK)
      .text(words, left + labelWidth + 8, y + 1, { width: width - labelWidth - 8, lineGap: 0.6 });
    doc.rect(left, y + height - 2, width, 0.5).fill(RULE);
    doc.y = y + height + 1;
  }
}

/** Every member as the policy stands today, with when their cover began and ends. */
function memberSchedule(doc: PDFKit.PDFDocument, c: CertificateData) {
  doc.addPage();
  const { left } = area(doc);
  doc
    .fillColor(INK)
    .font("Helvetica-Bold")
    .fontSize(14)
    .text(`Schedule of members on ${longDate(c.today)}`, left, 48);
  doc
    .font("Helvetica")
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(`Policy ${c.policy.policy_number}. A leaver's family is listed with their last day of cover.`, left);
  doc.moveDown(0.5);
  table(
    doc,
    [
      { label: "Employee", width: 52 },
      { label: "Member id", width: 62 },
      { label: "Name", width: 117, scripts: true },
      { label: "Relationship", width: 62 },
      { label: "Gender", width: 40 },
      { label: "Born", width: 54 },
      { label: "Cover from", width: 54 },
      { label: "Cover to", width: 58 },
    ],
    c.schedule.map((m) => [
      m.employee_code,
      m.member_id,
      m.full_name,
      RELATIONSHIP_WORDS[m.relationship] ?? m.relationship,
      GENDER_WORDS[m.gender] ?? m.gender,
      shortDate(m.date_of_birth),
      shortDate(m.cover_from),
      `${shortDate(m.cover_to)}${m.left ? " (left)" : ""}`,
    ]),
    7.5,
  );
}

/** About a card's height: a second card starts on the same page only if this much room is left. */
const CARD_ROOM = 330;

/** One e-card per member, in the order given, two to an A4 page (one, beside a very long name). */
export function eCardsPdf(p: PolicyData, cards: readonly Card[], today: string): Promise<Buffer> {
  const title = cards.length === 1 ? `E-card ${cards[0]!.member_id}` : `E-cards ${p.policy_number}`;
  return render(title, (doc) => {
    const { left, width, bottom } = area(doc);
    let top = doc.page.margins.top;
    cards.forEach((m, i) => {
      if (i > 0 && top + CARD_ROOM > bottom()) {
        doc.addPage();
        top = doc.page.margins.top;
      }
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
      // Who the card is for, on the left; the policy, on the right.
      const half = (width - 24) / 2;
      const column = (x: number, rows: [string, string][]) => {
        let y = top + 40;
        for (const [label, value] of rows) {
          doc.font("Helvetica").fontSize(7.5).fillColor(MUTED).text(label, x, y, { width: 78 });
          doc.fontSize(9).fillColor(INK);
          const valueWidth = half - 84;
          const height = Math.max(doc.font("Helvetica-Bold").heightOfString(value, { width: valueWidth }), 10);
          textInScripts(doc, "Helvetica-Bold", value, x + 80, y, { width: valueWidth });
          y += height + 4;
        }
        return y;
      };
      const valid = m.cover_ended_on
        ? coverEndWords(m.cover_ended_on, today)
        : `${longDate(p.period.from)} to ${longDate(p.period.to)}`;
      const endLeft = column(left + 12, [
        ["Member id", m.member_id],
        ["Name", m.full_name],
        ["Gender", GENDER_WORDS[m.gender] ?? m.gender],
        ["Relationship", RELATIONSHIP_WORDS[m.relationship] ?? m.relationship],
        ["Date of birth", longDate(m.date_of_birth)],
        ["Primary insured", `${m.primary_insured} (employee code ${m.employee_code})`],
      ]);
      const endRight = column(left + 12 + half, [
        ["Policy number", p.policy_number],
        ["Policyholder", p.policyholder.name],
        ["Sum insured", describeSumInsured(p.sum_insured_inr, p.sum_insured_basis)],
        // A leaver's card is kept, but says plainly that it no longer covers them.
        ["Valid", valid],
        ["TPA", `${TPA.name} (IRDAI Reg. No. ${TPA.irdai_registration_no})`],
        ["Cashless helpline", `${p.tpa.cashless_helpline} (24 hours), ${TPA.email}`],
      ]);
      let y = Math.max(endLeft, endRight) + 2;
      doc.rect(left + 12, y, width - 24, 0.5).fill(RULE);
      y += 6;
      doc
        .fillColor(ACCENT)
        .font("Helvetica-Bold")
        .fontSize(9)
        .text("Cashless treatment", left + 12, y);
      y = doc.y + 2;
      doc.font("Helvetica").fontSize(7.8).fillColor(INK);
      CASHLESS_STEPS.forEach((step, n) => {
        doc.text(`${n + 1}. ${step}`, left + 12, y, { width: width - 24 });
        y = doc.y + 1;
      });
      doc.text(`Network hospitals: ${TPA.network_hospitals_url} (the sample TPA's list)`, left + 12, y, {
        width: width - 24,
      });
      y = doc.y + 4;
      doc
        .fillColor(ACCENT)
        .font("Helvetica-Bold")
        .fontSize(9)
        .text("Complaints", left + 12, y);
      doc
        .font("Helvetica")
        .fontSize(7.8)
        .fillColor(INK)
        .text(
          `${p.insurer.name}'s ${GRIEVANCE.insurer.officer}: ${GRIEVANCE.insurer.email}, ${GRIEVANCE.insurer.phone}. Unresolved after 14 days: Bima Bharosa, ${GRIEVANCE.bima_bharosa.url}, ${GRIEVANCE.bima_bharosa.phone}. Insurance Ombudsman: ${GRIEVANCE.ombudsman.url}.`,
          left + 12,
          doc.y + 2,
          { width: width - 24 },
        );
      if (p.sample) {
        doc
          .font("Helvetica-Oblique")
          .fontSize(7.5)
          .fillColor(MUTED)
          .text(SAMPLE_NOTE, left + 12, doc.y + 6, { width: width - 24 });
      }
      // The border drawn last, around what the card holds.
      const end = doc.y + 8;
      doc
        .roundedRect(left, top, width, end - top, 8)
        .lineWidth(1)
        .strokeColor(INK)
        .stroke();
      top = end + 16;
    });
  });
}
