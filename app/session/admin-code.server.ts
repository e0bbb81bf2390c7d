import type { AppLoadContext } from "@remix-run/node";
import { deviceForNewCode } from "~/session/device.server";
import { type Session, getSession } from "~/session/session.server";
import { attempt } from "~/session/signed-in.server";
import { sendCode } from "~/upstream/global.server";

/**
 * Texts an admin's number a one-time code, for the purchase's first step and for signing in again
 * (docs/product.md, One-time code): one of the address's hourly allowances spent (decision 0006), the
 * code asked under this browser's device id, and the session told the number and when a new code may
 * be asked for. The caller adds where the code leads and commits the session.
 */
export async function requestAdminCode(
  request: Request,
  context: AppLoadContext,
  mobile: string,
): Promise<{ ok: true; session: Session } | { ok: false; status: number; message: string }> {
  const allowance = await context.spendIpAllowance("codeRequest");
  if (!allowance.ok) return { ok: false, status: 429, message: allowance.message };
  const session = await getSession(request);
  const deviceId = await deviceForNewCode(request, session);
  const sent = await attempt(request, () => sendCode(mobile, context.clientIp, deviceId));
  if (!sent.ok) return { ok: false, status: sent.error.isOutage ? 503 : 400, message: sent.error.message };
  session.set("mobileNo", mobile);
  session.set("resendAt", Date.now() + (sent.value.resend_after_s ?? 30) * 1000);
  return { ok: true, session };
}
