import { OUTBOX_HEADERS } from "./outbox";

/**
 * The newest one-time code the embedded API's SMS outbox holds for a number (docs/api-contract.md,
 * Embedded sandbox), read from the outbox's answer.
 */
export function codeFromOutbox(outbox: unknown, mobile: string): string {
  const { data } = outbox as { data: Array<{ text: string }> };
  const match = data.find((m) => /verification code/.test(m.text))?.text.match(/^(\d{4})\b/);
  if (!match) throw new Error(`no code in the outbox for ${mobile}`);
  return match[1]!;
}

/** The same, asked of the API at `apiBaseUrl` (e.g. `http://127.0.0.1:3200/api`). */
export async function latestCode(apiBaseUrl: string, mobile: string): Promise<string> {
  const response = await fetch(`${apiBaseUrl}/sandbox/sms?mobile_no=${mobile}`, { headers: OUTBOX_HEADERS });
  return codeFromOutbox(await response.json(), mobile);
}
