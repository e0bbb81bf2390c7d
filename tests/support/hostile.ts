import fc from "fast-check";

/**
 * Values a hostile or careless client posts: Unicode of every kind, markup and script that must come
 * back escaped, numbers at and past every bound, and strings far past every length limit.
 */

/** Markup that must never come back raw; the token makes each one findable in a page. */
export const markup: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom(
      (t: string) => `<script>alert("${t}")</script>`,
      (t: string) => `"><img src=x onerror=alert('${t}')>`,
      (t: string) => `'><svg onload=alert(\`${t}\`)>`,
      (t: string) => `</textarea></script><b id="${t}">`,
      (t: string) => `<a href="javascript:alert('${t}')">x</a>`,
      (t: string) => `<!--${t}--><iframe srcdoc="<script>${t}</script>">`,
      (t: string) => `\u2028</script><script>${t}\u2029`,
    ),
    fc.stringMatching(/^[a-z]{10}$/),
  )
  .map(([make, token]) => make(`kv${token}`));

/** Whether a value is one the page must show escaped (it holds markup). */
export function isMarkup(value: string): boolean {
  return /<[a-z/!]/i.test(value) && /kv[a-z]{10}/.test(value);
}

const unicode = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "९८७६५४३२१०",
    "９８７６５４３２１０",
    "\u202e0123456789",
    "\u0000",
    "\ufeff",
    "😀".repeat(30),
    "Ａｓｈａ",
    "اسم",
    "名字",
    "a\r\nb",
    " ",
  ),
);

/** Past every length bound of every field (the longest, `from`, allows 255). */
export const tooLong: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 256, max: 6000 }), fc.constantFrom("9", "a", "é", "<", "😀", " "))
  .map(([n, ch]) => ch.repeat(Math.ceil(n / ch.length)));

export const numberish: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: -20_000, max: 20_000 }).map(String),
  fc.constantFrom(
    "0",
    "1",
    "2",
    "10000",
    "10001",
    "-1",
    "1.5",
    "1e4",
    "1e309",
    "NaN",
    "Infinity",
    "0x10",
    " 12 ",
    "12abc",
    "",
    "٣",
    "9".repeat(40),
  ),
);

export const hostile: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: markup },
  { weight: 3, arbitrary: unicode },
  { weight: 2, arbitrary: numberish },
  { weight: 1, arbitrary: tooLong },
  { weight: 1, arbitrary: fc.tuple(unicode, markup).map(([a, b]) => a + b) },
);

/** Field names no form has: each must be refused. */
export const unknownFieldName: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("extra", "rows[0].extra", "admin", "token", "price", "amount_paise"),
  fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,12}$/).map((name) => `x_${name}`),
  markup,
);

/**
 * Names reaching for prototypes, or not parseable as a field path: the form parser (Conform) drops
 * them before validation, so they can neither be refused nor reach an action. They must not matter.
 */
export const discardedFieldName: fc.Arbitrary<string> = fc.constantFrom(
  "__proto__",
  "constructor",
  "__proto__.polluted",
  "constructor.prototype.polluted",
  "__proto__[polluted]",
  "a..b",
);

/**
 * Field names whose `[n]` index is huge, negative or not a number (`rows[1000000].count=1`: 45 bytes
 * that once cost seconds of CPU and gigabytes). Each must be refused cheaply, before any schema.
 */
export const hostileIndexName: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom("rows", "coverage", "a", "rows[0].cells", "error[metadata]"),
    fc.oneof(
      fc.bigInt({ min: 100n, max: 10n ** 30n }).map(String),
      fc.integer({ min: 1000, max: 2 ** 31 - 1 }).map(String),
      fc.constantFrom(
        "1000000",
        "4294967295",
        "4294967296",
        "9007199254740993",
        "9".repeat(400),
        "1e9",
        "1e309",
        "Infinity",
        "0x7fffffff",
        " 5",
        "+5",
        "5.0",
        "-1",
        "-0",
        "-99999999",
        "",
        "NaN",
        "١٢٣",
        "１２",
      ),
      fc.integer({ min: -(2 ** 31), max: -1 }).map(String),
    ),
    fc.constantFrom("", ".count", ".band", "[0]", "[1][2]"),
  )
  .map(([base, index, rest]) => `${base}[${index}]${rest}`);

/** A field of a form: sometimes missing, sometimes valid, otherwise hostile. */
export function field(valid: fc.Arbitrary<string>): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 2, arbitrary: valid },
    { weight: 3, arbitrary: hostile },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}
