import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { followRedirectsInOneTrip } from "~/rendering/followed-redirect";

// Before Remix makes its first request (docs/decisions/0035).
followRedirectsInOneTrip();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
