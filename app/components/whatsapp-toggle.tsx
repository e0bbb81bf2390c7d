import { useFetcher } from "@remix-run/react";
import { PATHS } from "~/routing/paths";

/**
 * Shows the opt-in the API reports and flips it with a post; on a hydrated page through a fetcher,
 * in place (the answer's toast and the new state arrive as the page's data is revalidated).
 */
export function WhatsappToggle({ enabled, returnTo }: { enabled: boolean; returnTo: string }) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={PATHS.checkout.whatsapp} className="whatsapp-toggle small">
      <input type="hidden" name="returnTo" value={returnTo} />
      <span>
        WhatsApp updates: <strong>{enabled ? "on" : "off"}</strong>
      </span>{" "}
      <button
        type="submit"
        name="whatsapp"
        value={enabled ? "off" : "on"}
        className="link-button"
        aria-disabled={busy || undefined}
      >
        {busy ? "Saving…" : enabled ? "Turn off" : "Turn on"}
      </button>
    </fetcher.Form>
  );
}
