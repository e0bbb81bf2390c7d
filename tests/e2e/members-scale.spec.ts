import { gzipSize } from "../../bench/page-weight";
import { HTML_GZIP_MAX, KB } from "../../bench/budgets";
import { couples, nameMembersOverApi, payOverApi } from "../support/census";
import { API, ORIGIN, expect, test } from "./fixtures";

/**
 * The members list of a large company (docs/product.md, Member census; README, Performance): with
 * 10,000 members named, every page of the list is still within the 14 KB gzip budget for a page's
 * HTML, because the list is paged (50 a page) and the summary counts by band and cover.
 *
 * 5,001 employees bought on employee-and-spouse cover (2A), 5,000 of them named with their spouses:
 * 10,000 members, and one employee still to name, so the census stays open (the upload and add-one
 * forms are on the page) and no policy is issued (which would email 5,000 employees their e-cards).
 */
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

test("the members list at 10,000 members stays within the HTML budget on every page", async ({ adminAt, page }) => {
  test.setTimeout(180_000);
  const admin = await adminAt("payment", { employees: 5_001, people: [{ band: "18-35", range: "2A", count: 5_001 }] });
  await payOverApi(ORIGIN, admin.token);
  expect(await nameMembersOverApi(API, admin.token, couples(5_000, new Date().getUTCFullYear()))).toBe(10_000);

  const sizes: string[] = [];
  for (const [path, pageNumber] of [
    ["/membership/members", 1],
    ["/membership/members?page=100", 100],
    ["/membership/members?page=200", 200],
  ] as const) {
    const response = await page.request.get(path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    // The page that was measured: the whole census counted, this page of the list shown.
    expect(html.replace(/<!-- -->/g, "")).toContain(`10,000 members, page ${pageNumber} of 200`);
    expect(html.match(/<tr>/g)?.length).toBeGreaterThanOrEqual(50);
    const size = gzipSize(html);
    sizes.push(`${path}: ${kb(size)}`);
    expect(size, path).toBeLessThanOrEqual(HTML_GZIP_MAX);
  }
  // The figures, for docs/performance.md.
  test.info().annotations.push({ type: "HTML gzip", description: sizes.join("; ") });
  console.log(`members list at 10,000 members, HTML gzip: ${sizes.join("; ")}`);
});
