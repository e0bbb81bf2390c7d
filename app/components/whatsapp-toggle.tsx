import { Form } from "@remix-run/react";
import { PATHS } from "~/paths";

/** Shows the opt-in the API reports and flips it with a plain form post. */
export function WhatsappToggle({ enabled, returnTo }: { enabled: boolean; returnTo: string }) {
  return (
    <Form method="post" action={PATHS.checkout.whatsapp} className="whatsapp-toggle small">
      <input type="hidden" name="returnTo" value={returnTo} />
      <span>WhatsApp updates: <strong>{enabled ? "on" : "off"}</strong></span>{" "}
      <button type="submit" name="whatsapp" value={enabled ? "off" : "on"} className="link-button">
        {enabled ? "Turn off" : "Turn on"}
      </button>
    </Form>
  );
}
