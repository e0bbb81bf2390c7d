import type { MetaFunction } from "@remix-run/node";
import { seoMeta } from "~/seo";

export const meta: MetaFunction = ({ matches }) =>
  seoMeta({ title: "Kavach: group health benefits for your team", description: "Group health insurance and benefits for Indian companies.", path: "/" }, matches);

export default function Home() {
  return (
    <section className="container page-message">
      <h1>Group health benefits for your team</h1>
      <a className="button" href="/checkout/verify">Purchase now</a>
    </section>
  );
}
