// Fonts for people's names in the PDFs. pdfkit's built-in Helvetica has only Western European
// letters, so a name in an Indian script (or Latin with letters like ā, ś, ṇ) would drop out. Each
// run of text is set in a font chosen by the Unicode block of its letters: Noto Sans for the Indian
// scripts (from the @fontsource packages, read from node_modules at run time), Helvetica for Latin
// and everything else as before. fontkit, under pdfkit, does the OpenType shaping that
// conjuncts and vowel signs need.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

export type Script =
  "devanagari" | "bengali" | "gurmukhi" | "gujarati" | "oriya" | "tamil" | "telugu" | "kannada" | "malayalam";

/** Unicode blocks (first, last code point) and the script whose font draws them. */
const BLOCKS: readonly (readonly [number, number, Script])[] = [
  [0x0900, 0x097f, "devanagari"],
  [0xa8e0, 0xa8ff, "devanagari"], // Devanagari Extended
  [0x0980, 0x09ff, "bengali"],
  [0x0a00, 0x0a7f, "gurmukhi"],
  [0x0a80, 0x0aff, "gujarati"],
  [0x0b00, 0x0b7f, "oriya"],
  [0x0b80, 0x0bff, "tamil"],
  [0x0c00, 0x0c7f, "telugu"],
  [0x0c80, 0x0cff, "kannada"],
  [0x0d00, 0x0d7f, "malayalam"],
];

/** The script whose font draws this character; null for Helvetica (Latin, digits, punctuation). */
export function scriptOf(ch: string): Script | null {
  const cp = ch.codePointAt(0) ?? 0;
  for (const [first, last, script] of BLOCKS) if (cp >= first && cp <= last) return script;
  return null;
}

/** Spaces and the zero-width joiners stay with the script around them, so a shaped word is one run. */
function isNeutral(ch: string): boolean {
  return /^[\s\u200c\u200d]$/u.test(ch);
}

export interface Run {
  text: string;
  script: Script | null;
}

/** Splits text into runs that each need one font; neutral characters join the run before them. */
export function scriptRuns(text: string): Run[] {
  const runs: Run[] = [];
  for (const ch of text) {
    const last = runs[runs.length - 1];
    const script = isNeutral(ch) && last !== undefined ? last.script : scriptOf(ch);
    if (last !== undefined && last.script === script) last.text += ch;
    else runs.push({ text: ch, script });
  }
  // A leading space run takes the script of what follows it.
  if (runs.length > 1 && /^\s+$/u.test(runs[0]!.text)) {
    runs[1]!.text = runs[0]!.text + runs[1]!.text;
    runs.shift();
  }
  return runs;
}

const FILES: Record<Script, string> = {
  devanagari: "noto-sans-devanagari/files/noto-sans-devanagari-devanagari",
  bengali: "noto-sans-bengali/files/noto-sans-bengali-bengali",
  gurmukhi: "noto-sans-gurmukhi/files/noto-sans-gurmukhi-gurmukhi",
  gujarati: "noto-sans-gujarati/files/noto-sans-gujarati-gujarati",
  oriya: "noto-sans-oriya/files/noto-sans-oriya-oriya",
  tamil: "noto-sans-tamil/files/noto-sans-tamil-tamil",
  telugu: "noto-sans-telugu/files/noto-sans-telugu-telugu",
  kannada: "noto-sans-kannada/files/noto-sans-kannada-kannada",
  malayalam: "noto-sans-malayalam/files/noto-sans-malayalam-malayalam",
};

// Resolved through node's module resolution (the packages' "./files/*" exports), so the bundled
// build/server.js finds them in the project's node_modules as the sources do.
const require = createRequire(import.meta.url);
const cache = new Map<string, Buffer>();

/** The font file's bytes, read once per process. */
function fontBytes(script: Script, bold: boolean): Buffer {
  const id = `@fontsource/${FILES[script]}-${bold ? 700 : 400}-normal.woff`;
  let bytes = cache.get(id);
  if (bytes === undefined) {
    bytes = readFileSync(require.resolve(id));
    cache.set(id, bytes);
  }
  return bytes;
}

export type LatinFont = "Helvetica" | "Helvetica-Bold" | "Helvetica-Oblique";

const registered = new WeakMap<PDFKit.PDFDocument, Set<string>>();

/** The font's name in this document, registering it there on first use (pdfkit embeds only used fonts). */
function fontName(doc: PDFKit.PDFDocument, script: Script, bold: boolean): string {
  const name = `Noto-${script}-${bold ? "bold" : "regular"}`;
  let names = registered.get(doc);
  if (names === undefined) registered.set(doc, (names = new Set()));
  if (!names.has(name)) {
    doc.registerFont(name, fontBytes(script, bold));
    names.add(name);
  }
  return name;
}

/**
 * Writes text like doc.text(text, x, y, options), each script run in its own font; runs with no
 * script need use the given Helvetica. The font is left at `latin` afterwards.
 */
export function textInScripts(
  doc: PDFKit.PDFDocument,
  latin: LatinFont,
  text: string,
  x: number,
  y: number,
  options: PDFKit.Mixins.TextOptions = {},
): void {
  const runs = scriptRuns(text);
  const bold = latin === "Helvetica-Bold";
  if (runs.length === 0) runs.push({ text: "", script: null });
  runs.forEach((run, i) => {
    doc.font(run.script === null ? latin : fontName(doc, run.script, bold));
    const continued = i < runs.length - 1;
    // Shaping reorders glyphs (the reph of र्म is drawn after मा), so a PDF reader copying the
    // glyphs would read "शमार्"; ActualText gives it the name as typed. Only for a text in one
    // script: pdfkit holds back a continued run's glyphs, so the marks would not bracket them.
    const actual = run.script !== null && runs.length === 1;
    if (actual) doc.markContent("Span", { actual: run.text });
    if (i === 0) doc.text(run.text, x, y, { ...options, continued });
    else doc.text(run.text, { continued });
    if (actual) doc.endMarkedContent();
  });
  doc.font(latin);
}
