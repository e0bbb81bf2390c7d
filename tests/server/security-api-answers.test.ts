import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import forge from "node-forge";
import { afterAll, beforeAll, expect, it } from "vitest";
import { adminSession } from "../support/admin-session";
import { readHostedCheckout } from "../support/payments";
import { type InProcessApp, appInProcess } from "../support/in-process";

/**
 * The embedded API's personal answers and its signed PDFs (decision 0040): every answer carries
 * `Cache-Control: no-store`, and the tax invoice is signed with one certificate per deployment,
 * made once under the data folder, whichever process signs it.
 */
let app: InProcessApp;
let api = "";
let token = "";
let invoiceId = "";
beforeAll(async () => {
  app = await appInProcess();
  api = `${app.url}/api/employer/v1`;
  const { admin } = await adminSession(`${app.url}/api`, "payment");
  token = admin.token;
  const order = await call("/checkout/order/create", {
    policy: "yearly",
    callback_url: `${app.url}/checkout/payment/callback`,
  });
  const forms = await readHostedCheckout(app.url, order.data.order_id);
  const paid = await call("/checkout/order/verify", forms.success);
  invoiceId = paid.data.invoice.id;
});
afterAll(() => app.close());

async function call(route: string, body?: unknown): Promise<any> {
  const answer = await fetch(`${api}${route}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return answer.json();
}

it("every personal answer of the API says no-store: the membership, an invoice, its PDF, the cart", async () => {
  for (const route of ["/membership", `/invoices/${invoiceId}`, `/invoices/${invoiceId}/pdf`, "/carts/get"]) {
    const answer = await fetch(`${api}${route}`, { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status, route).toBe(200);
    expect(answer.headers.get("cache-control"), route).toMatch(/no-store/);
  }
  // The refusals too: a 404 for someone else's invoice is no more a shared cache's than the invoice.
  const stranger = await fetch(`${api}/invoices/nope`, { headers: { authorization: `Bearer ${token}` } });
  expect(stranger.status).toBe(404);
  expect(stranger.headers.get("cache-control")).toMatch(/no-store/);
});

/** The serial number of the certificate that signed a PDF (its PAdES signature's CMS). */
function signingSerial(pdf: Buffer): string {
  const contents = /\/Contents\s*<([0-9A-Fa-f]+)>/.exec(pdf.toString("latin1"))![1]!;
  const der = forge.util.hexToBytes(contents.replace(/(00)+$/, ""));
  const cms = forge.pkcs7.messageFromAsn1(forge.asn1.fromDer(der, false)) as forge.pkcs7.PkcsSignedData;
  return cms.certificates[0]!.serialNumber;
}

it("one signing certificate per deployment: kept under the data folder, the same for another process", async () => {
  const pdf = async () => {
    const answer = await fetch(`${api}/invoices/${invoiceId}/pdf`, { headers: { authorization: `Bearer ${token}` } });
    return Buffer.from(await answer.arrayBuffer());
  };
  const serial = signingSerial(await pdf());
  expect(signingSerial(await pdf())).toBe(serial);
  expect(existsSync(path.join(app.dataDir, "sandbox-signing.p12"))).toBe(true);
  // Another worker of the same deployment: a process of its own, with the same data folder.
  const other = execFileSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "--input-type=module",
      "-e",
      `import { keepSigningCertificateIn, signInvoicePdf } from "./sandbox/billing/invoice-signature.ts";
       import { PDFDocument } from "pdf-lib";
       keepSigningCertificateIn(${JSON.stringify(app.dataDir)});
       const doc = await PDFDocument.create(); doc.addPage();
       const signed = await signInvoicePdf(Buffer.from(await doc.save()), "KV/TEST/1");
       process.stdout.write(signed.toString("base64"));`,
    ],
    { cwd: path.resolve(import.meta.dirname, "../.."), encoding: "utf8" },
  );
  expect(signingSerial(Buffer.from(other, "base64"))).toBe(serial);
});
