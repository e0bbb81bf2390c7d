import { describe, expect, it } from "vitest";
import { chosenFiles, readDocuments } from "~/cover/documents.server";
import { MAX_DOCUMENTS, MAX_DOCUMENT_BYTES, intimationSchema, reimbursementSchema } from "~/cover/forms";
import * as sandbox from "../../sandbox/claims/documents";

/**
 * The app checks a reimbursement's files before sending anything (app/cover/documents.server.ts) and the
 * API checks them again (sandbox/claims/documents.ts; the sandbox never imports the app): the two must
 * agree on the limits and on which files they take, word for word in what they say of a bad one.
 */

const PDF = Buffer.from("%PDF-1.7\n%%EOF\n");
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
const GIF = Buffer.from("GIF89a....");
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]);

const appSays = async (name: string, bytes: Buffer) => {
  const read = await readDocuments(chosenFiles([new File([new Uint8Array(bytes)], name)]));
  return read.ok ? "ok" : read.message;
};
const apiSays = (name: string, bytes: Buffer) => {
  try {
    sandbox.checkDocuments([{ file_name: name, content_base64: bytes.toString("base64") }]);
    return "ok";
  } catch (error) {
    return (error as Error).message;
  }
};

describe("a reimbursement's documents", () => {
  it("have the same limits in the app and the API", () => {
    expect(MAX_DOCUMENTS).toBe(sandbox.MAX_DOCUMENTS);
    expect(MAX_DOCUMENT_BYTES).toBe(sandbox.MAX_DOCUMENT_BYTES);
  });

  it("are taken or refused alike, with the same words", async () => {
    const oversized = Buffer.concat([PDF, Buffer.alloc(MAX_DOCUMENT_BYTES)]);
    for (const [name, bytes] of [
      ["bill.pdf", PDF],
      ["scan.jpg", JPEG],
      ["scan.png", PNG],
      ["bill.pdf", GIF],
      ["bill.png", ZIP],
      ["big.pdf", oversized],
    ] as const) {
      expect(await appSays(name, bytes), name).toBe(apiSays(name, bytes));
    }
    expect(await appSays("bill.pdf", GIF)).toBe("bill.pdf is not a PDF, JPEG or PNG file.");
  });
});

describe("the claim forms", () => {
  it("take amounts as typed in rupees, and an emergency only with its time", () => {
    const intimation = {
      hospital: "HSP-0001",
      member: "m-1",
      admission: "emergency",
      date: "2025-06-02",
      reason: "Chest pain",
      estimate: "₹ 60,000",
    };
    const refused = intimationSchema.safeParse(intimation);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({
      path: ["time"],
      message: "Give the time of the emergency admission.",
    });
    const taken = intimationSchema.safeParse({ ...intimation, time: "01:30" });
    expect(taken.success && taken.data.estimate).toBe(60000);
    const bill = reimbursementSchema.safeParse({
      member: "m-1",
      care: "inpatient",
      hospital: "Shree Clinic",
      from: "2025-06-03",
      to: "2025-06-02",
      reason: "Fever",
      amount: "99",
    });
    expect(bill.error?.issues.map((i) => i.message)).toEqual([
      "The amount must be at least ₹100.",
      "The last day is before the first.",
    ]);
  });
});
