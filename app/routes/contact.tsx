import type { MetaFunction } from "@remix-run/node";
import { ContactPage } from "~/components/pages/contact-page";
import { CONTACT_SEO } from "~/content/company";
import { seoMeta } from "~/seo";

/** Older contact address: same page, canonical on /contact-us. */
export const meta: MetaFunction = ({ matches }) => seoMeta(CONTACT_SEO, matches);

export default ContactPage;
