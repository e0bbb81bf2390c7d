import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { followRedirectsInOneTrip } from "~/one-trip/client";

// Before Remix makes its first request (app/one-trip/protocol.ts, detail 7).
followRedirectsInOneTrip();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
