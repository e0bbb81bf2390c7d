import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { adminVisitor } from "../support/admin-session";
import {
  type Answer,
  type Form,
  Visitor,
  FERNLEAF_GSTIN,
  dataPath,
  decodeData,
  formBody,
  freshMobile,
} from "../support/client";
import {
  discardedFieldName,
  field,
  hostile,
  hostileIndexName,
  isMarkup,
  markup,
  numberish,
  tooLong,
  unknownFieldName,
} from "../support/hostile";
import { type InProcessApp, appInProcess } from "../support/in-process";
import { openHostedCheckout, orderStatus, postCallback } from "../support/payments";

/**
 * docs/product.md, Security rules: random and hostile values posted to every action. Whatever comes in, no
 * answer is a 5xx, every payload comes back escaped, and every refusal is a 400 that says why;
 * an unknown field or an over-long value is always refused.
 *
 * "Says why": a refusal shows a message, and the page shows the schema's messages about the whole
 * form and those of every field an admin types in or picks from. A hidden field, a checkbox or a
 * button's value can only be wrong in a tampered post; its message is only in the action's data.
 */

/** 12 properties × 200 runs: 2,400 hostile requests per run of the suite. */
const RUNS_PER_ACTION = 200;
const BODY_LIMIT = 64 * 1024;

let server: InProcessApp;
beforeAll(async () => {
  server = await appInProcess({ SANDBOX_PENDING_SETTLE_MS: "600000" });
});
afterAll(() => server.close());

/** The form's own fields, each maybe missing, plus maybe fields no form has. */
function formOf(fields: Record<string, fc.Arbitrary<string | string[] | undefined>>): fc.Arbitrary<Posted> {
  return fc
    .tuple(
      fc.record(fields),
      fc.dictionary(unknownFieldName, hostile, { maxKeys: 2 }),
      fc.dictionary(discardedFieldName, hostile, { maxKeys: 1 }),
      fc.integer({ min: 0, max: 3 }),
    )
    .map(([known, unknown, discarded, dice]) => {
      // Unknown fields go in only sometimes, so valid forms get through too.
      const extra = dice === 0 ? Object.keys(unknown) : [];
      const form: Form = {};
      for (const [name, value] of Object.entries(known)) if (value !== undefined) form[name] = value;
      for (const name of extra) form[name] = unknown[name]!;
      if (dice === 1) Object.assign(form, discarded);
      return { form, extra, discarded: dice === 1 ? Object.keys(discarded) : [] };
    });
}

/**
 * Only forms whose body the server reads (at most 64 KB): for a property about what a read form does,
 * a bigger one is a 413 before any route (tests/server/security-requests.test.ts), not a case of it.
 */
function withinBodyLimit(posted: fc.Arbitrary<Posted>): fc.Arbitrary<Posted> {
  return posted.filter(({ form }) => Buffer.byteLength(formBody(form).toString()) <= BODY_LIMIT);
}

interface Posted {
  form: Form;
  /** Names no form has, which must be refused. */
  extra: string[];
  /** Names the form parser drops before validation. */
  discarded: string[];
}

function valuesOf(form: Form, except: string[] = []): string[] {
  return Object.entries(form)
    .filter(([name]) => !except.includes(name))
    .flatMap(([name, value]) => [name, ...[value].flat()]);
}

/** Names of the inputs an admin types in or picks from on a page (not hidden, not a checkbox). */
function fillableFields(html: string): Set<string> {
  const inputs = html.match(/<(?:input|select|textarea)\b[^>]*>/g) ?? [];
  const fillable = inputs.filter((tag) => !/type="(hidden|checkbox|submit)"/.test(tag));
  return new Set(
    fillable.map((tag) => tag.match(/name="([^"]+)"/)?.[1]).filter((name): name is string => name !== undefined),
  );
}

/** Error texts the page shows: alerts, the error summary, and the error lines beside fields and forms. */
function shownErrors(html: string): string[] {
  const errorElement =
    /<(div|p|section)\b[^>]*(?:role="alert"|class="(?:field__error|form-error|error-summary)")[^>]*>([\s\S]*?)<\/\1>/g;
  return [...html.matchAll(errorElement)]
    .map(([, , inner]) => decodeEntities(inner!.replace(/<[^>]+>/g, "")).trim())
    .filter(Boolean);
}

function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (entity, code: string) =>
    code.startsWith("#x")
      ? String.fromCodePoint(parseInt(code.slice(2), 16))
      : code.startsWith("#")
        ? String.fromCodePoint(Number(code.slice(1)))
        : (named[code] ?? entity),
  );
}

/**
 * The messages the action's own schema gives a post, by field ("" for the whole form): the same body
 * again as a Conform "validate" intent (which saves nothing), answered as data (Remix's single-fetch `.data` request).
 */
async function schemaErrors(visitor: Visitor, path: string, body: string): Promise<Record<string, string[]>> {
  const intent = new URLSearchParams({ __intent__: JSON.stringify({ type: "validate", payload: { name: "" } }) });
  const answer = await visitor.post(dataPath(path), `${body}&${intent}`);
  const { data: reply } = await decodeData<{ data: { error?: Record<string, string[] | null> } }>(answer.text);
  return Object.fromEntries(
    Object.entries(reply.error ?? {}).filter((entry): entry is [string, string[]] => Boolean(entry[1]?.length)),
  );
}

/** What every answer to every form must satisfy, whatever was posted. */
async function expectSafeAnswer(
  answer: Answer,
  { form, extra, discarded }: Posted,
  body: string,
  fillable: Set<string>,
  ask: () => ReturnType<typeof schemaErrors>,
) {
  const bodyBytes = Buffer.byteLength(body);
  const posted = valuesOf(form);
  if (bodyBytes > BODY_LIMIT) {
    expect(answer.status).toBe(413);
    return;
  }
  expect(answer.status).toBeLessThan(500);
  expect(answer.text).not.toContain("\u0000");
  for (const value of posted.filter(isMarkup)) expect(answer.text).not.toContain(value);
  if (answer.location) expect(new URL(answer.location, server.url).origin).toBe(server.url);
  if (extra.length > 0 || valuesOf(form, discarded).some((v) => v.length > 255)) expect(answer.status).toBe(400);
  if (answer.status !== 400) return;
  const shown = shownErrors(answer.text).join("\n");
  const errors = await ask();
  // Every refusal says why: in the page, or (a tampered hidden field) in the schema's answer.
  expect({ shown, errors }).not.toEqual({ shown: "", errors: {} });
  // The page never carries a zero byte (see entry.server), so a message echoing one is shown without it.
  const visible = (message: string) => message.replaceAll("\u0000", "");
  for (const [name, messages] of Object.entries(errors))
    if (name === "" || fillable.has(name)) expect(shown, name).toContain(visible(messages[0]!));
}

interface ActionUnderTest {
  path: string;
  /** A visitor in the state the action needs (signed in, at the step). */
  visitor: () => Promise<Visitor>;
  form: fc.Arbitrary<Posted>;
}

const validMobile = fc.stringMatching(/^[6-9]\d{9}$/);
const mobileLike = fc.oneof(
  validMobile,
  validMobile.map((m) => `+91 ${m.slice(0, 5)} ${m.slice(5)}`),
  numberish,
);

const signedInAtPayment = (): Promise<Visitor> => adminVisitor(server.url, "payment");

const ACTIONS: ActionUnderTest[] = [
  {
    path: "/checkout/verify",
    visitor: async () => new Visitor(server.url),
    form: formOf({
      mobile: field(mobileLike),
      from: field(fc.constantFrom("partner.example", "godrej.example", "//evil.example")),
    }),
  },
  {
    path: "/checkout/verify-otp",
    visitor: async () => {
      const visitor = new Visitor(server.url);
      await visitor.post("/checkout/verify", { mobile: freshMobile() });
      return visitor;
    },
    form: formOf({
      intent: field(fc.constantFrom("verify", "resend")),
      code: field(fc.stringMatching(/^\d{4}$/)),
      whatsapp: field(fc.constant("on")),
    }),
  },
  {
    path: "/checkout/gst-details",
    visitor: signedInAtPayment,
    form: formOf({
      intent: field(fc.constantFrom("gstin", "confirm", "select")),
      gstin: field(
        fc.oneof(
          fc.constantFrom(FERNLEAF_GSTIN, "07AAFCT1128B1ZV", "29aakcf2931m1z6"),
          fc.stringMatching(/^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/),
        ),
      ),
    }),
  },
  {
    path: "/checkout/company-details",
    visitor: signedInAtPayment,
    form: formOf({
      name: field(fc.constantFrom("Asha Rao", "Ṭhākur Śarmā", "A")),
      email: field(fc.constantFrom("asha@fernleaf.example", "A.B+c@x.co")),
      totalEmployees: field(numberish),
    }),
  },
  {
    path: "/checkout/plan-select",
    visitor: signedInAtPayment,
    form: formOf({
      planId: field(fc.constantFrom("kavach-essential", "kavach-standard", "kavach-plus", "kavach-premium")),
      coverage: fc.oneof(
        fc.constant(undefined),
        fc.array(fc.oneof(fc.constantFrom("group-health-insurance", "teleconsultation"), hostile), { maxLength: 25 }),
      ),
    }),
  },
  {
    path: "/checkout/add-people",
    visitor: signedInAtPayment,
    form: fc
      .tuple(
        formOf({ intent: field(fc.constantFrom("recalculate", "continue")) }),
        fc.array(
          fc.tuple(
            fc.integer({ min: 0, max: 70 }),
            field(fc.constantFrom("18-35", "36-45", "46-55")),
            field(fc.constantFrom("1A", "2A", "2A+2C")),
            field(numberish),
          ),
          { maxLength: 4 },
        ),
      )
      .map(([posted, rows]) => {
        for (const [i, band, range, count] of rows) {
          if (band !== undefined) posted.form[`rows[${i}].band`] = band;
          if (range !== undefined) posted.form[`rows[${i}].range`] = range;
          if (count !== undefined) posted.form[`rows[${i}].count`] = count;
        }
        return posted;
      }),
  },
  {
    path: "/checkout/checkout",
    visitor: signedInAtPayment,
    form: formOf({ policy: field(fc.constantFrom("monthly", "yearly")) }),
  },
  {
    path: "/checkout/payment",
    visitor: signedInAtPayment,
    form: formOf({ policy: field(fc.constantFrom("monthly", "yearly")) }),
  },
  {
    path: "/app",
    visitor: async () => new Visitor(server.url),
    form: formOf({ mobile: field(mobileLike) }),
  },
];

for (const action of ACTIONS) {
  it(`POST ${action.path}: hostile forms never get a 5xx, always come back escaped, and every refusal says why`, async () => {
    const visitor = await action.visitor();
    const fillable = fillableFields((await visitor.get(action.path)).text);
    await fc.assert(
      fc.asyncProperty(action.form, async (posted) => {
        const body = formBody(posted.form).toString();
        const answer = await visitor.post(action.path, body);
        await expectSafeAnswer(answer, posted, body, fillable, () => schemaErrors(visitor, action.path, body));
      }),
      { numRuns: RUNS_PER_ACTION },
    );
  }, 120_000);
}

it("hostile field indices and field counts are refused in under 100 ms by every action, before any schema", async () => {
  const visitor = await signedInAtPayment();
  const paths = [...ACTIONS.map((a) => a.path), "/checkout/whatsapp", "/checkout/payment/callback"];
  // Warm each route once, so the first answer does not pay for loading its module.
  for (const path of paths) await visitor.post(path, "warm=1");
  const tooMany = fc
    .integer({ min: 201, max: 3000 })
    .map((n) => Array.from({ length: n }, (_, i) => `f${i}=1`).join("&"));
  const hostileBody = fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .tuple(hostileIndexName, numberish, fc.boolean())
        .map(
          ([name, value, withValid]) =>
            `${withValid ? "intent=continue&rows[0].band=18-35&" : ""}${encodeURIComponent(name)}=${encodeURIComponent(value)}`,
        ),
    },
    { weight: 1, arbitrary: tooMany },
  );
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...paths), hostileBody, async (path, body) => {
      // The fastest of up to three tries: on a shared machine one answer can wait on a neighbour's
      // CPU, while a post that costs time (the 45-byte one once took 50 s) is slow every time.
      let fastest = Infinity;
      for (let tries = 0; tries < 3 && fastest >= 100; tries += 1) {
        const started = performance.now();
        const answer = await visitor.post(path, body);
        fastest = Math.min(fastest, performance.now() - started);
        expect(answer.status, `${path} ${body.slice(0, 80)}`).toBe(400);
        expect(answer.text).toMatch(/index out of range|Too many fields|field name is too long/);
      }
      expect(fastest, `${path} ${body.slice(0, 80)}`).toBeLessThan(100);
    }),
    { numRuns: RUNS_PER_ACTION * 2 },
  );
}, 180_000);

it("a huge index is answered at once and the server's memory stays flat", async () => {
  const visitor = await signedInAtPayment();
  // The server runs in this process: its memory is this process's (MB).
  const rss = async () => process.memoryUsage().rss / 1024 / 1024;
  const before = await rss();
  for (const index of ["1000000", "100000000", "4294967294", "9".repeat(300)]) {
    const started = performance.now();
    const answer = await visitor.post("/checkout/add-people", `rows[${index}].count=1`);
    expect(answer.status).toBe(400);
    expect(performance.now() - started).toBeLessThan(100);
  }
  expect(await rss()).toBeLessThan(before + 20);
  // The server is still fine.
  expect((await visitor.get("/checkout/add-people")).status).toBe(200);
});

it("POST /checkout/whatsapp: hostile toggles stay on the site and change nothing", async () => {
  const visitor = await adminVisitor(server.url);
  await fc.assert(
    fc.asyncProperty(
      withinBodyLimit(
        formOf({
          whatsapp: field(fc.constantFrom("on", "off")),
          returnTo: field(fc.constantFrom("/checkout/summary", "//evil.example")),
        }),
      ),
      async ({ form }) => {
        const answer = await visitor.post("/checkout/whatsapp", form);
        // A well-formed toggle goes back on this site; anything else is refused with a message.
        expect([303, 400]).toContain(answer.status);
        if (answer.status === 303) expect(new URL(answer.location!, server.url).origin).toBe(server.url);
        else expect(answer.text).toContain("Choose whether WhatsApp updates are on or off.");
      },
    ),
    { numRuns: RUNS_PER_ACTION },
  );
});

it("POST /checkout/payment/callback: hostile callbacks never pay and always land on an outcome page", async () => {
  const visitor = await signedInAtPayment();
  const { orderId, forms } = await openHostedCheckout(visitor);
  const callback = withinBodyLimit(
    fc.oneof(
      formOf({
        razorpay_order_id: field(fc.constant(orderId)),
        razorpay_payment_id: field(fc.constant(String(forms.success.razorpay_payment_id))),
        razorpay_signature: field(fc.stringMatching(/^[0-9a-f]{64}$/)),
      }),
      formOf({
        "error[metadata][order_id]": field(fc.constant(orderId)),
        "error[metadata][payment_id]": field(fc.constant(String(forms.failure["error[metadata][payment_id]"]))),
      }),
    ),
  );
  await fc.assert(
    fc.asyncProperty(callback, async ({ form }) => {
      const answer = await postCallback(visitor, form);
      expect(answer.status).toBe(303);
      expect(answer.location).toMatch(
        /^\/teamsure\/(payment-fail|payment-pending|verify-payment)(\?order_id=[\w-]+)?$/,
      );
    }),
    { numRuns: RUNS_PER_ACTION },
  );
  expect((await orderStatus(server, orderId)).status).not.toBe("paid");
}, 120_000);

it("hostile query values on pages that show them come back escaped", async () => {
  const visitor = await signedInAtPayment();
  const pages = [
    "/checkout/gst-details?q=",
    "/checkout/verify?from=",
    "/teamsure/payment-fail?order_id=",
    "/checkout/plan-select?update=1&coverage=",
    "/?utm_campaign=",
  ];
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...pages), fc.oneof(markup, tooLong, hostile), async (page, value) => {
      const answer = await visitor.get(`${page}${encodeURIComponent(value)}`);
      expect(answer.status).toBeLessThan(500);
      if (isMarkup(value)) expect(answer.text).not.toContain(value);
    }),
    { numRuns: RUNS_PER_ACTION },
  );
}, 60_000);
