/**
 * The roles an owner gives a colleague (docs/product.md, More than one admin), shared by the team page
 * in the browser and its upstream calls on the server.
 */
export const INVITED_ROLES = ["admin", "hr", "finance"] as const;
export type InvitedRole = (typeof INVITED_ROLES)[number];
