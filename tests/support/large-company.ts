import { type AdminSessionOptions, adminSession } from "./admin-session";
import { couples, payOverApi } from "./census";
import { type Answer, Visitor } from "./client";

/**
 * A company of 10,000 members as an admin makes it through the pages (docs/decisions/0041): 5,000
 * employees bought on employee-and-spouse cover (2A) and paid for, then a census file naming each with
 * their spouse uploaded and confirmed, which issues the policy and emails every employee their e-cards.
 * For the test that probes the event loop meanwhile, and for `npm run bench`.
 */
export const EMPLOYEES = 5_000;

/** A signed-in admin whose membership is paid, the census still to name. */
export async function paidLargeCompany(
  origin: string,
  session: Pick<AdminSessionOptions, "secret" | "cookieName"> = {},
): Promise<Visitor> {
  const { admin, cookie } = await adminSession(`${origin}/api`, "payment", {
    ...session,
    employees: EMPLOYEES,
    people: [{ band: "18-35", range: "2A", count: EMPLOYEES }],
  });
  await payOverApi(origin, admin.token);
  const visitor = new Visitor(origin, { "sec-fetch-site": "same-origin" });
  visitor.cookies.set(cookie.name, cookie.value);
  return visitor;
}

/** The census file: every employee and their spouse, 10,000 rows. */
export function largeCensusCsv(): string {
  const rows = couples(EMPLOYEES, new Date().getUTCFullYear()) as Record<string, unknown>[];
  const columns = Object.keys(rows[0]!).filter((c) => c !== "row_number");
  const cell = (value: unknown) => (value === null || value === undefined ? "" : String(value));
  return [columns.join(","), ...rows.map((r) => columns.map((c) => cell(r[c])).join(","))].join("\n");
}

/** The file uploaded (read and checked); the check id its results offer to confirm, if any. */
export async function uploadCensus(visitor: Visitor, csv: string): Promise<{ answer: Answer; checkId?: string }> {
  const form = new FormData();
  form.set("intent", "upload");
  form.set("file", new Blob([csv], { type: "text/csv" }), "team.csv");
  const answer = await visitor.request("POST", "/membership/members", { body: form });
  return { answer, checkId: /name="check_id" value="([^"]+)"/.exec(answer.text)?.[1] };
}

/** "Confirm and add": saves the checked rows (and issues the policy when they complete the census). */
export function confirmCensus(visitor: Visitor, checkId: string): Promise<Answer> {
  return visitor.post("/membership/members", { intent: "confirm", check_id: checkId });
}

/** A file downloaded whole, with its Content-Length if it said one. */
export async function download(visitor: Visitor, path: string) {
  const response = await fetch(new URL(path, visitor.baseUrl), { headers: { cookie: visitor.cookieHeader } });
  const bytes = Buffer.from(await response.arrayBuffer());
  const length = response.headers.get("content-length");
  return { status: response.status, bytes, length: length === null ? null : Number(length) };
}
