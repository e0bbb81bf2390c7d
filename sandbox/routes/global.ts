import { type Request, Router } from "express";
import { z } from "zod";
import { FAQS } from "../catalog/content-data";
import { type ApiContext, iso, maskMobile } from "../shared/context";
import { HttpError, parseInput, route, sendOk } from "../shared/envelope";
import { countryIdSchema, mobileNoSchema } from "../shared/mobile";
import {
  type Caller,
  CODE_LENGTH,
  CODE_TTL_MS,
  RESEND_WAIT_MS,
  codeProofSchema,
  sendCode,
  verifyCode,
} from "../accounts/otp";
import { callerMobile, issueToken, requireToken, revokeCallerToken } from "../accounts/tokens";
import { ensureUser, setWhatsapp } from "../accounts/users";
import { writeTransaction } from "../store/db";
import { callbackRequestSchema, requestCallback } from "../accounts/sales-callback";
import { sql, sqlValues } from "../store/statements";

const APP_LINK_TEXT = "Download the Kavach app: https://kavach.example/app";
// The app link goes to any number anyone types, so it is capped to keep the form from being an SMS cannon.
const APP_LINKS_PER_HOUR = 3;

/**
 * Who is asking, for the code allowances and wrong-try locks (docs/decisions/0016): the peer, or the
 * address a proxy the server trusts names in X-Forwarded-For (the app says whose request it relays;
 * server.ts decides whom to believe), and the device id the caller names in X-Device-Id, if any.
 */
const deviceIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{22,128}$/, "X-Device-Id must be 22 to 128 letters, digits, - or _.")
  .optional();

export function callerOf(req: Request): Caller {
  const device = parseInput(deviceIdSchema, req.get("x-device-id"));
  return { address: req.ip ?? "unknown", ...(device === undefined ? {} : { device }) };
}

export function globalRouter(ctx: ApiContext): Router {
  const router = Router();
  const auth = requireToken(ctx);

  router.get(
    "/users",
    route(async (req, res) => {
      const q = parseInput(z.object({ country_id: countryIdSchema, mobile_no: mobileNoSchema }), req.query);
      await sendCode(ctx, q.mobile_no, callerOf(req));
      // whatsapp is always 0 here: this answer must not tell whether the number is known.
      // The stored preference comes back with verify/otp.
      sendOk(res, {
        whatsapp: 0,
        code_length: CODE_LENGTH,
        expires_in_s: CODE_TTL_MS / 1000,
        resend_after_s: RESEND_WAIT_MS / 1000,
      });
    }),
  );

  // A team outside the checkout's range asks sales to call (docs/api-contract.md, Global).
  router.post(
    "/sales/callback",
    route(async (req, res) => {
      await requestCallback(ctx, parseInput(callbackRequestSchema, req.body));
      sendOk(res, { requested: 1 }, "We will call you back.");
    }),
  );

  router.post(
    "/users/verify/otp",
    route((req, res) => {
      const body = parseInput(codeProofSchema, req.body);
      verifyCode(ctx, body.mobile_no, body.code, callerOf(req));
      const user = ensureUser(ctx, body.mobile_no);
      const { token, expiresAt } = issueToken(ctx, body.mobile_no);
      ctx.log({ event: "otp_verified", mobile: maskMobile(body.mobile_no) });
      sendOk(res, { token, expires_at: iso(expiresAt), user }, "Verified");
    }),
  );

  router.get(
    "/logout",
    auth,
    route((_req, res) => {
      revokeCallerToken(ctx, res);
      sendOk(res);
    }),
  );

  router.patch(
    "/users/whatsapp",
    auth,
    route((req, res) => {
      const body = parseInput(
        z.object({
          whatsapp_status: z.union([z.literal(0), z.literal(1)], {
            errorMap: () => ({ message: "whatsapp_status must be 0 or 1." }),
          }),
        }),
        req.body,
      );
      setWhatsapp(ctx, callerMobile(res), body.whatsapp_status);
      sendOk(res, { whatsapp: body.whatsapp_status });
    }),
  );

  router.get(
    "/faq",
    route((_req, res) => sendOk(res, FAQS)),
  );

  // This endpoint answers with `statusCode` rather than the usual envelope (contract).
  router.get(
    "/applink",
    route(async (req, res) => {
      const parsed = z.object({ mobile_no: mobileNoSchema }).safeParse(req.query);
      if (!parsed.success) {
        res.status(400).json({ statusCode: 0, msg: parsed.error.issues[0]!.message });
        return;
      }
      const mobileNo = parsed.data.mobile_no;
      const now = ctx.now();
      try {
        writeTransaction(ctx.db, () => {
          const recent = sqlValues(
            ctx.db,
            "SELECT COUNT(*) FROM app_link_requests WHERE mobile_no = ? AND created_at > ?",
          ).get(mobileNo, now - 60 * 60_000) as number;
          if (recent >= APP_LINKS_PER_HOUR) {
            throw new HttpError(429, "We have already sent the link to this number. Try again in an hour.");
          }
          sql(ctx.db, "INSERT INTO app_link_requests (mobile_no, created_at) VALUES (?, ?)").run(mobileNo, now);
        });
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        res.status(err.status).json({ statusCode: 0, msg: err.message });
        return;
      }
      await ctx.sms.send(mobileNo, APP_LINK_TEXT);
      res.status(200).json({ statusCode: 1 });
    }),
  );

  return router;
}
