import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { requireToken, withToken } from "~/session/signed-in.server";
import { DataNotice, DataNoticeLink } from "~/components/data-notice";
import { seoMeta } from "~/content/seo";
import type { AddReply } from "~/membership/census/add-member-form";
import { AddMemberForm, addMemberSchema } from "~/membership/census/add-member-form";
import { CensusSummary } from "~/membership/census/census-summary";
import { MemberPages } from "~/membership/census/member-pages";
import { CensusUploadResults } from "~/membership/census/upload-results";
import type { MemberColumn } from "~/membership/census/rules";
import { RELATIONSHIP_LABELS } from "~/membership/census/rules";
import { dependantsAllowed, personColumns } from "~/membership/people/people";
import type { UploadResult } from "~/membership/census/upload.server";
import { checkUpload } from "~/membership/census/upload.server";
import { PATHS } from "~/routing/paths";
import { changeForPath, eCardPdfPath, memberEditPath, membersPagePath } from "~/routing/membership-paths";
import { redirectWithToast } from "~/session/toast.server";
import { ApiError, refusalOr } from "~/upstream/http.server";
import { addMembers, confirmCensus, getCensus, rejectionsOf } from "~/upstream/members.server";
import { formatDate, formatShortDate, todayInIndia } from "~/utils/dates";
import { formatCount } from "~/utils/money";
import { parseSubmission } from "~/validation/submission.server";
import { type IntentArgs, intentArgs } from "~/membership/intent-args.server";

export const PAGE_SIZE = 50;

const intentSchema = z.enum(["upload", "confirm", "add"]);
const confirmSchema = z.object({ check_id: z.string().trim().min(1).max(80) });

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: "Your team’s details",
      description: "Name the people your Kavach cover was bought for, and issue their e-cards.",
      path: PATHS.members,
    },
    matches,
  );

/** The census of the signed-in admin's company; without a paid membership there is none to name. */
async function census(request: Request, token: string, page: number, pageSize = PAGE_SIZE) {
  const c = await withToken(request, token, (t) => getCensus(t, page, pageSize));
  if (c === null) throw redirect(PATHS.membership);
  return c;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireToken(request);
  const asked = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const page = Number.isSafeInteger(asked) && asked >= 1 ? asked : 1;
  const c = await census(request, token, page);
  const pages = Math.max(1, Math.ceil(c.total / PAGE_SIZE));
  if (page > pages) throw redirect(membersPagePath(pages), { headers });
  const issued = c.policy !== null;
  return data(
    {
      page,
      pages,
      total: c.total,
      summary: c.summary,
      coverStart: c.cover_start_date,
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
        card: issued && m.e_card_status !== "not_issued",
        /** The cover ended unrenewed: the card is kept, but not offered as active (docs/product.md, Renewal). */
        expired: m.e_card_status === "expired",
        /** A leaver's last day of cover: their card is kept, but not offered as active. */
        ended: m.cover_ended_on,
      })),
      today: todayInIndia(),
    },
    { headers },
  );
}

type UploadReply = { intent: "upload"; result: UploadResult };
type ConfirmReply = { intent: "confirm"; message: string };

export async function action({ request }: ActionFunctionArgs) {
  const args = await intentArgs(request);
  const intent = intentSchema.safeParse(args.form.get("intent"));
  if (!intent.success) throw data({ message: "There is no such form." }, { status: 400 });
  switch (intent.data) {
    case "upload":
      return uploadAction(args);
    case "confirm":
      return confirmAction(args);
    case "add":
      return addAction(args);
  }
}

/** `intent=upload`: the file is read and its rows checked; nothing is saved until confirmed. */
async function uploadAction({ request, token, form, today }: IntentArgs) {
  const file = form.get("file");
  if (!(file instanceof File) || file.name === "")
    return data<UploadReply>({
      intent: "upload",
      result: { ok: false, fileName: "", message: "Choose a CSV or Excel file to upload" },
    });
  // Without a paid membership there is no census to name: asked before the file is read (docs/decisions/0041).
  await census(request, token, 1, 1);
  const result = await withToken(request, token, (t) => checkUpload(t, file, today));
  return data<UploadReply>({ intent: "upload", result });
}

/** `intent=confirm`: the checked rows the API kept are added. */
async function confirmAction({ request, token, form }: IntentArgs) {
  const parsed = confirmSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw data({ message: "There is no such check." }, { status: 400 });
  // An expired check, or one that no longer fits what is saved: upload the file again.
  const confirmed = await withToken(request, token, (t) =>
    refusalOr([404, 409], confirmCensus(t, parsed.data.check_id)),
  );
  if (confirmed instanceof ApiError)
    return data<ConfirmReply>({
      intent: "confirm",
      message: `${confirmed.message}. Nothing was added: upload the file again to check it against your team as it is now.`,
    });
  return redirectWithToast(PATHS.members, {
    kind: "success",
    message: `${formatCount(confirmed.added)} ${confirmed.added === 1 ? "member" : "members"} added.`,
  });
}

/** `intent=add`: one employee with their dependants, checked here and by the API, added at once or not at all. */
async function addAction({ request, token, form, today }: IntentArgs) {
  const c = await census(request, token, 1);
  const allowed = dependantsAllowed(c.summary.by_cover.filter((b) => b.employees_bought > 0).map((b) => b.range));
  const submission = parseSubmission(form, addMemberSchema(today, allowed));
  if (submission.status !== "success")
    return data<AddReply>({ intent: "add", result: submission.reply() }, { status: 400 });
  const { people, members } = submission.value;
  // Another admin's add meanwhile (409), or rows the API refuses with what was bought (422).
  const added = await withToken(request, token, (t) => refusalOr([409, 422], addMembers(t, members)));
  if (added instanceof ApiError && added.status === 409)
    return data<AddReply>(
      { intent: "add", result: submission.reply({ formErrors: [added.message] }) },
      { status: 409 },
    );
  if (added instanceof ApiError) {
    const fieldErrors: Record<string, string[]> = {};
    for (const r of rejectionsOf(added)) {
      const person = people[r.row_number - 1];
      const column = r.column as MemberColumn;
      const name = person && personColumns(person, "asked").includes(column) ? `${person}.${column}` : "self.full_name";
      fieldErrors[name] ??= [r.message];
    }
    return data<AddReply>({ intent: "add", result: submission.reply({ fieldErrors }) }, { status: 422 });
  }
  const [employee] = members;
  return redirectWithToast(PATHS.members, {
    kind: "success",
    message: `${employee?.full_name} added${members.length > 1 ? ` with ${members.length - 1} ${members.length === 2 ? "dependant" : "dependants"}` : ""}.`,
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
                <input id="file" name="file" type="file" className="input" accept=".csv,.xlsx,text/csv" required />
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
            {shownUpload?.intent === "upload" ? <CensusUploadResults result={shownUpload.result} /> : null}
          </section>

          <AddMemberForm allowed={data.allowed} today={data.today} reply={addReply} />
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
                    <th scope="col">Corrections and changes</th>
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
                          {m.card && m.expired ? (
                            <>
                              {"Expired "}
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
                      <td data-joiner="·">
                        <MemberActions member={m} issued={data.policy !== null} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {data.pages > 1 ? <MemberPages page={data.page} pages={data.pages} /> : null}
          </>
        )}
      </section>
    </div>
  );
}

/**
 * Beside each member (docs/product.md, Corrections): Edit their details; for an employee still covered once
 * the policy is issued, Remove (the leaver's form with them chosen) and Manage dependants (the family
 * event's form for them). Each link names the member for a screen reader.
 */
function MemberActions({
  member: m,
  issued,
}: {
  member: { id: string; name: string; rel: string; ended: string | null };
  issued: boolean;
}) {
  if (m.ended !== null) return null;
  const who = <span className="visually-hidden"> {m.name}</span>;
  return (
    <span className="member-actions">
      <a href={memberEditPath(m.id)}>Edit{who}</a>
      {issued && m.rel === "self" ? (
        <>
          {" · "}
          <a href={changeForPath("remove", m.id)}>Remove{who}</a>
          {" · "}
          <a href={changeForPath("family", m.id)}>
            Manage dependants<span className="visually-hidden"> of {m.name}</span>
          </a>
        </>
      ) : null}
    </span>
  );
}
