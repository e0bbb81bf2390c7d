import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { requireToken, withToken } from "~/checkout/guard.server";
import { DataNotice, DataNoticeLink } from "~/components/data-notice";
import { StepErrorBoundary } from "~/components/step-error";
import { seoMeta } from "~/content/seo";
import type { FieldErrors, FormValues, Person } from "~/members/add-form";
import { PERSON_COLUMNS, PERSON_LABELS, dependantsAllowed, fieldName, readAddForm } from "~/members/add-form";
import type { MemberColumn } from "~/members/rules";
import { COLUMN_LABELS, GENDERS, RELATIONSHIP_LABELS } from "~/members/rules";
import type { UploadResult } from "~/members/upload.server";
import { REJECTIONS_SHOWN, checkUpload } from "~/members/upload.server";
import { PATHS } from "~/routing/paths";
import { eCardPdfPath, membersPagePath } from "~/routing/membership-paths";
import { redirectWithToast } from "~/session/toast.server";
import { ApiError } from "~/upstream/http.server";
import { addMembers, confirmCensus, getCensus, rejectionsOf } from "~/upstream/members.server";
import { formatDate, formatShortDate, todayInIndia } from "~/utils/dates";
import { formatCount } from "~/utils/money";

export const PAGE_SIZE = 50;

const intentSchema = z.enum(["upload", "confirm", "add"]);
const confirmSchema = z.object({ check_id: z.string().trim().min(1).max(80) });

export const handle = { hydrate: true };

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: "Your team’s details",
      description: "Name the people your Kavach cover was bought for, and issue their e-cards.",
      path: PATHS.members,
    },
    matches,
  );

/** Members' details are personal data: never kept by a browser or any cache (docs/product.md, Personal data). */
export const headers = () => ({ "Cache-Control": "private, no-store" });

/** The census of the signed-in admin's company; without a paid membership there is none to name. */
async function census(request: Request, token: string, page: number, pageSize = PAGE_SIZE) {
  return withToken(request, token, async (t) => {
    try {
      return await getCensus(t, page, pageSize);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw redirect(PATHS.membership);
      throw error;
    }
  });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireToken(request);
  const asked = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const page = Number.isSafeInteger(asked) && asked >= 1 ? asked : 1;
  const c = await census(request, token, page);
  const pages = Math.max(1, Math.ceil(c.total / PAGE_SIZE));
  if (page > pages) throw redirect(membersPagePath(pages), { headers });
  const issued = c.policy !== null;
  return json(
    {
      page,
      pages,
      total: c.total,
      summary: c.summary,
      coverStart: c.cover_start_date,
      /** After the cover's last day every e-card is expired (docs/product.md, The end of the cover). */
      expiredOn: c.cover_ended ? (c.cover_end_date ?? null) : null,
      policy: c.policy ? { number: c.policy.policy_number, from: c.policy.period.from, to: c.policy.period.to } : null,
      erased: c.erased,
      allowed: dependantsAllowed(c.summary.by_cover.filter((b) => b.employees_bought > 0).map((b) => b.range)),
      // Only what the list shows: the page stays light with 10,000 members.
      members: c.members.map((m) => ({
        id: m.member_id,
        code: m.employee_code,
        name: m.full_name,
        rel: m.relationship,
        dob: m.date_of_birth,
        cover: `${m.band} · ${m.range}`,
        card: issued && m.e_card_status === "issued",
        /** A leaver's last day of cover: their card is kept, but not offered as active. */
        ended: m.cover_ended_on,
      })),
      today: todayInIndia(),
    },
    { headers },
  );
}

type AddReply = { intent: "add"; values: FormValues; errors: FieldErrors; message?: string };
type UploadReply = { intent: "upload"; result: UploadResult };
type ConfirmReply = { intent: "confirm"; message: string };

export async function action({ request }: ActionFunctionArgs) {
  const { token } = await requireToken(request);
  const form = await request.formData();
  const intent = intentSchema.safeParse(form.get("intent"));
  if (!intent.success) throw json({ message: "There is no such form." }, { status: 400 });
  const today = todayInIndia();

  if (intent.data === "upload") {
    const file = form.get("file");
    if (!(file instanceof File) || file.name === "")
      return json<UploadReply>({
        intent: "upload",
        result: { ok: false, fileName: "", message: "Choose a CSV or Excel file to upload" },
      });
    // Without a paid membership there is no census to name: asked before the file is read (docs/decisions/0041).
    await census(request, token, 1, 1);
    const result = await withToken(request, token, (t) => checkUpload(t, file, today));
    return json<UploadReply>({ intent: "upload", result });
  }

  if (intent.data === "confirm") {
    const parsed = confirmSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) throw json({ message: "There is no such check." }, { status: 400 });
    const confirmed = await withToken(request, token, async (t) => {
      try {
        return await confirmCensus(t, parsed.data.check_id);
      } catch (error) {
        // An expired check, or one that no longer fits what is saved: upload the file again.
        if (error instanceof ApiError && (error.status === 404 || error.status === 409)) return error.message;
        throw error;
      }
    });
    if (typeof confirmed === "string")
      return json<ConfirmReply>({
        intent: "confirm",
        message: `${confirmed}. Nothing was added: upload the file again to check it against your team as it is now.`,
      });
    return redirectWithToast(PATHS.members, {
      kind: "success",
      message: `${formatCount(confirmed.added)} ${confirmed.added === 1 ? "member" : "members"} added.`,
    });
  }

  const c = await census(request, token, 1);
  const allowed = dependantsAllowed(c.summary.by_cover.filter((b) => b.employees_bought > 0).map((b) => b.range));
  const { values, people, rows, errors } = readAddForm(form, allowed, today);
  if (Object.keys(errors).length > 0) return json<AddReply>({ intent: "add", values, errors }, { status: 400 });
  const added = await withToken(request, token, async (t) => {
    try {
      return await addMembers(t, rows);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) return rejectionsOf(error);
      if (error instanceof ApiError && error.status === 409) return error.message;
      throw error;
    }
  });
  if (typeof added === "string")
    return json<AddReply>({ intent: "add", values, errors: {}, message: added }, { status: 409 });
  if (Array.isArray(added)) {
    const apiErrors: FieldErrors = {};
    for (const r of added) {
      const person = people[r.row_number - 1];
      const column = r.column as MemberColumn;
      if (person && PERSON_COLUMNS[person].includes(column)) apiErrors[fieldName(person, column)] ??= r.message;
      else apiErrors[fieldName("self", "full_name")] ??= r.message;
    }
    return json<AddReply>({ intent: "add", values, errors: apiErrors }, { status: 422 });
  }
  return redirectWithToast(PATHS.members, {
    kind: "success",
    message: `${values[fieldName("self", "full_name")]?.trim()} added${rows.length > 1 ? ` with ${rows.length - 1} ${rows.length === 2 ? "dependant" : "dependants"}` : ""}.`,
  });
}

export default function MembersPage() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const upload = useFetcher<typeof action>();
  const shownUpload = (upload.data ?? reply) as UploadReply | AddReply | ConfirmReply | undefined;
  const addReply = reply && "intent" in reply && reply.intent === "add" ? (reply as AddReply) : undefined;
  const { summary } = data;
  const left = summary.employees_bought - summary.employees_named;
  return (
    <div className="container membership members">
      <p className="muted small">
        <a href={PATHS.membership}>Your membership</a>
      </p>
      <header className="membership__head">
        <h1>Your team’s details</h1>
        <p>
          {data.erased
            ? `The members’ details were erased on ${formatDate(data.erased.erased_on)}, three years after the policy ended on ${formatDate(data.erased.policy_ended_on)}.`
            : summary.complete
              ? "Everyone your cover was bought for is named."
              : `${formatCount(summary.employees_named)} of ${formatCount(summary.employees_bought)} employees named: ${formatCount(left)} to go. Cover starts ${formatDate(data.coverStart)}.`}
        </p>
      </header>

      {shownUpload?.intent === "confirm" ? (
        <div className="notice notice--warning" role="alert">
          <p>{shownUpload.message}</p>
        </div>
      ) : null}

      <section className="card" aria-labelledby="policy-title" id="policy">
        <h2 id="policy-title">Policy and e-cards</h2>
        {data.policy ? (
          <>
            <dl className="info-list">
              <div>
                <dt>Policy number</dt>
                <dd>{data.policy.number}</dd>
              </div>
              <div>
                <dt>Policy period</dt>
                <dd>{`${formatDate(data.policy.from)} to ${formatDate(data.policy.to)}`}</dd>
              </div>
            </dl>
            <p className="actions">
              <a className="button" href={PATHS.certificatePdf} download>
                Certificate of insurance (PDF)
              </a>
              <a className="button button--ghost" href={PATHS.eCardsPdf} download>
                All e-cards (PDF)
              </a>
            </p>
            <p className="muted small">Each employee with an email has been sent their family’s e-cards.</p>
          </>
        ) : (
          <p className="muted">
            The insurer issues the policy, and an e-card for every member, as soon as every employee bought is named.
            Each employee with an email then gets their family’s e-cards, and you get the certificate.
          </p>
        )}
      </section>

      <CensusSummary summary={summary} />

      <DataNotice />

      {data.policy ? null : (
        <>
          <section className="card" aria-labelledby="upload-title">
            <h2 id="upload-title">Upload a spreadsheet</h2>
            <p>
              Start from the template: one row per person, dependants with their employee’s code. Dates as DD-MM-YYYY,
              DD/MM/YYYY or YYYY-MM-DD.
            </p>
            <DataNoticeLink />
            <p className="actions">
              <a className="button button--ghost" href={PATHS.membersTemplateCsv} download>
                Template (CSV)
              </a>
              <a className="button button--ghost" href={PATHS.membersTemplateXlsx} download>
                Template (Excel)
              </a>
            </p>
            <upload.Form method="post" encType="multipart/form-data" className="stack">
              <input type="hidden" name="intent" value="upload" />
              <div className="field">
                <label htmlFor="file">CSV or Excel file, up to 2 MB and 10,000 rows</label>
                <input id="file" name="file" type="file" accept=".csv,.xlsx,text/csv" required />
              </div>
              <button type="submit" className="button" disabled={upload.state !== "idle"}>
                {upload.state !== "idle" ? "Checking the file…" : "Upload and check"}
              </button>
              {upload.state !== "idle" ? (
                <p role="status">
                  <progress aria-label="Checking the file" /> Uploading and checking each row…
                </p>
              ) : null}
            </upload.Form>
            {shownUpload?.intent === "upload" ? <UploadResults result={shownUpload.result} /> : null}
          </section>

          <AddMemberForm allowed={data.allowed} reply={addReply} />
        </>
      )}

      <section className="card" aria-labelledby="list">
        <h2 id="list">Members</h2>
        {data.total === 0 ? (
          <p className="muted">No one is named yet.</p>
        ) : (
          <>
            <p className="muted small">
              {formatCount(data.total)} {data.total === 1 ? "member" : "members"}
              {data.pages > 1 ? `, page ${data.page} of ${data.pages}` : ""}.{" "}
              <a href={PATHS.membersCsv} download>
                Download the list (CSV)
              </a>
            </p>
            <div className="table-scroll">
              <table className="stack-table">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Code</th>
                    <th scope="col">Relationship</th>
                    <th scope="col">Born</th>
                    <th scope="col">Cover</th>
                    {data.policy ? <th scope="col">E-card</th> : null}
                  </tr>
                </thead>
                <tbody>
                  {data.members.map((m) => (
                    <tr key={m.id}>
                      <td>{m.name}</td>
                      <td data-joiner="·">{m.code}</td>
                      <td data-joiner="·">{RELATIONSHIP_LABELS[m.rel]}</td>
                      <td data-joiner="·" className="nowrap">
                        {formatShortDate(m.dob)}
                      </td>
                      <td data-joiner="·">{m.cover}</td>
                      {data.policy ? (
                        <td data-joiner="·">
                          {m.card && data.expiredOn ? (
                            <>
                              {`Expired on ${formatShortDate(m.ended && m.ended < data.expiredOn ? m.ended : data.expiredOn)}`}{" "}
                              <a href={eCardPdfPath(m.id)} download>
                                (old e-card)<span className="visually-hidden"> of {m.name}</span>
                              </a>
                            </>
                          ) : m.card && m.ended ? (
                            <>
                              {`Cover ${m.ended < data.today ? "ended" : "ends"} on ${formatShortDate(m.ended)}`}{" "}
                              <a href={eCardPdfPath(m.id)} download>
                                (old e-card)<span className="visually-hidden"> of {m.name}</span>
                              </a>
                            </>
                          ) : m.card ? (
                            <a href={eCardPdfPath(m.id)} download>
                              E-card<span className="visually-hidden"> of {m.name}</span>
                            </a>
                          ) : null}
                        </td>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {data.pages > 1 ? <Pages page={data.page} pages={data.pages} /> : null}
          </>
        )}
      </section>
    </div>
  );
}

function CensusSummary({ summary }: { summary: ReturnType<typeof useLoaderData<typeof loader>>["summary"] }) {
  return (
    <section className="card" aria-labelledby="census">
      <h2 id="census">Bought and named</h2>
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">Age band and family cover</th>
              <th scope="col" className="num">
                Employees
              </th>
              <th scope="col" className="num">
                Lives covered
              </th>
            </tr>
          </thead>
          <tbody>
            {summary.by_cover.map((b) => (
              <tr key={`${b.band}|${b.range}`}>
                <td>
                  {b.band_label}, {b.range}: {b.range_label}
                </td>
                <td className="num">{`${formatCount(b.employees_named)} of ${formatCount(b.employees_bought)}`}</td>
                <td className="num">{`${formatCount(b.lives_named)} of ${formatCount(b.lives_bought)}`}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total named of bought</th>
              <td className="num">{`${formatCount(summary.employees_named)} of ${formatCount(summary.employees_bought)}`}</td>
              <td className="num">{`${formatCount(summary.lives_named)} of ${formatCount(summary.lives_bought)}`}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}

function UploadResults({ result }: { result: UploadResult }) {
  if (!result.ok)
    return (
      <div className="error-summary" role="alert" tabIndex={-1}>
        <h3 className="error-summary__title">The file could not be used</h3>
        <p>
          {result.fileName ? `${result.fileName}: ` : ""}
          {result.message}. Nothing was added.
        </p>
      </div>
    );
  return (
    <div className="upload-results" aria-live="polite">
      <h3 id="results">
        {`${formatCount(result.readyCount)} ${result.readyCount === 1 ? "row" : "rows"} ready, ${formatCount(result.rejectedRows)} ${result.rejectedRows === 1 ? "row needs" : "rows need"} fixing`}
      </h3>
      <p className="muted small">
        {result.fileName}: {formatCount(result.rows)} rows read. Nothing is added until you confirm.
      </p>
      {result.rejections.length > 0 ? (
        <div className="error-summary" role="alert" tabIndex={-1} aria-labelledby="rejected-title">
          <h3 className="error-summary__title" id="rejected-title">
            Rows that need fixing
          </h3>
          <p>
            Fix these rows in the file and upload it again
            {result.rejectedRows > 0 && result.readyCount > 0 ? ", or add the ready rows now and the rest later" : ""}.
            {result.rejections.length === REJECTIONS_SHOWN ? ` The first ${REJECTIONS_SHOWN} problems are listed.` : ""}
          </p>
          <div className="table-scroll">
            <table className="stack-table">
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Column</th>
                  <th scope="col">Value</th>
                  <th scope="col">Problem</th>
                </tr>
              </thead>
              <tbody>
                {result.rejections.map((r, i) => (
                  <tr key={i}>
                    <td data-joiner="Row">{r.row}</td>
                    <td data-joiner="·">{r.column}</td>
                    <td data-joiner="·">{r.value === "" ? <span className="muted">(empty)</span> : r.value}</td>
                    <td data-joiner="·">{r.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}
      {result.checkId ? (
        <Form method="post" className="actions">
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="check_id" value={result.checkId} />
          <button type="submit" className="button">
            {`Confirm and add ${formatCount(result.readyCount)} ${result.readyCount === 1 ? "member" : "members"}`}
          </button>
        </Form>
      ) : null}
    </div>
  );
}

const INPUT_TYPES: Partial<Record<MemberColumn, string>> = {
  date_of_birth: "date",
  date_of_joining: "date",
  email: "email",
  mobile: "tel",
};

function AddMemberForm({ allowed, reply }: { allowed: Person[]; reply?: AddReply }) {
  const errors = reply?.errors ?? {};
  const values = reply?.values ?? {};
  const people: Person[] = ["self", ...allowed];
  const problems = Object.entries(errors).filter((e): e is [string, string] => typeof e[1] === "string");
  return (
    <section className="card" aria-labelledby="add-title">
      <h2 id="add-title">Add an employee</h2>
      <DataNoticeLink />
      {problems.length > 0 || reply?.message ? (
        <div className="error-summary" role="alert" tabIndex={-1}>
          <h3 className="error-summary__title">There is a problem</h3>
          <ul>
            {reply?.message ? <li>{reply.message}</li> : null}
            {problems.map(([name, message]) => (
              <li key={name}>
                <a href={`#add-${name.replace(".", "-")}`}>{message}</a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Form method="post" className="stack" noValidate>
        <input type="hidden" name="intent" value="add" />
        {people.map((person) => (
          <fieldset key={person} className="fieldset">
            <legend>
              {PERSON_LABELS[person]}
              {person === "self" ? "" : " (optional)"}
            </legend>
            {PERSON_COLUMNS[person].map((column) => {
              const name = fieldName(person, column);
              const id = `add-${person}-${column}`;
              const error = errors[name];
              const label =
                person === "self" || column !== "full_name"
                  ? COLUMN_LABELS[column]
                  : `${PERSON_LABELS[person]}’s full name`;
              return (
                <div className="field" key={column}>
                  <label htmlFor={id}>{label}</label>
                  {error ? (
                    <p className="field__error" id={`${id}-error`}>
                      {error}
                    </p>
                  ) : null}
                  {column === "gender" || column === "relationship" ? (
                    <select
                      id={id}
                      name={name}
                      defaultValue={values[name] ?? ""}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${id}-error` : undefined}
                    >
                      <option value="">Choose</option>
                      {column === "gender"
                        ? GENDERS.map((g) => (
                            <option key={g} value={g}>
                              {g[0]!.toUpperCase() + g.slice(1)}
                            </option>
                          ))
                        : (["son", "daughter"] as const).map((r) => (
                            <option key={r} value={r}>
                              {RELATIONSHIP_LABELS[r]}
                            </option>
                          ))}
                    </select>
                  ) : (
                    <input
                      id={id}
                      name={name}
                      type={INPUT_TYPES[column] ?? "text"}
                      defaultValue={values[name] ?? ""}
                      maxLength={200}
                      autoComplete="off"
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${id}-error` : undefined}
                    />
                  )}
                </div>
              );
            })}
          </fieldset>
        ))}
        <button type="submit" className="button">
          Add to the team
        </button>
      </Form>
    </section>
  );
}

function Pages({ page, pages }: { page: number; pages: number }) {
  const shown = [...new Set([1, page - 1, page, page + 1, pages])].filter((p) => p >= 1 && p <= pages);
  return (
    <nav className="pagination" aria-label="Pages of the member list">
      {page > 1 ? (
        <a href={membersPagePath(page - 1)} rel="prev">
          Previous
        </a>
      ) : null}
      {shown.map((p) =>
        p === page ? (
          <span key={p} aria-current="page">
            {p}
          </span>
        ) : (
          <a key={p} href={membersPagePath(p)}>
            {p}
          </a>
        ),
      )}
      {page < pages ? (
        <a href={membersPagePath(page + 1)} rel="next">
          Next
        </a>
      ) : null}
    </nav>
  );
}

export { StepErrorBoundary as ErrorBoundary };
