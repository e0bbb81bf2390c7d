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
