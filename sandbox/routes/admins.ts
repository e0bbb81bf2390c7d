// More than one admin, and a GSTIN's one membership (docs/api-contract.md, Admins and access requests;
// docs/decisions/0052). The team's calls are the owner's alone, checked by the seat guard like every
// membership call; asking for access needs only a sign-in.
import { type Response, Router } from "express";
import { z } from "zod";
import { callerMobile, requireToken } from "../accounts/tokens";
import { accessRequestsJson, decideAccess, requestAccess } from "../membership/access-requests";
import { type Seat, changeRole, handOver, invite, removeAdmin, teamJson } from "../membership/admins";
import { guardedSeat, seatGuard } from "../membership/admins-guard";
import { INVITED_ROLES } from "../membership/admins-roles";
import type { ApiContext } from "../shared/context";
import { HttpError, parseInput, route, sendOk } from "../shared/envelope";
import { checkGstin } from "../shared/gstin";
import { mobileNoSchema } from "../shared/mobile";

const personName = z
  .string({ required_error: "name is required." })
  .trim()
  .min(1, "Enter the person's name.")
  .max(80, "The name can be at most 80 characters.")
  .regex(/^[\p{L}\p{M} .'-]+$/u, "The name can have letters, spaces, dots, apostrophes and hyphens only.");
const role = z.enum(INVITED_ROLES, { errorMap: () => ({ message: "role must be admin, hr or finance." }) });
const rowId = z.coerce.number().int().positive();

export function adminsRouter(ctx: ApiContext): Router {
  const router = Router();
  const auth = requireToken(ctx);
  const seat = seatGuard(ctx);
  const team = [auth, seat("team")];
  router.use("/membership/team", (_req, res, next) => {
    res.setHeader("Cache-Control", "private, no-store");
    next();
  });

  const owner = (res: Response): Seat => {
    const found = guardedSeat(res);
    if (found === null) throw new HttpError(404, "No paid membership");
    return found;
  };
  const idOf = (value: string | undefined) => {
    const parsed = rowId.safeParse(value);
    if (!parsed.success) throw new HttpError(404, "There is no such person on this membership.");
    return parsed.data;
  };
  const teamAnswer = (res: Response) => {
    const by = owner(res);
    sendOk(res, { ...teamJson(ctx, by), requests: accessRequestsJson(ctx, by) });
  };

  router.get(
    "/membership/team",
    ...team,
    route((_req, res) => teamAnswer(res)),
  );

  router.post(
    "/membership/team/invitations",
    ...team,
    route((req, res) => {
      const body = parseInput(z.object({ name: personName, mobile_no: mobileNoSchema, role }), req.body);
      invite(ctx, owner(res), body);
      teamAnswer(res);
    }),
  );

  router.post(
    "/membership/team/:id/role",
    ...team,
    route((req, res) => {
      const body = parseInput(z.object({ role }), req.body);
      changeRole(ctx, owner(res), idOf(req.params.id), body.role);
      teamAnswer(res);
    }),
  );

  router.post(
    "/membership/team/:id/remove",
    ...team,
    route((req, res) => {
      removeAdmin(ctx, owner(res), idOf(req.params.id));
      teamAnswer(res);
    }),
  );

  router.post(
    "/membership/team/:id/owner",
    ...team,
    route((req, res) => {
      const by = owner(res);
      handOver(ctx, by, idOf(req.params.id));
      // The former owner is an admin now: the team's list is no longer theirs to read.
      sendOk(res, { handed_over: true }, "Ownership is handed over.");
    }),
  );

  router.post(
    "/membership/team/requests/:id/accept",
    ...team,
    route((req, res) => {
      const body = parseInput(z.object({ role }), req.body);
      decideAccess(ctx, owner(res), idOf(req.params.id), { accept: true, role: body.role });
      teamAnswer(res);
    }),
  );

  router.post(
    "/membership/team/requests/:id/decline",
    ...team,
    route((req, res) => {
      decideAccess(ctx, owner(res), idOf(req.params.id), { accept: false });
      teamAnswer(res);
    }),
  );

  // A buyer stopped at the GSTIN step asks the membership's owner to add them.
  router.post(
    "/employer/gstin/:gstin/access-request",
    auth,
    route((req, res) => {
      const check = checkGstin(req.params.gstin ?? "");
      if (!check.ok) throw new HttpError(400, check.msg);
      const body = parseInput(z.object({ name: personName }), req.body);
      sendOk(res, requestAccess(ctx, callerMobile(res), check.gstin, body.name), "The owner is asked to add you.");
    }),
  );

  return router;
}
