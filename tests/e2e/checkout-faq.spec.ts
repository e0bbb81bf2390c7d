import { API, expect, test } from "./fixtures";

/**
 * Spec row 7.8 (`GET /faq`, decision 0020): the checkout's FAQ at /checkout/faq shows the questions and
 * answers the API's `GET /faq` answers, one open at a time, with script off and on (docs/product.md,
 * Purchase flow).
 */

interface FaqEntry {
  question: string;
  answer: string;
}

async function apiFaq(): Promise<FaqEntry[]> {
  const answer = (await (await fetch(`${API}/global/faq`)).json()) as { success: number; data: FaqEntry[] };
  expect(answer.success).toBe(1);
  expect(answer.data.length).toBeGreaterThan(3);
  return answer.data;
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the checkout's FAQ is the API's, question by question", async ({ page, adminAt }) => {
      const faq = await apiFaq();
      await adminAt("gst");
      await page.goto("/checkout/gst-details");
      await page.getByRole("link", { name: "Read the FAQ" }).click();
      await expect(page).toHaveURL(/\/checkout\/faq$/);
      const questions = page.locator(".faq summary");
      await expect(questions).toHaveText(faq.map((e) => e.question));
      // The first answer is open; another opens on its question and closes the first.
      await expect(page.getByText(faq[0]!.answer)).toBeVisible();
      await expect(page.getByText(faq[1]!.answer)).toBeHidden();
      await questions.nth(1).click();
      await expect(page.getByText(faq[1]!.answer)).toBeVisible();
      await expect(page.getByText(faq[0]!.answer)).toBeHidden();
      await page.getByRole("link", { name: "Back to your purchase" }).click();
      await expect(page).toHaveURL(/\/checkout\/gst-details$/);
    });
  });
}
