// Who may do what for a membership (docs/product.md, More than one admin; docs/decisions/0052). The one table
// every membership call is checked against, by the guard in admins-guard.ts.

export const ROLES = ["owner", "admin", "hr", "finance"] as const;
export type Role = (typeof ROLES)[number];
/** The roles an owner gives: ownership itself only passes by a hand-over. */
export const INVITED_ROLES = ["admin", "hr", "finance"] as const;
export type InvitedRole = (typeof INVITED_ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { owner: "Owner", admin: "Admin", hr: "HR", finance: "Finance" };

/**
 * - overview: the membership page (plan, cover, billing, the invoices' list)
 * - members: the census with dates of birth, the e-cards, the certificate (it lists members), changes
 *   during the year and their statement
 * - pay: paying for a change, cancelling the mandate, refunding a credit
 * - documents: invoices and credit notes
 * - team: inviting, changing roles, removing, handing over ownership, deciding access requests
 */
export type Ability = "overview" | "members" | "pay" | "documents" | "team";

const EVERYONE: readonly Role[] = ROLES;
const ABILITIES: Record<Ability, readonly Role[]> = {
  overview: EVERYONE,
  // HR: members, changes and e-cards, no payments; finance: no personal data beyond names.
  members: ["owner", "admin", "hr"],
  pay: ["owner", "admin", "finance"],
  documents: ["owner", "admin", "finance"],
  team: ["owner"],
};

export function may(role: Role, ability: Ability): boolean {
  return ABILITIES[ability].includes(role);
}

/** What a role may do, for the membership's answer: the app shows what these allow and nothing else. */
export function abilitiesOf(role: Role): Ability[] {
  return (Object.keys(ABILITIES) as Ability[]).filter((a) => may(role, a));
}
