import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { setWhatsapp } from "~/upstream/global.server";
import { attempt, requireToken } from "~/session/signed-in.server";
import { PATHS } from "~/routing/paths";
import { commitSession } from "~/session/session.server";
import { redirectWithToast } from "~/session/toast.server";
import { safeRedirectPath } from "~/utils/safe-redirect";

/** The WhatsApp opt-in toggle (PATCH /users/whatsapp; docs/product.md, Checkout steps), posted from any checkout page. */
const schema = z
  .object({
    whatsapp: z.enum(["on", "off"]),
    returnTo: z
      .string()
      .max(200)
      .regex(/^[\x21-\x7e]*$/)
      .optional(),
  })
  .strict();

export async function action({ request }: ActionFunctionArgs) {
  const { token, session } = await requireToken(request);
  const parsed = schema.safeParse(Object.fromEntries(await request.formData()));
  const back = safeRedirectPath(parsed.success ? parsed.data.returnTo : null, PATHS.checkout.gstDetails);
  if (!parsed.success) return new Response("Choose whether WhatsApp updates are on or off.", { status: 400 });
  const saved = await attempt(request, () => setWhatsapp(token, parsed.data.whatsapp === "on"));
  if (!saved.ok) return redirectWithToast(back, { kind: "danger", message: saved.error.message });
  session.set("whatsapp", saved.value.whatsapp === 1);
  const message = saved.value.whatsapp === 1 ? "WhatsApp updates are on." : "WhatsApp updates are off.";
  return redirectWithToast(back, { kind: "success", message }, { "Set-Cookie": await commitSession(session) });
}

export function loader() {
  return redirect(PATHS.checkout.gstDetails);
}
