import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { hospitalsHref } from "~/cover/paths";
import { type HospitalPage, searchHospitals } from "~/upstream/claims.server";
import { ApiError } from "~/upstream/http.server";
import { PATHS } from "~/routing/paths";
import { seoMeta } from "~/content/seo";

/** Results a page: light enough for a phone on a slow network. */
const PAGE_SIZE = 10;

const query = z.object({
  place: z.string().trim().max(60, "Keep the city or PIN code under 60 characters.").default(""),
  name: z.string().trim().max(60, "Keep the hospital's name under 60 characters.").default(""),
  cashless: z.literal("1").optional(),
  page: z.coerce.number().int().min(1).max(1000).catch(1),
});
export type HospitalQuery = z.infer<typeof query>;

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: "Network hospitals",
      description:
        "Find a hospital in the TPA’s network by city, PIN code or name: address, phone, specialities and cashless.",
      path: PATHS.hospitals,
    },
    matches,
  );

/** The TPA's network, for anyone: the e-card links here (docs/product.md, Claims). A GET form, script or none. */
export async function loader({ request }: LoaderFunctionArgs) {
  const parsed = query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const q: HospitalQuery = parsed.success ? parsed.data : { place: "", name: "", page: 1 };
  const problem = parsed.success ? null : (parsed.error.issues[0]?.message ?? "Check the search.");
  const searched = q.place !== "" || q.name !== "";
  let found: HospitalPage | null = null;
  if (searched && problem === null) {
    try {
      found = await searchHospitals({
        place: q.place,
        name: q.name,
        cashless: q.cashless === "1",
        page: q.page,
        pageSize: PAGE_SIZE,
      });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      throw data({ message: error.message }, { status: error.isOutage ? 503 : 400 });
    }
  }
  return data({ q, problem, found }, { status: problem === null ? 200 : 400 });
}

export default function Hospitals() {
  const { q, problem, found } = useLoaderData<typeof loader>();
  const pages = found === null ? 0 : Math.ceil(found.total / found.page_size);
  return (
    <div className="container membership hospitals">
      <header className="membership__head">
        <h1>Network hospitals</h1>
        <p className="muted">
          At a hospital marked cashless, show the e-card and a photo ID: the TPA settles the bill with the hospital. At
          any other hospital, pay and <a href={PATHS.cover.reimbursement}>claim it back</a>.
        </p>
      </header>
      <form method="get" action={PATHS.hospitals} className="card hospitals__search" role="search">
        <div className="field">
          <label htmlFor="place">City or PIN code</label>
          <input
            id="place"
            name="place"
            className="input"
            defaultValue={q.place}
            placeholder="Bengaluru or 560034"
            autoComplete="postal-code"
            maxLength={60}
          />
        </div>
        <div className="field">
          <label htmlFor="name">Hospital name (optional)</label>
          <input id="name" name="name" className="input" defaultValue={q.name} maxLength={60} />
        </div>
        <label className="checkbox field">
          <input type="checkbox" name="cashless" value="1" defaultChecked={q.cashless === "1"} />
          <span>Cashless hospitals only</span>
        </label>
        <button type="submit" className="button">
          Search
        </button>
        {problem ? (
          <p className="field__error" role="alert">
            {problem}
          </p>
        ) : null}
      </form>

      {found === null ? null : (
        <section aria-labelledby="results">
          <h2 id="results">
            {found.total === 0
              ? "No network hospital matches"
              : `${found.total} hospital${found.total === 1 ? "" : "s"}${q.place ? ` near ${q.place}` : ""}`}
          </h2>
          {found.sample ? <p className="small muted">{found.note}</p> : null}
          <ol className="plain-list hospitals__list" start={(found.page - 1) * found.page_size + 1}>
            {found.hospitals.map((h) => (
              <li key={h.hospital_id} className="card">
                <h3>{h.name}</h3>
                <p>
                  <span className={`badge ${h.cashless ? "badge--success" : "badge--pending"}`}>
                    {h.cashless ? "Cashless" : "Reimbursement only"}
                  </span>
                </p>
                <p className="small">{h.address}</p>
                <p className="small">
                  Phone: <a href={`tel:${h.phone.replace(/\s+/g, "")}`}>{h.phone}</a>
                </p>
                <p className="small muted">{h.specialities.join(", ")}</p>
                {h.cashless ? (
                  <p className="small">
                    <a href={`${PATHS.cover.cashless}?hospital=${h.hospital_id}`}>
                      Intimate an admission here<span className="visually-hidden">: {h.name}</span>
                    </a>
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
          {pages > 1 ? (
            <nav className="pagination" aria-label="Pages of results">
              {found.page > 1 ? <a href={hospitalsHref(q, found.page - 1)}>Previous</a> : null}
              <span aria-current="page">
                Page {found.page} of {pages}
              </span>
              {found.page < pages ? <a href={hospitalsHref(q, found.page + 1)}>Next</a> : null}
            </nav>
          ) : null}
        </section>
      )}
    </div>
  );
}
