import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import type { Quote } from "~/upstream/employer.server";
import { getQuote } from "~/upstream/employer.server";
import { attempt, requireToken } from "~/session/signed-in.server";
import { quoteQuery } from "~/validation/people";
import { parseSubmission } from "~/validation/submission.server";

export type QuoteAnswer = { quote: Quote; error: null } | { quote: null; error: string };

/**
 * The live price (docs/product.md, Prices and GST): add-people and plan-select ask here, through a
 * fetcher, what the cart would cost as the admin types. The API prices it and writes nothing; the
 * browser only shows the answer. A GET, so asking revalidates nothing else on the page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireToken(request);
  const query = new FormData();
  for (const [name, value] of new URL(request.url).searchParams) query.append(name, value);
  const submission = parseSubmission(query, quoteQuery);
  if (submission.status !== "success") {
    return data<QuoteAnswer>({ quote: null, error: "Check the highlighted numbers." }, { status: 400, headers });
  }
  const { rows, planId, coverage } = submission.value;
  const quoted = await attempt(request, () =>
    getQuote(token, { rows: rows?.filter((r) => r.count > 0), plan_id: planId, coverage_ids: coverage }),
  );
  if (!quoted.ok) {
    return data<QuoteAnswer>(
      { quote: null, error: quoted.error.message },
      { status: quoted.error.isOutage ? 503 : 400, headers },
    );
  }
  return data<QuoteAnswer>({ quote: quoted.value, error: null }, { headers });
}
