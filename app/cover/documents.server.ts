/**
 * A reimbursement's documents, checked where they arrive (docs/product.md, Claims): PDF, JPEG or PNG by
 * their first bytes, at most 10 files of at most 5 MB each. The API checks them again by the same rules;
 * a refusal here sends nothing, so nothing is saved.
 */

import { MAX_DOCUMENTS, MAX_DOCUMENT_BYTES } from "./forms";

const SIGNATURES: ReadonlyArray<readonly number[]> = [
  [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  [0xff, 0xd8, 0xff], // JPEG
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], // PNG
];

export interface ReadDocument {
  file_name: string;
  content_base64: string;
}

/** The files chosen (an empty file input sends one nameless empty file: that is none). */
export function chosenFiles(entries: FormDataEntryValue[]): File[] {
  return entries.filter((f): f is File => f instanceof File && !(f.name === "" && f.size === 0));
}

/** The files read, or the first problem in words the employee can act on. */
export async function readDocuments(
  files: File[],
): Promise<{ ok: true; documents: ReadDocument[] } | { ok: false; message: string }> {
  if (files.length === 0) return { ok: false, message: "Attach the bill, and the documents that go with it." };
  if (files.length > MAX_DOCUMENTS) return { ok: false, message: `Attach at most ${MAX_DOCUMENTS} files.` };
  const documents: ReadDocument[] = [];
  for (const file of files) {
    const name = file.name.slice(0, 120) || "document";
    if (file.size > MAX_DOCUMENT_BYTES) return { ok: false, message: `${name} is larger than 5 MB.` };
    if (file.size === 0) return { ok: false, message: `${name} is empty.` };
    const bytes = Buffer.from(await file.arrayBuffer());
    if (!SIGNATURES.some((magic) => magic.every((b, i) => bytes[i] === b))) {
      return { ok: false, message: `${name} is not a PDF, JPEG or PNG file.` };
    }
    documents.push({ file_name: name, content_base64: bytes.toString("base64") });
  }
  return { ok: true, documents };
}
