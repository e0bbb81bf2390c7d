import "@remix-run/node";

declare module "@remix-run/node" {
  /** Single fetch (remix.config.js future flags): loaders and actions return plain data, typed as such. */
  interface Future {
    v3_singleFetch: true;
  }

  interface AppLoadContext {
    /** Per-request nonce for the Content-Security-Policy, made in server.ts. */
    cspNonce: string;
    /**
     * Spends one of this client IP's hourly one-time-code allowances (decision 0006), made in server.ts.
     * A refusal carries the message the form shows with status 429.
     */
    spendIpAllowance(kind: "codeRequest" | "codeVerification"): { ok: true } | { ok: false; message: string };
  }
}
