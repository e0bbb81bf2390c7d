import sanitizeHtml from "sanitize-html";

/**
 * The partner JSON's HTML field (banner heading3; plan prices come from the API catalogue) passes
 * through this allow-list before it reaches a page: a few inline and list tags, links to https,
 * mailto, tel or a path on this site, and no attributes besides href/target. Scripts, styles and
 * event handlers never survive.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "b", "em", "i", "u", "span", "small", "sup", "sub", "ul", "ol", "li", "a"],
  allowedAttributes: { a: ["href", "target", "rel"] },
  allowedSchemes: ["https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // Only target=_blank survives, and a link that opens a new window gets no handle on this page.
    a: (tagName, { target, rel: _rel, ...attribs }) => ({
      tagName,
      attribs: target === "_blank" ? { ...attribs, target, rel: "noopener noreferrer" } : attribs,
    }),
  },
};

export function sanitizePartnerHtml(dirty: string): string {
  return sanitizeHtml(dirty, OPTIONS);
}
