// The certificate of insurance as it stands today (docs/product.md, The policy's papers; decision 0038):
// the policy as issued, the product and its UIN, the premium and its GST from the purchase's invoice, every
// endorsement with its premium effect, and the members covered now. Drawn by sandbox/membership/policy-pdf.ts.
import { PRODUCT, findPlan, networkHospitalsUrl } from "../catalog/catalog";
import { changeLines } from "../billing/change-documents";
import type { ChangePrice, PersonInput } from "./change-rules";
import type { ChangeRow } from "./change-store";
import type { ApiContext } from "../shared/context";
import { istDate, longDate } from "../shared/dates";
import { type Endorsement, endorsementsOf } from "./endorsements";
import { SAC_HEALTH, purchaseInvoiceOf } from "../billing/invoices";
import { type MemberRow, membersOf } from "./members";
import type { OrderContents } from "../checkout/order-contents";
import { cancellationOf } from "../billing/mandate";
import { findOrder, parseContents } from "../checkout/orders";
import { type PolicyData, policyOf } from "./policy";
import { sql } from "../store/statements";
import { type TaxLine, taxLines } from "../catalog/pricing";
import { planLimits, policyWordingUrl } from "../catalog/policy-wording";

export interface EndorsementLine {
  number: string;
  issued_on: string;
  effective_date: string;
  description: string;
  premium_effect: string;
}

export interface ScheduleRow {
  employee_code: string;
  member_id: string;
  full_name: string;
  relationship: string;
  gender: string;
  date_of_birth: string;
  cover_from: string;
  cover_to: string;
  /** A leaver's family: their last day is their own, not the policy's end. */
  left: boolean;
}

export interface CertificateData {
  /** The policy with its real end: a cancelled mandate's cover end date, if earlier. */
  policy: PolicyData;
  /** The day the mandate was cancelled, if it was. */
  cancelled_on: string | null;
  product: typeof PRODUCT;
  wording_url: string;
  /** The TPA's network of hospitals (sandbox/catalog.ts). */
  network_url: string;
  /** The latest endorsement the certificate is issued again with, if any. */
  reissued: { on: string; endorsement: string } | null;
  premium: {
    billing: "monthly" | "yearly";
    discount_pct: number;
    premium_paise: number;
    tax_lines: TaxLine[];
    tax_paise: number;
    total_paise: number;
    invoice: string;
  };
  plan_limits: string[];
  endorsements: EndorsementLine[];
  covered: { band_label: string; range_label: string; employees: number; lives: number }[];
  employees: number;
  lives: number;
  schedule: ScheduleRow[];
  today: string;
}

/** INR 1,540.11 (PDF fonts lack ₹). */
export function inr(paise: number): string {
  return `INR ${(paise / 100).toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

const healthShare = (lines: { sac: string; taxable_paise: number }[]) =>
  lines.filter((l) => l.sac === SAC_HEALTH).reduce((sum, l) => sum + l.taxable_paise, 0);

/** An addition's first day of cover: the day its premium was received, or at no charge its own date. */
const coveredFrom = (ch: { price: string; effective_date: string }) =>
  (JSON.parse(ch.price) as ChangePrice).cover_from ?? ch.effective_date;

/** What a change did, in words: who, on which cover, from or until when. */
function describe(e: Endorsement, c: OrderContents): string {
  const ch = e.change;
  const named = ch.members === null ? [] : (JSON.parse(ch.members) as PersonInput[]);
  const label = (range: string) => c.people.find((p) => p.band === ch.band && p.range === range);
  const cover = label(ch.range_code);
  const on = cover === undefined ? "" : `; ${cover.band_label}, ${cover.range_label}`;
  const people = named
    .map((p) => (p.relationship === "self" ? p.full_name : `${p.full_name} (${p.relationship})`))
    .join(", ");
  if (ch.kind === "remove") {
    const who = named.length > 1 ? "and family " : "";
    return `Deletion: employee ${ch.employee_code} ${who}(${people}) left; last day of cover ${longDate(ch.effective_date)}`;
  }
  if (ch.event !== null) {
    const from = ch.from_range === null ? undefined : label(ch.from_range);
    const wider = from === undefined ? "" : `; family cover ${from.range_label} to ${cover?.range_label}`;
    return `Family event (${ch.event}): ${people} added to employee ${ch.employee_code}, covered from ${longDate(coveredFrom(ch))}${wider}`;
  }
  return `Addition: employee ${ch.employee_code} joined (${people})${on}; covered from ${longDate(coveredFrom(ch))}`;
}

/** The change's effect on the insurer's premium: its health-insurance share, as its document split it. */
function premiumEffect(e: Endorsement, c: OrderContents): string {
  const price = JSON.parse(e.change.price) as ChangePrice;
  if (price.premium_paise === 0) return "No premium: the family cover already bought takes them";
  const health = healthShare(
    changeLines(c, e.change.band, e.change.range_code, price, "", e.change.event !== null).lines,
  );
  const tax = taxLines(c.tax_regime, health).reduce((sum, l) => sum + l.paise, 0);
  const sign = price.premium_paise < 0 ? "Credit" : "Charge";
  const gst = c.tax_regime === "sez" ? "no GST (SEZ)" : `GST ${inr(tax)}`;
  if (price.days === null) {
    const from = price.starts_on === null ? "" : ` from ${longDate(price.starts_on)}`;
    return `${sign} ${inr(health)} + ${gst} a month${from}`;
  }
  return `${sign} ${inr(health)} + ${gst} (${price.days} days)`;
}

/**
 * When each member's cover began: the policy's start, or a joiner's date of joining, or a family event's
 * date, from every confirmed addition (one made before the policy was issued too).
 */
export function coverFrom(ctx: ApiContext, orderId: string, members: readonly MemberRow[], start: string) {
  const additions = sql(
    ctx.db,
    "SELECT * FROM membership_changes WHERE order_id = ? AND kind = 'add' AND status = 'confirmed' ORDER BY confirmed_at",
  ).all(orderId) as ChangeRow[];
  const from = new Map<string, string>();
  for (const ch of additions) {
    const named = ch.members === null ? [] : (JSON.parse(ch.members) as PersonInput[]);
    for (const m of members) {
      if (m.employee_code !== ch.employee_code) continue;
      const isNamed = named.some(
        (p) => p.full_name?.trim().toLowerCase() === m.full_name.toLowerCase() && p.date_of_birth === m.date_of_birth,
      );
      // A joiner's whole family starts with them; a family event, only the person it names.
      if (ch.event === null || isNamed) from.set(m.member_id, coveredFrom(ch));
    }
  }
  return (m: MemberRow) => from.get(m.member_id) ?? start;
}

/**
 * The issued policy as it stands: a cancelled mandate ends cover early, and the certificate and cards show
 * that real end date (/work/shared/notes/domain.md, Endorsements).
 */
export function policyNow(ctx: ApiContext, orderId: string): { policy: PolicyData; cancelledOn: string | null } {
  const p = policyOf(ctx, orderId)!.data;
  const cancelled = cancellationOf(ctx, orderId);
  if (cancelled === null || cancelled.cover_ends_on >= p.period.to) return { policy: p, cancelledOn: null };
  return {
    policy: { ...p, period: { ...p.period, to: cancelled.cover_ends_on } },
    cancelledOn: cancelled.cancelled_on,
  };
}

/** The certificate of an issued policy as of today; undefined before the policy is issued. */
export function certificateOf(ctx: ApiContext, orderId: string): CertificateData | undefined {
  if (policyOf(ctx, orderId) === undefined) return undefined;
  const { policy: p, cancelledOn } = policyNow(ctx, orderId);
  const order = findOrder(ctx, orderId)!;
  const c = parseContents(order)!;
  const invoice = purchaseInvoiceOf(ctx, orderId, "health");
  if (invoice === undefined) throw new Error(`order ${orderId}: an issued policy needs the purchase's invoice`);
  const today = istDate(ctx.now());
  const endorsed = endorsementsOf(ctx, p.policy_number);
  const members = membersOf(ctx, orderId);
  const from = coverFrom(ctx, orderId, members, p.period.from);
  const premium = healthShare(invoice.data.lines);
  // The insurer's own invoice states its premium's tax (decision 0047); one issued before, by Kavach for
  // every supply, is worked out again for its health line.
  const tax = invoice.data.supplier_key === "health" ? invoice.data.tax_lines : taxLines(c.tax_regime, premium);
  const taxPaise = tax.reduce((sum, l) => sum + l.paise, 0);
  // Covered now: a leaver's family is counted until their last day has passed.
  const now = members.filter((m) => m.cover_ended_on === null || m.cover_ended_on >= today);
  const covered = c.people
    .map((b) => {
      const inBand = now.filter((m) => m.band === b.band && m.range === b.range);
      return {
        band_label: b.band_label,
        range_label: b.range_label,
        employees: inBand.filter((m) => m.relationship === "self").length,
        lives: inBand.length,
      };
    })
    .filter((b) => b.lives > 0);
  const last = endorsed.at(-1);
  return {
    policy: p,
    cancelled_on: cancelledOn,
    product: PRODUCT,
    wording_url: policyWordingUrl(ctx),
    network_url: networkHospitalsUrl(ctx.publicOrigin),
    reissued: last === undefined ? null : { on: istDate(last.issued_at), endorsement: last.number },
    premium: {
      billing: order.policy,
      discount_pct: c.bill.discount_pct,
      premium_paise: premium,
      tax_lines: tax,
      tax_paise: taxPaise,
      total_paise: premium + taxPaise,
      invoice: invoice.number,
    },
    plan_limits: planLimits(findPlan(ctx.db, c.plan.plan_id)?.features ?? []),
    endorsements: endorsed.map((e) => ({
      number: e.number,
      issued_on: istDate(e.issued_at),
      effective_date: e.change.effective_date,
      description: describe(e, c),
      premium_effect: premiumEffect(e, c),
    })),
    covered,
    employees: covered.reduce((sum, b) => sum + b.employees, 0),
    lives: covered.reduce((sum, b) => sum + b.lives, 0),
    schedule: members.map((m) => ({
      employee_code: m.employee_code,
      member_id: m.member_id,
      full_name: m.full_name,
      relationship: m.relationship,
      gender: m.gender,
      date_of_birth: m.date_of_birth,
      cover_from: from(m),
      cover_to: m.cover_ended_on !== null && m.cover_ended_on < p.period.to ? m.cover_ended_on : p.period.to,
      left: m.cover_ended_on !== null,
    })),
    today,
  };
}
