import "@remix-run/node";

declare module "@remix-run/node" {
  /** Single fetch (remix.config.js future flags): loaders and actions return plain data, typed as such. */
  interface Future {
    v3_singleFetch: true;
  }

  interface AppLoadContext {
    /** Per-request nonce for the Content-Security-Policy, made in server.ts. */
    cspNonce: string;
    /** The Content-Security-Policy of a page that runs only script files of this origin (no nonce). */
    pageScriptsCsp: string;
    /**
     * Spends one of this client IP's hourly one-time-code allowances (decision 0006), made in server.ts.
     * A refusal carries the message the form shows with status 429.
     */
    spendIpAllowance(
      kind: "codeRequest" | "codeVerification" | "appLink",
    ): Promise<{ ok: true } | { ok: false; message: string }>;
    /** Spends one of a mobile number's hourly allowances in the app (the app link's, docs/product.md, Security rules). */
    spendNumberAllowance(kind: "appLink", mobileNo: string): Promise<{ ok: true } | { ok: false; message: string }>;
    /** The client's IP (the peer, or X-Forwarded-For from a TRUST_PROXY proxy); passed upstream for its per-client limits. */
    clientIp: string;
  }
}
