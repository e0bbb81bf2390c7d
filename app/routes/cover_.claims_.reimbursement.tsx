import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { type FormEvent, useState } from "react";
import { asEmployee, requireEmployee } from "~/cover/session.server";
import { isRefusal, refusalOr } from "~/upstream/http.server";
import { claimPath } from "~/cover/paths";
import { MemberChoice } from "~/cover/member-choice";
import { CARES, MAX_DOCUMENTS, reimbursementSchema } from "~/cover/forms";
import { chosenFiles, readDocuments } from "~/cover/documents.server";
import { CARE_LABELS } from "~/cover/words";
import { fileReimbursement, getEmployeeCover } from "~/upstream/claims.server";
import { browserValidation, ErrorSummary, FieldErrors, FormErrors, TextField } from "~/components/form";
import { PATHS } from "~/routing/paths";
import { seoMeta } from "~/content/seo";
import { redirectWithToast } from "~/session/toast.server";
import { todayInIndia } from "~/utils/dates";
import { parseSubmission } from "~/validation/submission.server";

export const handle = { hydrate: true };

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: "Claim back a bill",
      description:
        "File a reimbursement claim for a bill you paid: the member, the dates, the amount and the documents.",
      path: PATHS.cover.reimbursement,
    },
    matches,
  );

export const headers = () => ({ "Cache-Control": "no-store" });

const FILES_FIELD = "documents";

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireEmployee(request);
  const cover = await asEmployee(request, () => getEmployeeCover(token));
  return data(
    {
      members: cover.members.map((m) => ({ id: m.member_id, name: m.full_name, relationship: m.relationship })),
      today: todayInIndia(),
    },
    { headers },
  );
}

/**
 * A plain multipart post (script or none): the fields checked by the form's schema, the files by their
 * first bytes and sizes; anything refused sends nothing upstream, so nothing is saved.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { token } = await requireEmployee(request);
  const formData = await request.formData();
  const files = chosenFiles(formData.getAll(FILES_FIELD));
  formData.delete(FILES_FIELD);
  const submission = parseSubmission(formData, reimbursementSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const read = await readDocuments(files);
  if (!read.ok) return data(submission.reply({ fieldErrors: { [FILES_FIELD]: [read.message] } }), { status: 400 });
  const v = submission.value;
  // The API's refusals of its rules (400: dates, the sum insured left, a file) are answers the form shows.
  const filed = await asEmployee(request, () =>
    refusalOr(
      [400],
      fileReimbursement(token, {
        member_id: v.member,
        care: v.care,
        hospital_name: v.hospital,
        treatment_from: v.from,
        treatment_to: v.to,
        reason: v.reason,
        amount_paise: v.amount * 100,
        documents: read.documents,
      }),
    ),
  );
  if (isRefusal(filed, [400])) return data(submission.reply({ formErrors: [filed.message] }), { status: 400 });
  return redirectWithToast(claimPath(filed.claim_id), {
    kind: "success",
    message: `Claim ${filed.claim_id} sent with ${read.documents.length} document${read.documents.length === 1 ? "" : "s"}.`,
  });
}

/**
 * With script, the files go up with a progress bar (XMLHttpRequest reports what is sent; fetch does
 * not): the same multipart post. The answer is a redirect to the claim, which the browser then opens,
 * or the page with the refusal, whose messages are shown here with the files still chosen.
 */
function useUploadWithProgress() {
  const [sent, setSent] = useState<number | null>(null);
  const [refusals, setRefusals] = useState<string[]>([]);
  const upload = (formElement: HTMLFormElement) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", formElement.action);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) setSent(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      const at = new URL(xhr.responseURL || formElement.action, window.location.href);
      if (xhr.status < 400 && at.pathname !== window.location.pathname) {
        window.location.assign(at.href);
        return;
      }
      const page = new DOMParser().parseFromString(xhr.responseText, "text/html");
      const messages = [...page.querySelectorAll(".error-summary li, .form-error p, .field__error:not([hidden])")]
        .map((el) => el.textContent?.trim() ?? "")
        .filter((m) => m !== "");
      setRefusals(messages.length > 0 ? [...new Set(messages)] : ["The claim could not be sent. Try again."]);
      setSent(null);
    };
    xhr.onerror = () => {
      setRefusals(["The claim could not be sent: check your connection and try again."]);
      setSent(null);
    };
    setRefusals([]);
    setSent(0);
    xhr.send(new FormData(formElement));
  };
  return { sent, refusals, upload };
}

export default function Reimbursement() {
  const { members, today } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { care: "inpatient" },
    ...browserValidation(reimbursementSchema),
  });
  const { sent, refusals, upload } = useUploadWithProgress();
  const formProps = getFormProps(form);
  const fileErrors = (form.allErrors[FILES_FIELD] as string[] | undefined) ?? undefined;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    formProps.onSubmit(event);
    if (event.defaultPrevented || sent !== null) {
      event.preventDefault();
      return;
    }
    event.preventDefault();
    upload(event.currentTarget);
  };
  return (
    <div className="container container--narrow membership cover">
      <header className="membership__head">
        <p className="muted small">
          <a href={PATHS.cover.home}>Your cover</a>
        </p>
        <h1>Claim back a bill</h1>
        <p className="muted">
          For a bill you paid yourself: at a hospital outside the network, or where cashless was not used. Send it
          within 30 days of the last day of treatment. The TPA pays the approved amount into your bank account and lists
          any deduction; in the sandbox no money moves, and the payment is only recorded.
        </p>
      </header>
      <form
        method="post"
        encType="multipart/form-data"
        {...formProps}
        onSubmit={onSubmit}
        noValidate
        className="card stack"
      >
        <ErrorSummary form={form} targets={{ [FILES_FIELD]: { id: FILES_FIELD } }} />
        <FormErrors errors={refusals.length > 0 ? refusals : undefined} />
        <MemberChoice legend="Who was treated" field={fields.member} members={members} />
        <fieldset className="fieldset">
          <legend>Treatment</legend>
          {CARES.map((care) => (
            <label key={care} className="checkbox field">
              <input {...getInputProps(fields.care, { type: "radio", value: care })} />
              <span>{CARE_LABELS[care]}</span>
            </label>
          ))}
          <p className="field__hint">
            Out-patient bills are paid only within 30 days before or 60 days after a covered hospital stay.
          </p>
          <FieldErrors id={fields.care.errorId} errors={fields.care.errors} />
        </fieldset>
        <TextField meta={fields.hospital} label="Hospital or clinic" autoComplete="off" />
        <TextField meta={fields.from} label="First day of treatment" type="date" max={today} />
        <TextField meta={fields.to} label="Last day of treatment" type="date" max={today} />
        <div className="field">
          <label htmlFor={fields.reason.id}>What it was for, in your words</label>
          <textarea {...getTextareaProps(fields.reason)} className="input" rows={3} maxLength={500} />
          <p className="field__hint">Only you and the TPA read this: never your employer.</p>
          <FieldErrors id={fields.reason.errorId} errors={fields.reason.errors} />
        </div>
        <TextField meta={fields.amount} label="Amount of the bill (₹)" inputMode="numeric" prefix="₹" />
        <div className="field">
          <label htmlFor={FILES_FIELD}>Bills, discharge summary, prescriptions and reports</label>
          <input
            id={FILES_FIELD}
            name={FILES_FIELD}
            type="file"
            multiple
            accept="application/pdf,image/jpeg,image/png"
            className="input"
            aria-describedby="documents-hint documents-error"
          />
          <p className="field__hint" id="documents-hint">
            PDF, JPEG or PNG; at most {MAX_DOCUMENTS} files of 5 MB each.
          </p>
          <FieldErrors id="documents-error" errors={fileErrors} />
        </div>
        {sent !== null ? (
          <p role="status">
            <label htmlFor="upload-progress">Sending: {sent}%</label>{" "}
            <progress id="upload-progress" max={100} value={sent} />
          </p>
        ) : null}
        <button type="submit" className="button button--block" aria-disabled={sent !== null || undefined}>
          {sent !== null ? "Sending…" : "Send the claim"}
        </button>
      </form>
    </div>
  );
}
