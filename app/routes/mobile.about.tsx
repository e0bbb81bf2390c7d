import type { MetaFunction } from "@remix-run/node";
import { AboutPage } from "~/components/pages/about-page";
import { ABOUT_SEO } from "~/content/company";
import { seoMeta } from "~/seo";

/** Mobile variant of /about-us: same content, canonical on the main page. */
export const meta: MetaFunction = ({ matches }) => seoMeta(ABOUT_SEO, matches);

export default AboutPage;
