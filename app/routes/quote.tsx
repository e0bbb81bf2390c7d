import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { renderToStaticMarkup } from "react-dom/server";
import { getCatalogue } from "~/upstream/employer.server";
import { ApiError } from "~/upstream/http.server";
import { CALCULATOR_PAGES } from "~/calculator/calculator";
import { calculatorView, readChoice } from "~/calculator/calculator.server";
import { attempt, requireToken } from "~/session/signed-in.server";
import { choiceToast, writeChoiceToCart } from "~/checkout/pending-quote.server";
import { firstUnfinishedStep, isPaidOrPending, pathOf } from "~/checkout/steps";
import { CALCULATOR_ID, QuoteResult } from "~/components/price-calculator";
import { MESSAGES } from "~/config/constants";
import { PATHS } from "~/routing/paths";
import { commitSession, getSession } from "~/session/session.server";
import { redirectWithToast } from "~/session/toast.server";
import { seeOther } from "~/utils/see-other";

/** Which calculator page the answer belongs to; anything else is the home page. */
function pageOf(params: URLSearchParams): string {
  const page = params.get("page") ?? "";
  return CALCULATOR_PAGES.includes(page) ? page : PATHS.home;
}

/**
 * The public price calculator's live answer (docs/product.md, Public pages): the result part of
 * the calculator for a query, as HTML, which the page script puts in place as the visitor types.
 * The same component renders it in the page, so the two never differ. Not kept in the page cache
 * (it sets no shared Cache-Control): one answer per choice of people would crowd the pages out.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const view = await calculatorView(params);
  const html = renderToStaticMarkup(<QuoteResult result={view.result} page={pageOf(params)} />);
  return new Response(html, {
    status: view.result.status === "down" ? 503 : view.result.status === "invalid" ? 400 : 200,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "private, max-age=60",
      "X-Robots-Tag": "noindex",
    },
  });
}

/**
 * "Buy this": the visitor's choice goes into the checkout. Before sign-in it waits in the session
 * (sealed cookie) and is written into the API's cart when the code is verified
 * (routes/checkout.verify-otp.tsx); a signed-in admin's cart takes it at once.
 */
export async function action({ request }: ActionFunctionArgs) {
  const params = new URLSearchParams();
  for (const [name, value] of await request.formData()) if (typeof value === "string") params.append(name, value);
  const page = pageOf(params);
  params.delete("page");
  const back = `${page}?${params}#${CALCULATOR_ID}-result`;
  let catalogue;
  try {
    catalogue = await getCatalogue();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return redirectWithToast(back, { kind: "danger", message: MESSAGES.serviceDown });
  }
  const { choice } = readChoice(params, catalogue);
  // A choice the calculator would refuse goes back to it, which says why beside the form.
  if (choice === null) return seeOther(back);

  const session = await getSession(request);
  if (!session.get("token")) {
    session.set("pendingQuote", choice);
    return seeOther(PATHS.checkout.verify, { "Set-Cookie": await commitSession(session) });
  }
  const { token, headers } = await requireToken(request);
  const written = await attempt(request, () => writeChoiceToCart(token, choice));
  if (!written.ok) return redirectWithToast(back, choiceToast(written.error.message), headers);
  const cart = written.value;
  const next = isPaidOrPending(cart) ? PATHS.membership : pathOf(firstUnfinishedStep(cart));
  return redirectWithToast(next, choiceToast(null), headers);
}
