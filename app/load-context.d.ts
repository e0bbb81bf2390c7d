import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Per-request nonce for the Content-Security-Policy, made in server.ts. */
    cspNonce: string;
  }
}
