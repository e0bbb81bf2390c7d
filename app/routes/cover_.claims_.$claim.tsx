import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { asEmployee, requireEmployee } from "~/cover/session.server";
import { isRefusal, refusalOr } from "~/upstream/http.server";
import { claimDocumentPath, claimPath } from "~/cover/paths";
import { answerSchema } from "~/cover/forms";
import { CARE_LABELS, STATUS_BADGES, STATUS_LABELS, WHAT_TO_CARRY, kindLabel } from "~/cover/words";
import { answerQuery, getClaim, getEmployeeCover } from "~/upstream/claims.server";
import { invariantResponse } from "~/utils/invariant.server";
import { browserValidation, ErrorSummary, FieldErrors, SubmitButton } from "~/components/form";
import { PATHS } from "~/routing/paths";
import { redirectWithToast } from "~/session/toast.server";
import { formatDate } from "~/utils/dates";
import { formatPaise } from "~/utils/money";
import { parseSubmission } from "~/validation/submission.server";

export const handle = { hydrate: true };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d ? `Claim ${d.claim.claim_id} | Kavach` : "Claim | Kavach" },
  { name: "robots", content: "noindex" },
];

export const headers = () => ({ "Cache-Control": "no-store" });

const CLAIM_ID = /^CL-\d{4}-\d{6}$/;
const NOT_FOUND = "There is no such claim in your cover.";

/** One claim of the employee's family, with the family's cover; anyone else's is a 404, as an unknown one. */
async function ownClaim(request: Request, token: string, id: string) {
  invariantResponse(CLAIM_ID.test(id), NOT_FOUND, { status: 404 });
  const [claim, cover] = await asEmployee(request, () => Promise.all([getClaim(token, id), getEmployeeCover(token)]));
  invariantResponse(claim, NOT_FOUND, { status: 404 });
  return [claim, cover] as const;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { token, headers } = await requireEmployee(request);
  const [claim, cover] = await ownClaim(request, token, params.claim ?? "");
  const member = cover.members.find((m) => m.member_id === claim.member_id);
  return data(
    { claim, memberName: member?.full_name ?? "A family member", left: cover.sum_insured.left_paise },
    { headers },
  );
}

/** The employee's answer to the TPA's question. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { token } = await requireEmployee(request);
  const id = params.claim ?? "";
  invariantResponse(CLAIM_ID.test(id), NOT_FOUND, { status: 404 });
  const submission = parseSubmission(await request.formData(), answerSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  // A question already answered (409) or an answer the API refuses (400) is said on the form.
  const answered = await asEmployee(request, () =>
    refusalOr([400, 409], answerQuery(token, id, submission.value.answer)),
  );
  if (isRefusal(answered, [400, 409]))
    return data(submission.reply({ formErrors: [answered.message] }), { status: answered.status });
  invariantResponse(answered, NOT_FOUND, { status: 404 });
  return redirectWithToast(claimPath(id), { kind: "success", message: "Your answer is with the TPA." });
}

/** "2 June 2025, 11:30", India's time of an ISO instant. */
function indiaTime(instant: string): string {
  const ist = new Date(Date.parse(instant) + 330 * 60_000).toISOString();
  return `${formatDate(ist.slice(0, 10))}, ${ist.slice(11, 16)}`;
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export default function ClaimPage() {
  const { claim: c, memberName, left } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({ lastResult, ...browserValidation(answerSchema) });
  const open = c.status !== "settled" && c.status !== "refused";
  return (
    <div className="container container--narrow membership cover">
      <header className="membership__head">
        <p className="muted small">
          <a href={PATHS.cover.home}>Your cover</a>
        </p>
        <h1>Claim {c.claim_id}</h1>
        <p>
          <span className={`badge ${STATUS_BADGES[c.status]}`}>{STATUS_LABELS[c.status]}</span>{" "}
          <span className="muted">{kindLabel(c)}</span>
        </p>
      </header>

      {c.status === "queried" && c.query ? (
        <section className="card notice--warning" aria-labelledby="query">
          <h2 id="query">The TPA asks</h2>
          <p>{c.query}</p>
          <Form method="post" {...getFormProps(form)} noValidate className="stack">
            <ErrorSummary form={form} />
            <div className="field">
              <label htmlFor={fields.answer.id}>Your answer</label>
              <textarea {...getTextareaProps(fields.answer)} className="input" rows={3} maxLength={500} />
              <FieldErrors id={fields.answer.errorId} errors={fields.answer.errors} />
            </div>
            <SubmitButton pendingLabel="Sending…">Send the answer</SubmitButton>
          </Form>
        </section>
      ) : null}

      <section className="card" aria-labelledby="where">
        <h2 id="where">Where it stands</h2>
        <ol className="cover__steps">
          {c.events.map((e, i) => (
            <li key={i}>
              <strong>{STATUS_LABELS[e.status as keyof typeof STATUS_LABELS] ?? e.status}</strong>{" "}
              <span className="small muted">{indiaTime(e.at)}</span>
              <br />
              <span className="small">{e.note}</span>
            </li>
          ))}
        </ol>
        {open && c.next_step_due_at ? (
          <p className="small muted">The TPA’s next step is due by {indiaTime(c.next_step_due_at)} (India time).</p>
        ) : null}
      </section>

      <section className="card" aria-labelledby="details">
        <h2 id="details">Details</h2>
        <dl className="info-list">
          <Row label="Patient">{memberName}</Row>
          <Row label={c.kind === "cashless" ? "Network hospital" : "Hospital or clinic"}>{c.hospital_name}</Row>
          <Row label={c.kind === "cashless" ? "Admission" : "Treatment"}>
            {formatDate(c.treatment_from)}
            {c.treatment_to && c.treatment_to !== c.treatment_from ? ` to ${formatDate(c.treatment_to)}` : ""}
            {c.care ? `, ${CARE_LABELS[c.care].split(" (")[0]}` : ""}
          </Row>
          <Row label="Reason">{c.reason}</Row>
          <Row label={c.kind === "cashless" ? "Hospital’s estimate" : "Amount claimed"}>
            {formatPaise(c.claimed_paise)}
          </Row>
          {c.approved_paise !== null ? <Row label="Approved">{formatPaise(c.approved_paise)}</Row> : null}
          {c.paid_paise !== null && c.status === "settled" ? (
            <Row label="Paid">
              <strong>{formatPaise(c.paid_paise)}</strong>
              {c.kind === "cashless" ? " to the hospital" : " into your bank account"}
            </Row>
          ) : null}
          {c.refusal ? <Row label="Why it was refused">{c.refusal}</Row> : null}
          <Row label="Sum insured left">{formatPaise(left)}</Row>
        </dl>
        {c.deductions.length > 0 ? (
          <>
            <h3>Deductions</h3>
            <ul>
              {c.deductions.map((d) => (
                <li key={d.reason}>
                  {formatPaise(d.paise)}: {d.reason}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>

      {c.kind === "cashless" && open ? (
        <section className="card" aria-labelledby="carry">
          <h2 id="carry">At the hospital’s insurance desk</h2>
          <ul>
            {WHAT_TO_CARRY.map((item) => (
              <li key={item}>{item === "The intimation number" ? `The intimation number, ${c.claim_id}` : item}</li>
            ))}
          </ul>
        </section>
      ) : null}

      {c.documents.length > 0 ? (
        <section className="card" aria-labelledby="documents">
          <h2 id="documents">Documents sent</h2>
          <ul>
            {c.documents.map((d) => (
              <li key={d.position}>
                <a href={claimDocumentPath(c.claim_id, d.position)} download>
                  {d.file_name}
                </a>{" "}
                <span className="small muted">({Math.max(1, Math.round(d.size / 1024))} KB)</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
