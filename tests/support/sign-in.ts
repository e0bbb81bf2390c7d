import { latestCode } from "./codes";
import { freshMobile } from "./mobiles";

export interface ApiAdmin {
  mobile: string;
  /** The API's bearer token, as the app keeps it in the session. */
  token: string;
}

/**
 * Signs a number in over the API itself (docs/api-contract.md, Global): ask for a code, read it from
 * the sandbox outbox, verify it. What the app's two verify pages do, without the pages.
 */
export async function signInOverApi(apiBaseUrl: string, mobile = freshMobile()): Promise<ApiAdmin> {
  const asked = await fetch(`${apiBaseUrl}/global/users?country_id=91&mobile_no=${mobile}`);
  if (!asked.ok) throw new Error(`asking for a code answered ${asked.status}: ${await asked.text()}`);
  const verified = await fetch(`${apiBaseUrl}/global/users/verify/otp`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ mobile_no: mobile, country_id: 91, code: await latestCode(apiBaseUrl, mobile) }),
  });
  const body = (await verified.json()) as { success: number; msg?: string; data?: { token: string } };
  if (!body.data?.token) throw new Error(`verifying answered ${verified.status}: ${body.msg}`);
  return { mobile, token: body.data.token };
}
