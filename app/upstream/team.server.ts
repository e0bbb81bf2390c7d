import { z } from "zod";
import { apiRequest } from "./http.server";
import type { InvitedRole } from "./team-roles";

/**
 * The membership's team and access requests (docs/api-contract.md, Admins and access requests): the
 * owner's alone, refused 403 to anyone else by the upstream.
 */

const role = z.enum(["owner", "admin", "hr", "finance"]);

const team = z.object({
  you: z.object({ id: z.number().int(), name: z.string(), role, abilities: z.array(z.string()) }),
  people: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      mobile_shown: z.string(),
      role,
      role_label: z.string(),
      status: z.enum(["active", "invited", "expired"]),
      invited_by: z.string().nullable(),
      expires_at: z.string().nullable(),
    }),
  ),
  requests: z.array(
    z.object({ id: z.number().int(), name: z.string(), mobile_shown: z.string(), asked_at: z.string() }),
  ),
});
export type Team = z.infer<typeof team>;

export function getTeam(token: string) {
  return apiRequest({ backend: "employer", path: "/membership/team", token, data: team });
}

const post = (token: string, path: string, body: unknown) =>
  apiRequest({ backend: "employer", method: "POST", path, token, body, data: team });

export const inviteColleague = (token: string, input: { name: string; mobile_no: string; role: InvitedRole }) =>
  post(token, "/membership/team/invitations", input);
export const changeRole = (token: string, id: number, newRole: InvitedRole) =>
  post(token, `/membership/team/${id}/role`, { role: newRole });
export const removeColleague = (token: string, id: number) => post(token, `/membership/team/${id}/remove`, {});
export const acceptRequest = (token: string, id: number, newRole: InvitedRole) =>
  post(token, `/membership/team/requests/${id}/accept`, { role: newRole });
export const declineRequest = (token: string, id: number) => post(token, `/membership/team/requests/${id}/decline`, {});
export function handOver(token: string, id: number) {
  return apiRequest({
    backend: "employer",
    method: "POST",
    path: `/membership/team/${id}/owner`,
    token,
    body: {},
    data: z.object({ handed_over: z.literal(true) }),
  });
}
