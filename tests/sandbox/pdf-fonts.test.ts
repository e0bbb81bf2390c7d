import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import PDFDocument from "pdfkit";
import { describe, expect, it } from "vitest";
import { scriptOf, scriptRuns, textInScripts } from "../../sandbox/shared/pdf-fonts";

describe("the font for a name's letters", () => {
  it("follows the Unicode block of each script, and leaves Latin to Helvetica", () => {
    expect(["अ", "অ", "ਅ", "અ", "ଅ", "அ", "అ", "ಅ", "അ", "A", "é", "1"].map(scriptOf)).toEqual([
      "devanagari",
      "bengali",
      "gurmukhi",
      "gujarati",
      "oriya",
      "tamil",
      "telugu",
      "kannada",
      "malayalam",
      null,
      null,
      null,
    ]);
  });

  it("gives a Latin letter Helvetica cannot draw to Noto Sans's Latin, from the file that holds it", () => {
    expect(["ā", "Ś", "Ł", "ṇ", "ễ", "ë", "Ñ", "Š"].map(scriptOf)).toEqual([
      "latin-ext",
      "latin-ext",
      "latin-ext",
      "latin-ext",
      "vietnamese",
      null,
      null,
      null,
    ]);
  });

  it("keeps a name in one script as one run, spaces included, and splits mixed text at the script", () => {
    expect(scriptRuns("अनन्या शर्मा")).toEqual([{ text: "अनन्या शर्मा", script: "devanagari" }]);
    expect(scriptRuns("கார்த்திக் ராஜா")).toEqual([{ text: "கார்த்திக் ராஜா", script: "tamil" }]);
    expect(scriptRuns("Rahul (राहुल) D'Souza")).toEqual([
      { text: "Rahul (", script: null },
      { text: "राहुल", script: "devanagari" },
      { text: ") D'Souza", script: null },
    ]);
    expect(scriptRuns("Esha Nair")).toEqual([{ text: "Esha Nair", script: null }]);
    expect(scriptRuns("Zoë Ñuñez")).toEqual([{ text: "Zoë Ñuñez", script: null }]);
  });

  it("sets all the Latin of a text in Noto Sans once one letter needs it, the accents typed composed or not", () => {
    const composed = [
      { text: "Ā", script: "latin-ext" },
      { text: "nanya ", script: "latin" },
      { text: "Ś", script: "latin-ext" },
      { text: "arm", script: "latin" },
      { text: "ā", script: "latin-ext" },
    ];
    expect(scriptRuns("Ānanya Śarmā")).toEqual(composed);
    expect(scriptRuns("A\u0304nanya S\u0301arma\u0304")).toEqual(composed);
    expect(scriptRuns("Łukasz (राहुल)")).toEqual([
      { text: "Ł", script: "latin-ext" },
      { text: "ukasz (", script: "latin" },
      { text: "राहुल", script: "devanagari" },
      { text: ")", script: "latin" },
    ]);
  });
});

describe("names on a PDF, read back with pdftotext", () => {
  const NAMES = ["Ānanya Śarmā", "Zoë Ñuñez", "Łukasz Żółć", "Kṛṣṇa Rāmānujan", "Nguyễn Thị Hằng", "अनन्या शर्मा"];

  async function pdfText(draw: (doc: PDFKit.PDFDocument) => void): Promise<string> {
    const doc = new PDFDocument({ size: "A4", margin: 48 });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    const ended = new Promise((resolve) => doc.on("end", resolve));
    draw(doc);
    doc.end();
    await ended;
    const dir = mkdtempSync(join(tmpdir(), "kavach-fonts-"));
    try {
      writeFileSync(join(dir, "names.pdf"), Buffer.concat(chunks));
      return execFileSync("pdftotext", ["-layout", join(dir, "names.pdf"), "-"], { encoding: "utf8" });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it("prints every letter of Latin names with diacritics, bold, regular and italic, beside Indian scripts", async () => {
    for (const latin of ["Helvetica-Bold", "Helvetica", "Helvetica-Oblique"] as const) {
      const text = await pdfText((doc) => {
        NAMES.forEach((name, i) => textInScripts(doc, latin, name, 48, 60 + i * 24, { width: 400 }));
      });
      const lines = text.split("\n").map((l) => l.trim());
      for (const name of NAMES) expect(lines, latin).toContain(name);
    }
  });
});
