// The sandbox insurer's terms for its group health product, written once (docs/product.md, The policy's
// papers; decision 0038): the policy wording it publishes at a stable address, and the plain words of the
// Customer Information Sheet printed with every certificate. What they promise agrees with what the plans
// promise (sandbox/store/seed-data.ts): no waiting periods, pre-existing diseases and maternity from day one.
import type { ApiContext } from "../shared/context";
import { GRIEVANCE, PRODUCT, TPA, UNDERWRITING } from "./catalog";
import { escapeHtml, page } from "../shared/html";

/**
 * The wording's address as a person reaches it, printed on the certificate: the sandbox's page for the
 * product version, named by its UIN so that an old certificate's link still holds after a new version.
 */
export function policyWordingUrl(ctx: ApiContext): string {
  return `${ctx.publicOrigin}${ctx.mountPath}/sandbox/policy-wording/${PRODUCT.uin}`;
}

export const SAMPLE_WORDING_NOTE =
  "Sample policy wording: the insurer, its product and UIN, and the TPA are invented for the Kavach sandbox.";

/** What the policy pays for, in plain words. */
export const COVERED = [
  "Hospital stays of 24 hours or more for an illness or injury: room, nursing, intensive care, surgeons' and doctors' fees, medicines, tests and the operating theatre.",
  "Day-care treatment that needs less than 24 hours in hospital, such as cataract surgery, dialysis or chemotherapy.",
  "Medical costs in the 30 days before and the 60 days after a covered hospital stay.",
  "Maternity: a delivery (normal or caesarean) and its hospital stay, from the first day. A newborn is covered once the employer adds them.",
  "In-patient AYUSH treatment (Ayurveda, Yoga, Unani, Siddha, Homoeopathy) in a government-recognised hospital.",
] as const;

export const WAITING_PERIODS =
  "None. The 30-day initial waiting period and the waiting periods for pre-existing diseases, for named illnesses and for maternity are all waived under this group policy: a member is covered from their first day.";

export const COST_SHARING = "No co-payment and no deductible. Room and ambulance limits depend on the plan.";

/** The main exclusions; the wording lists them all. */
export const EXCLUSIONS = [
  "Treatment without a hospital stay (out-patient consultations, tests and medicines), except in the 30 days before and 60 days after a covered stay.",
  "Cosmetic or plastic surgery, unless needed after an accident, burns or cancer.",
  "Spectacles, contact lenses, hearing aids, and dental treatment unless an accident needs a hospital stay.",
  "Treatment of alcohol or drug abuse, and self-inflicted injury.",
  "Infertility treatment, and unproven or experimental treatment.",
  "Admission only for tests or rest, with no active treatment.",
  "Injury from war, nuclear risks, or taking part in a criminal act.",
] as const;

/** The cashless steps, as the e-card prints them too (IRDAI's health master circular; docs/notes, domain). */
export const CASHLESS_STEPS = [
  "Go to a network hospital (the TPA's list is online).",
  "Show the e-card and a photo ID (Aadhaar, PAN card, passport or driving licence) at the insurance desk.",
  "The hospital asks the TPA for pre-authorisation: the TPA answers within one hour, and clears the final bill within three hours of the discharge request.",
  "Tell the TPA within 24 hours of an emergency admission, and at least 48 hours before a planned one.",
] as const;

export const REIMBURSEMENT_STEPS = [
  "At any other hospital, pay the bill yourself.",
  "Within 30 days of discharge, send the TPA the claim form, the original bills, the discharge summary, prescriptions and reports.",
  "The TPA pays the approved amount into your bank account and lists any deduction with its reason.",
] as const;

export const ENDORSEMENT_TERMS =
  "The employer adds joiners, a spouse after marriage and newborns (within 30 days of the event) and removes leavers. Each change after the policy is issued is an endorsement: it has a number and an effective date, and the certificate is issued again with it. A leaver's cover ends on their last day; they may ask the insurer, before that day, to continue on an individual policy (migration) with credit for the time covered.";

/** The grievance routes in order, each with its contact. */
export function grievanceRoutes(): { route: string; contact: string }[] {
  return [
    {
      route: `1. ${UNDERWRITING.insurer.name}, ${GRIEVANCE.insurer.officer}`,
      contact: `${GRIEVANCE.insurer.email}, ${GRIEVANCE.insurer.phone} (toll free). A reply within 14 days.`,
    },
    {
      route: "2. IRDAI's Bima Bharosa",
      contact: `${GRIEVANCE.bima_bharosa.url}, or call ${GRIEVANCE.bima_bharosa.phone}: if the insurer has not resolved the complaint within 14 days.`,
    },
    {
      route: `3. The ${GRIEVANCE.ombudsman.name}`,
      contact: `${GRIEVANCE.ombudsman.url} lists the office for your area: if the insurer's reply does not settle it, within one year of that reply. Free of charge.`,
    },
  ];
}

/** The plan's own limits, from the catalogue's features (room rent, ambulance), in the PDF fonts' words. */
export function planLimits(features: readonly string[]): string[] {
  return features.filter((f) => /room|ambulance/i.test(f)).map((f) => f.replaceAll("₹", "INR "));
}

const list = (items: readonly string[]) => `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join("")}</ul>`;
const steps = (items: readonly string[]) => `<ol>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join("")}</ol>`;

/** The wording as a page anyone can read, without signing in. */
export function policyWordingPage(): string {
  const i = UNDERWRITING.insurer;
  return page(
    `Policy wording: ${PRODUCT.name} (UIN ${PRODUCT.uin})`,
    `<h1>${escapeHtml(PRODUCT.name)}: policy wording</h1>
<p class="note">${escapeHtml(SAMPLE_WORDING_NOTE)}</p>
<dl>
<dt>Product</dt><dd>${escapeHtml(PRODUCT.name)}</dd>
<dt>UIN</dt><dd>${escapeHtml(PRODUCT.uin)}</dd>
<dt>Insurer</dt><dd>${escapeHtml(`${i.name} (IRDAI Reg. No. ${i.irdai_registration_no})`)}</dd>
<dt>Type</dt><dd>Group health insurance for an employer's employees and their families; the sum insured is a family floater for the policy year</dd>
<dt>TPA</dt><dd>${escapeHtml(`${TPA.name} (IRDAI Reg. No. ${TPA.irdai_registration_no}), ${TPA.cashless_helpline}, ${TPA.email}`)}</dd>
</dl>
<h2>1. Words used here</h2>
${list([
  "Policyholder: the employer named on the certificate of insurance.",
  "Member: an employee, or their spouse or child, named in the certificate's schedule of members.",
  "Hospital: a place registered as a hospital with at least 10 in-patient beds (15 in larger towns), qualified doctors and nurses round the clock, and daily records.",
  "Network hospital: a hospital that has agreed with the TPA to treat members without payment at discharge (cashless).",
  "Sum insured: the most the policy pays in a policy year for a member's family together (family floater).",
])}
<h2>2. What is covered</h2>
${list(COVERED)}
<h2>3. Waiting periods</h2>
<p>${escapeHtml(WAITING_PERIODS)}</p>
<h2>4. Cost sharing and limits</h2>
<p>${escapeHtml(COST_SHARING)}</p>
<h2>5. What is not covered</h2>
${list(EXCLUSIONS)}
<h2>6. How to claim</h2>
<h3>Cashless, at a network hospital</h3>
${steps(CASHLESS_STEPS)}
<p>The network hospitals: <a href="${escapeHtml(TPA.network_hospitals_url)}">${escapeHtml(TPA.network_hospitals_url)}</a> (the sample TPA's site).</p>
<h3>Reimbursement</h3>
${steps(REIMBURSEMENT_STEPS)}
<h2>7. Members and endorsements</h2>
<p>${escapeHtml(ENDORSEMENT_TERMS)}</p>
<h2>8. Complaints</h2>
${steps(grievanceRoutes().map((g) => `${g.route.replace(/^\d\. /, "")}: ${g.contact}`))}`,
  );
}
