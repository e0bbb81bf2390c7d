/**
 * The sandbox's test clock (SANDBOX_TEST_CLOCK=1, docs/api-contract.md, Embedded sandbox): `seconds`
 * pass for one number's one-time codes, so a resend wait is over without waiting.
 */
export async function passCodeTime(apiBaseUrl: string, mobile: string, seconds: number): Promise<void> {
  const response = await fetch(`${apiBaseUrl}/sandbox/clock/codes`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ mobile_no: mobile, advance_s: seconds }),
  });
  if (!response.ok) throw new Error(`the sandbox's test clock answered ${response.status}: ${await response.text()}`);
}

/** The test clock for one membership: `days` pass for its paid order and its changes alone. */
export async function passMembershipDays(apiBaseUrl: string, orderId: string, days: number): Promise<void> {
  const response = await fetch(`${apiBaseUrl}/sandbox/clock/membership`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ order_id: orderId, advance_days: days }),
  });
  if (!response.ok) throw new Error(`the sandbox's test clock answered ${response.status}: ${await response.text()}`);
}
