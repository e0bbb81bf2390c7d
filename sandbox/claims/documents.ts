// A reimbursement's documents (docs/product.md, Claims): PDF, JPEG or PNG, known by their first bytes
// rather than by their name or the type the sender claims; at most 10 files of at most 5 MB each. One
// file that fails refuses the whole claim, and nothing of it is saved.
import { HttpError } from "../shared/envelope";

export const MAX_DOCUMENTS = 10;
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

export type DocumentType = "application/pdf" | "image/jpeg" | "image/png";

const SIGNATURES: ReadonlyArray<readonly [DocumentType, readonly number[]]> = [
  ["application/pdf", [0x25, 0x50, 0x44, 0x46, 0x2d]],
  ["image/jpeg", [0xff, 0xd8, 0xff]],
  ["image/png", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
];

/** The file's type by its first bytes, or null for anything else. */
export function documentType(bytes: Uint8Array): DocumentType | null {
  return SIGNATURES.find(([, magic]) => magic.every((b, i) => bytes[i] === b))?.[0] ?? null;
}

export interface CheckedDocument {
  fileName: string;
  contentType: DocumentType;
  bytes: Buffer;
}

/** Checks every file, refusing the first that breaks a rule with its name in the message. */
export function checkDocuments(files: ReadonlyArray<{ file_name: string; content_base64: string }>): CheckedDocument[] {
  if (files.length === 0) throw new HttpError(400, "Attach the bill and the documents that go with it.");
  if (files.length > MAX_DOCUMENTS) throw new HttpError(400, `Attach at most ${MAX_DOCUMENTS} files.`);
  return files.map((f) => {
    const bytes = Buffer.from(f.content_base64, "base64");
    if (bytes.length === 0) throw new HttpError(400, `${f.file_name} is empty.`);
    if (bytes.length > MAX_DOCUMENT_BYTES) throw new HttpError(400, `${f.file_name} is larger than 5 MB.`);
    const contentType = documentType(bytes);
    if (contentType === null) throw new HttpError(400, `${f.file_name} is not a PDF, JPEG or PNG file.`);
    return { fileName: f.file_name, contentType, bytes };
  });
}
