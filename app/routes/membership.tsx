import { Outlet } from "@remix-run/react";

/**
 * The membership's layout (docs/decisions/0044): every page under /membership hydrates, is never
 * stored by a browser or a shared cache (members' personal data, docs/product.md, Personal data), and
 * shows an upstream failure inside the page. It has no loader: each page and file under it reads the
 * signed-in admin's token with `requireToken` (app/session/signed-in.server.ts), which it needs for
 * its upstream calls anyway, and a file route runs no parent loader. The gateway's payment callback
 * stays outside (membership_.changes_.payment.callback.tsx): it arrives cross-site without the cookie.
 */
export const handle = { hydrate: true };

export const headers = () => ({ "Cache-Control": "private, no-store" });

export default function MembershipLayout() {
  return <Outlet />;
}

export { StepErrorBoundary as ErrorBoundary } from "~/components/step-error";
