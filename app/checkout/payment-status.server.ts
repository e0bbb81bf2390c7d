import type { Verification } from "~/upstream/employer.server";
import { verifyOrder } from "~/upstream/employer.server";
import { ApiError, ApiUnauthorizedError } from "~/upstream/http.server";
import { getSession } from "~/session/session.server";
import { referenceId } from "~/validation/fields";

/** The order named in an outcome page's query, as the API knows it now (read-only). */
export async function currentOrderStatus(request: Request): Promise<Verification | null> {
  const parsed = referenceId.safeParse(new URL(request.url).searchParams.get("order_id"));
  if (!parsed.success) return null;
  // A look-up needs the order's owner's token (docs/api-contract.md): a page without one shows no order.
  const token = (await getSession(request)).get("token");
  if (!token) return null;
  try {
    return await verifyOrder({ razorpay_order_id: parsed.data }, token);
  } catch (error) {
    if (error instanceof ApiUnauthorizedError || (error instanceof ApiError && !error.isOutage)) return null;
    if (error instanceof ApiError) throw Response.json({ message: error.message }, { status: 503 });
    throw error;
  }
}
