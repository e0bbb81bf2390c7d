import { PATHS } from "~/routing/paths";
import { formatCount } from "~/utils/money";

/**
 * What comes after payment, as GOV.UK's task list (docs/product.md, The pages): name the team,
 * then check and issue the e-cards. Each task's status is read from the census and the policy.
 */

export type TaskState = "not_started" | "in_progress" | "done" | "cannot_start";

export interface Task {
  id: string;
  title: string;
  href: string;
  hint: string;
  state: TaskState;
  status: string;
}

export interface CensusCounts {
  employees_bought: number;
  employees_named: number;
  complete: boolean;
}

export function afterPaymentTasks(census: CensusCounts | null, policyIssued: boolean): Task[] {
  const named = census?.employees_named ?? 0;
  const bought = census?.employees_bought ?? 0;
  const complete = census?.complete ?? false;
  return [
    {
      id: "team",
      title: "Add your team’s details",
      href: PATHS.members,
      hint: "Names, dates of birth and dependants, one by one or from a spreadsheet.",
      state: complete ? "done" : named > 0 ? "in_progress" : "not_started",
      status: complete ? "Done" : named > 0 ? `${formatCount(named)} of ${formatCount(bought)} added` : "Not started",
    },
    {
      id: "e-cards",
      title: "Check and issue e-cards",
      href: `${PATHS.members}#policy`,
      hint: "The policy and every member’s e-card are issued once everyone bought is named.",
      state: policyIssued ? "done" : complete ? "not_started" : "cannot_start",
      status: policyIssued ? "Done" : complete ? "Not started" : "Cannot start yet",
    },
  ];
}
