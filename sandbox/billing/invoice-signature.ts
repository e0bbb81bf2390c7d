// The tax invoice's digital signature (decision 0033): a PAdES signature (ETSI.CAdES.detached) over
// the whole file, made with a certificate the sandbox issues to itself when it first signs, once per
// deployment: kept under the data folder, so every worker of a cluster and every restart signs with
// the same one (decision 0040). A reader
// shows the signature as valid and the document as unchanged since signing; the certificate is not
// from a certifying authority, so it is shown as not trusted, and the invoice says it is a sandbox's.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import { P12Signer } from "@signpdf/signer-p12";
import { SignPdf } from "@signpdf/signpdf";
import forge from "node-forge";
import { PDFDocument } from "pdf-lib";
import { SELLER } from "../shared/seller";

export const SIGNER_NAME = `${SELLER.name} (sandbox signing certificate)`;
const PASSPHRASE = "kavach-sandbox";
const DAY_MS = 24 * 60 * 60 * 1000;

/** Where the deployment's certificate is kept; unset (a database in memory), it lives in this process only. */
let certificateFile: string | undefined;
/** The deployment's certificate, once read or made. */
let p12: Buffer | undefined;

/** Keeps the signing certificate in `folder` (the data folder, beside the database), or in memory when none. */
export function keepSigningCertificateIn(folder: string | undefined): void {
  certificateFile = folder === undefined ? undefined : path.join(folder, "sandbox-signing.p12");
  p12 = undefined;
}

/** The deployment's certificate: read from its file, else made and written there once. */
function sandboxCertificate(): Buffer {
  if (p12 !== undefined) return p12;
  if (certificateFile === undefined) return (p12 = newCertificate());
  try {
    return (p12 = fs.readFileSync(certificateFile));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  // Written whole under a name of its own, then linked into place: a worker that starts signing at
  // the same moment either links first (and the other reads its file) or reads a complete file.
  const made = newCertificate();
  const draft = `${certificateFile}.${process.pid}.${randomBytes(4).toString("hex")}`;
  fs.writeFileSync(draft, made, { mode: 0o600 });
  try {
    fs.linkSync(draft, certificateFile);
    p12 = made;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    p12 = fs.readFileSync(certificateFile);
  } finally {
    fs.rmSync(draft, { force: true });
  }
  return p12;
}

/** A self-signed certificate and its key as a PKCS#12 file. */
function newCertificate(): Buffer {
  const pair = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs1", format: "pem" },
  });
  const key = forge.pki.privateKeyFromPem(pair.privateKey);
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(pair.publicKey);
  // Positive: the first byte's high bit clear.
  cert.serialNumber = `01${randomBytes(8).toString("hex")}`;
  cert.validity.notBefore = new Date(Date.now() - DAY_MS);
  cert.validity.notAfter = new Date(Date.now() + 2 * 365 * DAY_MS);
  const subject = [
    { name: "commonName", value: SIGNER_NAME },
    { name: "organizationName", value: SELLER.name },
    { name: "countryName", value: "IN" },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(key, forge.md.sha256.create());
  // The bundle never leaves this process: one key-derivation round, not 2,048 in JavaScript per signature.
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], PASSPHRASE, { algorithm: "3des", count: 1 });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), "binary");
}

/** The PDF signed as a whole by the supplier, with the reason and place a reader shows. */
export async function signInvoicePdf(pdf: Buffer, invoiceNumber: string): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: `Tax invoice ${invoiceNumber}`,
    contactInfo: SELLER.email,
    name: SIGNER_NAME,
    location: "Bengaluru, Karnataka, India",
    subFilter: "ETSI.CAdES.detached",
  });
  const prepared = Buffer.from(await doc.save({ useObjectStreams: false }));
  // A signer reads its bundle once: a new one each time.
  return new SignPdf().sign(prepared, new P12Signer(sandboxCertificate(), { passphrase: PASSPHRASE }));
}
