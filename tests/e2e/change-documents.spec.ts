import { execFileSync } from "node:child_process";
import type { Page } from "@playwright/test";
import { confirmChange, payAndNameTeam } from "../support/membership";
import { freshGstin } from "../support/cart";
import { ORIGIN, expect, test } from "./fixtures";

/**
 * docs/product.md, Changes during the year: a leaver removed from a yearly membership gets a credit note
 * (a page and a PDF), the statement shows it with its document and downloads as CSV, the insurer refunds it
 * into the company's cash deposit with it (docs/decisions/0055), and no other admin can open it.
 */

/** Today in India, as the API dates a leaver's last day. */
const todayInIndia = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/** Downloads what a link leads to and reads it back as text with pdftotext. */
async function pdfText(page: Page, name: string): Promise<string> {
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name }).click();
  const path = await (await downloading).path();
  return execFileSync("pdftotext", ["-layout", path, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`a change's documents, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a leaver's credit note, the statement and its CSV, a refund into the deposit, and no one else's eyes", async ({
      page,
      adminAt,
      browser,
    }) => {
      const admin = await adminAt("payment", {
        gstin: freshGstin("07"),
        employees: 3,
        people: [{ band: "18-35", range: "1A", count: 3 }],
      });
      await payAndNameTeam(ORIGIN, admin.token, ["E-1", "E-2", "E-3"]);
      const change = await confirmChange(ORIGIN, admin.token, {
        kind: "remove",
        employee_code: "E-1",
        effective_date: todayInIndia(),
        reason: "Resigned",
      });
      const number: string = change.credit_note.number;
      const credit = `₹${(-change.price.total_paise / 100).toLocaleString("en-IN", { minimumFractionDigits: 2 })}`;

      await page.goto("/membership");
      const members = page.getByRole("region", { name: "Members by age band and family cover" });
      await expect(members.getByRole("columnheader", { name: "Covered now" })).toBeVisible();
      await expect(members.getByRole("row", { name: /18–35 years.* 3 2$/ })).toBeVisible();
      const statement = page.getByRole("region", { name: "Changes during the year" });
      await expect(statement.getByText("Leaver removed: E-1 (Resigned)")).toBeVisible();
      await expect(statement.getByText(`${credit} refunded`)).toBeVisible();
      // The insurer refunds into the company's cash deposit with it, never Kavach's credit.
      const deposit = page.getByRole("region", { name: "Cash deposit with the insurer" });
      await expect(deposit.getByRole("definition").first()).toHaveText(credit);
      await expect(statement.getByText("Asha Rao", { exact: false })).toBeVisible();

      // The statement as CSV: the change, its credit note, kept by no cache.
      const csv = await page.request.get("/membership/statement.csv");
      expect(csv.headers()["cache-control"]).toContain("no-store");
      const text = await csv.text();
      expect(text).toMatch(/,leaver,E-1,/);
      expect(text).toContain(number);
      expect(text).toContain("Resigned");
      expect(text).toContain(`paid_in,${credit.slice(1).replaceAll(",", "")}`);

      await statement.getByRole("link", { name: `Credit note ${number}` }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Credit note" })).toBeVisible();
      // The insurer's own credit note, against its own invoice, with the policy it belongs to (decision 0047).
      await expect(page.getByText(/^SG\/\d{2}-\d{2}\/\d{6} dated \d{1,2} \w+ \d{4}$/)).toBeVisible();
      expect(number).toMatch(/^SGC\/\d{2}-\d{2}\/\d{6}$/);
      await expect(
        page.getByText("For: Group health insurance premium, supplied and invoiced by the insurer"),
      ).toBeVisible();
      await expect(page.getByText(/^Policy number: KVP\/\d{4}\/\d{6}\.$/)).toBeVisible();
      await expect(page.getByText(/Reason for credit: Employee E-1 left the team \(Resigned\)/)).toBeVisible();
      const creditNoteUrl = page.url();
      const pdf = await pdfText(page, "Download PDF");
      for (const needle of ["Credit Note", number, "Delhi (07)", "IGST @ 18%", "Resigned", "× 12 × 364/365 days"])
        expect(pdf).toContain(needle);
      expect(pdf).toContain(`Credit note total (INR) ${credit.slice(1)}`);

      // The leaver's e-card is listed with the day their cover ends, not as an active card.
      await page.goto("/membership/members");
      await expect(page.getByRole("row", { name: /Employee E-1 .*Cover ends on/ })).toBeVisible();
      await expect(page.getByRole("row", { name: /Employee E-2 .*E-card of Employee E-2/ })).toBeVisible();

      // Another company's admin: the site's not-found page, for the page and the PDF alike.
      const other = await browser.newContext({ javaScriptEnabled });
      await adminAt("gst", { context: other });
      const stranger = await other.newPage();
      const answer = await stranger.goto(creditNoteUrl);
      expect(answer?.status()).toBe(404);
      await expect(stranger.getByRole("heading", { name: "Page not found" })).toBeVisible();
      expect((await stranger.request.get(`${creditNoteUrl}/pdf`)).status()).toBe(404);
      await other.close();
    });
  });
}
