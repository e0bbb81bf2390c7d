import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LayoutOne, LayoutTwo } from "~/components/partner-landing";
import {
  parsePartnerData,
  PartnerDataError,
  type LayoutOneData,
  type LayoutTwoData,
} from "~/content/partner-data.server";
import { sanitizePartnerHtml } from "~/content/partner-html.server";
import godrej from "../../public/partners/godrej.json";
import housing from "../../public/partners/godrej-housing-finance.json";

/** Markup that must never reach a page, whatever a partner file holds. */
const DANGEROUS = [
  /<script/i,
  /\son[a-z]+\s*=/i,
  /javascript:/i,
  /<iframe/i,
  /<style/i,
  /\sstyle\s*=\s*"[^"]*(expression|url\()/i,
  /<img[^>]*onerror/i,
];

/**
 * Plain-text fields may contain anything: React escapes them, so `&lt;script&gt;` is text on the page,
 * not an element. Only real markup is checked.
 */
function expectSafe(html: string) {
  const markup = html.replace(/&lt;[^]*?&gt;/g, "");
  for (const pattern of DANGEROUS) expect(markup, `matched ${pattern}`).not.toMatch(pattern);
}

describe("sanitizePartnerHtml", () => {
  it("keeps the allowed formatting and links", () => {
    const html =
      '<p>From <strong>₹150</strong> <em>a month</em><br /><a href="https://kavach.example/x">terms</a> <a href="mailto:a@b.in">mail</a> <a href="tel:+918000000000">call</a> <a href="/checkout/verify">start</a></p><ul><li>one</li></ul>';
    expect(sanitizePartnerHtml(html)).toBe(html);
  });

  it.each([
    ["<script>alert(1)</script><p>ok</p>", "<p>ok</p>"],
    ['<p onclick="alert(1)" onmouseover="x()">hi</p>', "<p>hi</p>"],
    ['<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
    ['<a href="JaVaScRiPt&#58;alert(1)">x</a>', "<a>x</a>"],
    ['<a href="java\nscript:alert(1)">x</a>', "<a>x</a>"],
    ['<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', "<a>x</a>"],
    ['<a href="http://insecure.example">x</a>', "<a>x</a>"],
    ['<a href="//evil.example/x">x</a>', "<a>x</a>"],
    ['<img src=x onerror="alert(1)">', ""],
    ['<iframe src="https://evil.example"></iframe>', ""],
    ['<style>body{display:none}</style><p style="color:red">x</p>', "<p>x</p>"],
    ["<svg><script>alert(1)</script></svg>", ""],
    ['<p class="x" id="y" data-x="1">x</p>', "<p>x</p>"],
  ])("strips %s", (dirty, clean) => {
    expect(sanitizePartnerHtml(dirty)).toBe(clean);
  });

  it("gives links that open a new window no handle on this one", () => {
    expect(sanitizePartnerHtml('<a href="https://x.example" target="_blank">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizePartnerHtml('<a href="https://x.example" target="_top">x</a>')).toBe(
      '<a href="https://x.example">x</a>',
    );
  });
});

const SCRIPT = '<script>alert("xss")</script>';
const HANDLER = '<img src="x" onerror="alert(1)"><b onmouseover="alert(2)">hover</b>';
const JS_LINK = '<a href="javascript:alert(3)">click</a>';

/** The shipped files, poisoned in every field that reaches markup. */
function poisonedLayoutOne() {
  const data = structuredClone(godrej) as Record<string, any>;
  data.topHeaderLogo = "javascript:alert(4)";
  data.theme = {
    primaryColor: "red;background:url(javascript:alert(5))",
    secondaryColor: "#fff",
    ctaTextColor: "expression(alert(6))",
  };
  data.banner.bannerTextArea.heading1 = `Welcome ${SCRIPT}`;
  data.banner.bannerTextArea.heading3 = `<p>Hello</p>${SCRIPT}${HANDLER}${JS_LINK}`;
  data.banner.bannerImage = "javascript:alert(7)";
  // Prices are the catalogue's: a price in the file is not read at all.
  data.kavachBenefits[0].priceContent = `<p onclick="alert(8)">₹150</p>${SCRIPT}${JS_LINK}<iframe src="https://evil.example"></iframe>`;
  data.kavachBenefits[0].btnContentObj.url = "javascript:alert(9)";
  data.kavachBenefits[1].btnContentObj.url = "//evil.example/phish";
  data.whyKavachContent[0].imgUrl = "data:image/svg+xml,<svg onload=alert(10)>";
  data.testimonials[0].author.imageUrl = "javascript:alert(11)";
  return data;
}

function poisonedLayoutTwo() {
  const data = structuredClone(housing) as Record<string, any>;
  data.startWithKavach.label = `Start ${SCRIPT}`;
  data.startWithKavach.data[0].imgUrl = "javascript:alert(12)";
  data.partners.data[0] = "javascript:alert(13)";
  data.frequentAskedQes.data[0].question = HANDLER;
  data.frequentAskedQes.data[0].locationurl = "javascript:alert(14)";
  data.frequentAskedQes.data[1].ans.allPoints[0].value = JS_LINK;
  return data;
}

const render = (element: ReturnType<typeof createElement>) => renderToString(element);

describe("partner data on its way to the page", () => {
  it("renders the shipped files unchanged in substance", () => {
    const one = parsePartnerData(godrej, 1);
    const html = render(
      createElement(LayoutOne, {
        data: one as LayoutOneData,
        plans: [],
        partnerName: "Godrej Capital",
        checkoutHref: "/checkout/verify",
      }),
    );
    expect(html).toContain("Start your Healthcare Journey Today");
    expect(html).toContain("Here’s what our customers are saying!");
    expect(html).toContain('href="/employee-healthcare/group-health-insurance"');
    expectSafe(html);
  });

  it("keeps script tags, event handlers and javascript: links out of layout 1", () => {
    const data = parsePartnerData(poisonedLayoutOne(), 1) as { layout: 1 } & LayoutOneData;
    expect(data.theme).toEqual({ primaryColor: "#0b3d5c", secondaryColor: "#fff", ctaTextColor: "#ffffff" });
    expect(data.topHeaderLogo).toBe("");
    expect(data.kavachBenefits.map((b) => b.btnContentObj.url)).toEqual([
      "/checkout/verify",
      "/checkout/verify",
      "/checkout/verify",
    ]);
    const html = render(
      createElement(LayoutOne, { data, plans: [], partnerName: "Godrej Capital", checkoutHref: "/checkout/verify" }),
    );
    expectSafe(html);
    // Plain-text fields are escaped, never parsed.
    expect(html).toContain("Welcome &lt;script&gt;");
    expect(html).toContain("<p>Hello</p>");
  });

  it("keeps them out of layout 2", () => {
    const data = parsePartnerData(poisonedLayoutTwo(), 2) as { layout: 2 } & LayoutTwoData;
    expect(data.frequentAskedQes.data[0].locationurl).toBeUndefined();
    const html = render(createElement(LayoutTwo, { data, purchaseLabel: "Buy Now", checkoutHref: "/checkout/verify" }));
    expectSafe(html);
    expect(html).not.toMatch(/(href|src)="\s*javascript:/i);
    expect(html).toContain("Start &lt;script&gt;");
  });

  it("rejects a file that is not a partner object", () => {
    expect(() => parsePartnerData({ hello: "world" }, 1)).toThrow(PartnerDataError);
    expect(() => parsePartnerData(godrej, 2)).toThrow(PartnerDataError);
  });
});
