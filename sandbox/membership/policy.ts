// The policy the sandbox insurer issues when every employee bought is named (docs/product.md, Members,
// policy and e-cards): numbered from its own consecutive series inside the transaction that completes
// the census, stored whole, and its e-cards marked issued.
import { TPA, UNDERWRITING } from "../catalog/catalog";
import { type ApiContext, iso } from "../shared/context";
import { SUM_INSURED_BASIS, type SumInsuredBasis } from "../catalog/sum-insured";
import { istDate } from "../shared/dates";
import { sql, sqlValues } from "../store/statements";

const SERIES = "KVP";

export interface CoverCount {
  band: string;
  band_label: string;
  range: string;
  range_label: string;
  employees_named: number;
  lives_named: number;
}

export interface PolicyData {
  policy_number: string;
  issued_at: string;
  period: { from: string; to: string };
  insurer: { name: string; irdai_registration_no: string };
  intermediary: { name: string; kind: string; irdai_registration_no: string };
  tpa: { name: string; cashless_helpline: string };
  sample: boolean;
  plan_name: string;
  sum_insured_inr: number;
  sum_insured_basis: SumInsuredBasis;
  policyholder: { name: string; gstin: string; address: string };
  members_by_cover: CoverCount[];
  employees: number;
  lives: number;
}

export interface PolicyRow {
  policy_number: string;
  order_id: string;
  email_status: "sending" | "sent" | "failed" | null;
  data: PolicyData;
}

export interface IssueInput {
  orderId: string;
  coverStart: string;
  coverEnd: string;
  planName: string;
  sumInsuredInr: number;
  company: { company_name: string; gstin: string; address: string };
  byCover: CoverCount[];
}

/** Issues the policy once per order, inside the caller's IMMEDIATE transaction. */
export function issuePolicy(ctx: ApiContext, input: IssueInput): void {
  if (policyOf(ctx, input.orderId) !== undefined) return;
  const issuedAt = ctx.now();
  const year = Number(istDate(issuedAt).slice(0, 4));
  const seq = sqlValues(ctx.db, "SELECT COALESCE(MAX(seq), 0) + 1 FROM policies WHERE year = ?").get(year) as number;
  const number = `${SERIES}/${year}/${String(seq).padStart(6, "0")}`;
  const byCover = input.byCover.filter((c) => c.employees_named > 0);
  const data: PolicyData = {
    policy_number: number,
    issued_at: iso(issuedAt),
    period: { from: input.coverStart, to: input.coverEnd },
    insurer: { ...UNDERWRITING.insurer },
    intermediary: { ...UNDERWRITING.intermediary },
    tpa: { name: TPA.name, cashless_helpline: TPA.cashless_helpline },
    sample: UNDERWRITING.sample,
    plan_name: input.planName,
    sum_insured_inr: input.sumInsuredInr,
    sum_insured_basis: SUM_INSURED_BASIS,
    policyholder: { name: input.company.company_name, gstin: input.company.gstin, address: input.company.address },
    members_by_cover: byCover,
    employees: byCover.reduce((sum, c) => sum + c.employees_named, 0),
    lives: byCover.reduce((sum, c) => sum + c.lives_named, 0),
  };
  sql(
    ctx.db,
    "INSERT INTO policies (policy_number, year, seq, order_id, issued_at, data) VALUES (?, ?, ?, ?, ?, ?)",
  ).run(number, year, seq, input.orderId, issuedAt, JSON.stringify(data));
  sql(ctx.db, "UPDATE members SET e_card_status = 'issued' WHERE order_id = ?").run(input.orderId);
  // Counts only: no member's details reach the log (docs/product.md, Personal data).
  ctx.log({ event: "policy_issued", policy_number: number, order_id: input.orderId, lives: data.lives });
}

export function policyOf(ctx: ApiContext, orderId: string): PolicyRow | undefined {
  const row = sql(ctx.db, "SELECT policy_number, order_id, email_status, data FROM policies WHERE order_id = ?").get(
    orderId,
  ) as (Omit<PolicyRow, "data"> & { data: string }) | undefined;
  return row === undefined ? undefined : { ...row, data: JSON.parse(row.data) as PolicyData };
}

/** The policy as the API answers it (docs/api-contract.md, Members, policy and e-cards). */
export function policyJson(p: PolicyRow) {
  const d = p.data;
  return {
    policy_number: d.policy_number,
    issued_at: d.issued_at,
    period: d.period,
    insurer: d.insurer,
    intermediary: d.intermediary,
    tpa: d.tpa,
    sample: d.sample,
    plan_name: d.plan_name,
    sum_insured_inr: d.sum_insured_inr,
    sum_insured_basis: d.sum_insured_basis,
  };
}
