import { expect } from "@playwright/test";

/**
 * Waits until `check` holds, asking every 50 ms: processes start, die and are replaced in their own
 * time, so a test waits for what it needs rather than for a fixed time (and catches a state that
 * lasts half a second). Playwright only.
 */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeout = 20_000): Promise<void> {
  await expect.poll(check, { message: `waiting for ${what}`, timeout, intervals: [50] }).toBe(true);
}
