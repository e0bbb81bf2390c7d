// Fonts for people's names in the PDFs. pdfkit's built-in Helvetica has only Western European
// letters (WinAnsi), so a name in an Indian script, or in Latin with letters like ā, ś, ṇ or Ł,
// would drop out. Each run of text is set in a font chosen by its letters: Noto Sans for the Indian
// scripts, and Noto Sans's own Latin for a text with a Latin letter Helvetica lacks (all of its
// Latin, so a name is in one typeface: decision 0032); Helvetica for everything else as before.
// The fonts come from the @fontsource packages, read from node_modules at run time. fontkit, under
// pdfkit, does the OpenType shaping that conjuncts and vowel signs need.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

type IndianScript =
  "devanagari" | "bengali" | "gurmukhi" | "gujarati" | "oriya" | "tamil" | "telugu" | "kannada" | "malayalam";
/** Noto Sans's Latin comes as three files (fontsource's subsets); a character is drawn from the one holding it. */
type LatinSubset = "latin" | "latin-ext" | "vietnamese";
export type Script = IndianScript | LatinSubset;

/** Unicode blocks (first, last code point) and the script whose font draws them. */
const BLOCKS: readonly (readonly [number, number, IndianScript])[] = [
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

/** What Helvetica draws in pdfkit: WinAnsiEncoding, that is ASCII, Latin-1 and these. */
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
const helveticaDraws = (ch: string, cp: number) =>
  (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || WIN_ANSI_EXTRA.has(ch);

/**
 * Which of Noto Sans's Latin files holds a letter (the code points each fontsource subset carries),
 * or null when none does.
 */
function latinSubsetOf(cp: number): LatinSubset | null {
  if (cp >= 0x1ea0 && cp <= 0x1ef1) return "vietnamese";
  if (cp <= 0xff || cp === 0x131 || cp === 0x152 || cp === 0x153) return "latin";
  const extended =
    (cp >= 0x0100 && cp <= 0x02ff) || // Latin Extended-A and -B, IPA, spacing modifiers
    (cp >= 0x1d00 && cp <= 0x1dbf) || // phonetic extensions
    (cp >= 0x1e00 && cp <= 0x1eff) || // Latin Extended Additional (ṇ, ṭ, ḍ, ṛ, ṃ…)
    (cp >= 0x2c60 && cp <= 0x2c7f) || // Latin Extended-C
    (cp >= 0xa720 && cp <= 0xa7ff); // Latin Extended-D
  return extended ? "latin-ext" : null;
}

/**
 * The font a character needs on its own: an Indian script's, a Noto Latin file for a Latin letter
 * Helvetica lacks, or null for Helvetica (Latin-1 letters, digits, punctuation).
 */
export function scriptOf(ch: string): Script | null {
  const cp = ch.codePointAt(0) ?? 0;
  for (const [first, last, script] of BLOCKS) if (cp >= first && cp <= last) return script;
  return helveticaDraws(ch, cp) ? null : latinSubsetOf(cp);
}

const isIndian = (script: Script | null) => script !== null && BLOCKS.some(([, , s]) => s === script);

/** Spaces and the zero-width joiners stay with the script around them, so a shaped word is one run. */
function isNeutral(ch: string): boolean {
  return /^[\s\u200c\u200d]$/u.test(ch);
}

export interface Run {
  text: string;
  script: Script | null;
}

/**
 * Splits text into runs that each need one font; neutral characters join the run before them. When
 * a Latin letter needs Noto Sans, all the Latin of the text is set in Noto Sans.
 */
export function scriptRuns(typed: string): Run[] {
  // "a" and a combining macron, as some keyboards type ā, is one letter for the font.
  const text = /[\u0300-\u036f]/u.test(typed) ? typed.normalize("NFC") : typed;
  const own = [...text].map((ch) => ({ ch, script: scriptOf(ch) }));
  const notoLatin = own.some(({ script }) => script !== null && !isIndian(script));
  const runs: Run[] = [];
  for (const { ch, script: alone } of own) {
    const last = runs[runs.length - 1];
    const inText = alone === null && notoLatin ? latinSubsetOf(ch.codePointAt(0)!) : alone;
    const script = isNeutral(ch) && last !== undefined ? last.script : inText;
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
  latin: "noto-sans/files/noto-sans-latin",
  "latin-ext": "noto-sans/files/noto-sans-latin-ext",
  vietnamese: "noto-sans/files/noto-sans-vietnamese",
};

// Resolved through node's module resolution (the packages' "./files/*" exports), so the bundled
// build/server.js finds them in the project's node_modules as the sources do.
const require = createRequire(import.meta.url);
const cache = new Map<string, Buffer>();

interface Style {
  bold: boolean;
  /** Noto Sans has an italic; the Indian scripts' fonts are upright only. */
  italic: boolean;
}

/** The font file's bytes, read once per process. */
function fontBytes(script: Script, { bold, italic }: Style): Buffer {
  const id = `@fontsource/${FILES[script]}-${bold ? 700 : 400}-${italic && !isIndian(script) ? "italic" : "normal"}.woff`;
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
function fontName(doc: PDFKit.PDFDocument, script: Script, style: Style): string {
  const name = `Noto-${script}-${style.bold ? "bold" : "regular"}${style.italic && !isIndian(script) ? "-italic" : ""}`;
  let names = registered.get(doc);
  if (names === undefined) registered.set(doc, (names = new Set()));
  if (!names.has(name)) {
    doc.registerFont(name, fontBytes(script, style));
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
  const style = { bold: latin === "Helvetica-Bold", italic: latin === "Helvetica-Oblique" };
  if (runs.length === 0) runs.push({ text: "", script: null });
  runs.forEach((run, i) => {
    doc.font(run.script === null ? latin : fontName(doc, run.script, style));
    const continued = i < runs.length - 1;
    // Shaping reorders glyphs (the reph of र्म is drawn after मा), so a PDF reader copying the
    // glyphs would read "शमार्"; ActualText gives it the name as typed. Only for a text in one
    // Indian script: pdfkit holds back a continued run's glyphs, so the marks would not bracket them.
    const actual = isIndian(run.script) && runs.length === 1;
    if (actual) doc.markContent("Span", { actual: run.text });
    if (i === 0) doc.text(run.text, x, y, { ...options, continued });
    else doc.text(run.text, { continued });
    if (actual) doc.endMarkedContent();
  });
  doc.font(latin);
}
