import { z } from "zod";
import { PATHS } from "~/routing/paths";
import { sanitizePartnerHtml } from "./partner-html.server";
import { partnerDataPath } from "~/routing/page-paths";
import type { PartnerLanding } from "./partner-landings";
import { sourcedReviews } from "./reviews";

/**
 * docs/product.md, Partner pages: the partner data object, read from the partner's static JSON file. The file is content, not
 * code: every field that ends up in markup is checked here, on the server. HTML fields go through
 * the allow-list sanitizer; URLs must be https or a path on this site; colours must be hex.
 */

const FETCH_TIMEOUT_MS = 3000;
const DEFAULT_THEME = { primaryColor: "#0b3d5c", secondaryColor: "#0b3d5c", ctaTextColor: "#ffffff" } as const;

const text = z.string().trim().max(2000);
const html = z.string().max(5000).transform(sanitizePartnerHtml);

/** A path on this site ("/x", not "//x" or "/\x", which browsers treat as another host). */
function isSitePath(value: string) {
  return /^\/(?![/\\])/.test(value);
}

/** Images load from this site or over https; anything else becomes the blank fallback. */
const imageUrl = z
  .string()
  .trim()
  .catch("")
  .transform((u) => (isSitePath(u) || /^https:\/\//i.test(u) ? u : ""));

/** Plan buttons navigate inside the app; any other target falls back to the purchase start. */
const sitePath = z
  .string()
  .trim()
  .catch("")
  .transform((u) => (isSitePath(u) ? u : PATHS.checkout.verify));

const externalUrl = z
  .string()
  .trim()
  .optional()
  .catch(undefined)
  .transform((u) => (u && /^https:\/\//i.test(u) ? u : undefined));

const colour = (fallback: string) =>
  z
    .string()
    .regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i)
    .catch(fallback);

const theme = z
  .object({
    primaryColor: colour(DEFAULT_THEME.primaryColor),
    secondaryColor: colour(DEFAULT_THEME.secondaryColor),
    ctaTextColor: colour(DEFAULT_THEME.ctaTextColor),
  })
  .catch(DEFAULT_THEME);

// Where the words come from and when, as on /reviews: a testimonial without both is not shown
// (docs/product.md, Partner pages).
const testimonial = z.object({
  testimonialContent: text,
  author: z.object({ imageUrl, name: text, organization: text, designation: text }),
  source: z
    .object({ label: text.pipe(z.string().min(1)), url: externalUrl.transform((u) => u ?? null), sample: z.boolean() })
    .nullish()
    .catch(null),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullish()
    .catch(null),
});

const layoutOne = z.object({
  topHeaderLogo: imageUrl,
  theme,
  banner: z.object({
    bannerTextArea: z.object({ heading1: text, heading2: text, heading3: html }),
    bannerImage: imageUrl,
  }),
  // Which catalogue plans the page offers, and each button's words. A plan's name, inclusions and
  // price are the API catalogue's, never the file's (docs/product.md, Partner pages).
  kavachBenefits: z.array(
    z.object({
      planId: z.string().trim().max(100),
      btnContentObj: z.object({ title: text, url: sitePath }),
    }),
  ),
  whyKavachContent: z.array(z.object({ imgUrl: imageUrl, cardText: text })),
  testimonials: z.array(testimonial).transform(sourcedReviews),
});

const faqPoint = z.object({ value: text, isNested: z.boolean().default(false), morePoint: z.array(text).default([]) });

const layoutTwo = z.object({
  topHeaderLogo: imageUrl,
  theme,
  startWithKavach: z.object({
    label: text,
    subTitle: text,
    data: z.array(z.object({ imgUrl: imageUrl, content: text })),
  }),
  partners: z.object({ label: text, data: z.array(imageUrl) }),
  aboutKavach: z.object({ label: text, content: text }),
  frequentAskedQes: z.object({
    label: text,
    data: z.array(
      z.object({
        question: text,
        ans: z.object({ label: text, allPoints: z.array(faqPoint) }),
        extratext: text.optional(),
        locationurl: externalUrl,
      }),
    ),
  }),
});

export type PartnerTheme = z.infer<typeof theme>;
export type LayoutOneData = z.infer<typeof layoutOne>;
export type LayoutTwoData = z.infer<typeof layoutTwo>;
export type PartnerData = ({ layout: 1 } & LayoutOneData) | ({ layout: 2 } & LayoutTwoData);

export class PartnerDataError extends Error {
  name = "PartnerDataError";
}

/** Checks and cleans a partner file for the given layout; throws PartnerDataError when unusable. */
export function parsePartnerData(raw: unknown, layout: 1 | 2): PartnerData {
  const parsed = layout === 1 ? layoutOne.safeParse(raw) : layoutTwo.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new PartnerDataError(`partner data invalid at ${issue?.path.join(".")}: ${issue?.message}`);
  }
  return { layout, ...parsed.data } as PartnerData;
}

/**
 * GET the partner's JSON from this site's own origin, without credentials (docs/product.md, Partner pages), with a
 * timeout so a stuck request cannot hold the page.
 */
export async function fetchPartnerData(origin: string, landing: PartnerLanding): Promise<PartnerData> {
  const url = new URL(partnerDataPath(landing.key), origin);
  let response: Response;
  try {
    response = await fetch(url, {
      credentials: "omit",
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
  } catch (error) {
    throw new PartnerDataError(`partner data fetch failed: ${(error as Error).name}`);
  }
  if (!response.ok) throw new PartnerDataError(`partner data answered ${response.status}`);
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new PartnerDataError("partner data is not JSON");
  }
  return parsePartnerData(json, landing.layout);
}
