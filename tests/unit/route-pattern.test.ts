import type { ServerBuild } from "@remix-run/node";
import { expect, it } from "vitest";
import { routeLabeller } from "../../server/route-pattern";

/** docs/decisions/0036: requests are counted by the pattern of the route that answers, never the path asked. */
const route = (id: string, path?: string, parentId = "root", index = false) => ({ id, path, parentId, index });
const routes = {
  root: { id: "root", path: "" },
  "routes/_index": route("routes/_index", undefined, "root", true),
  "routes/$": route("routes/$", "*"),
  "routes/checkout": route("routes/checkout", "checkout"),
  "routes/checkout.verify": route("routes/checkout.verify", "verify", "routes/checkout"),
  "routes/membership_.invoices.$invoice": route("routes/membership_.invoices.$invoice", "membership/invoices/:invoice"),
  "routes/membership_.invoices.$invoice_.pdf": route(
    "routes/membership_.invoices.$invoice_.pdf",
    "membership/invoices/:invoice/pdf",
  ),
  "routes/membership_.members_.template[.]csv": route(
    "routes/membership_.members_.template[.]csv",
    "membership/members/template.csv",
  ),
  "routes/membership_.members_.$member": route("routes/membership_.members_.$member", "membership/members/:member"),
} as unknown as ServerBuild["routes"];

it("labels a request by its route's pattern, as the routers match it", () => {
  const label = routeLabeller(routes);
  expect(label("/")).toBe("/");
  expect(label("/_root.data")).toBe("/");
  expect(label("/checkout/verify")).toBe("/checkout/verify");
  expect(label("/Checkout/Verify/")).toBe("/checkout/verify");
  expect(label("/checkout/verify.data")).toBe("/checkout/verify");
  expect(label("/membership/invoices/INV-2026-0001")).toBe("/membership/invoices/:invoice");
  expect(label("/membership/invoices/INV-2026-0001/pdf")).toBe("/membership/invoices/:invoice/pdf");
  // A static path beats a parameter at the same place.
  expect(label("/membership/members/template.csv")).toBe("/membership/members/template.csv");
  expect(label("/membership/members/m_123")).toBe("/membership/members/:member");
});

it("gives what no page route answers a fixed label: the probes, the API, files, the catch-all", () => {
  const label = routeLabeller(routes);
  expect(label("/healthz")).toBe("/healthz");
  expect(label("/readyz")).toBe("/readyz");
  expect(label("/api/employer/v1/carts/get")).toBe("/api/*");
  expect(label("/build/entry-ABC.js")).toBe("/build/*");
  expect(label("/fonts/noto.woff2")).toBe("file");
  expect(label("/no/such/page/9876543210")).toBe("/*");
});
