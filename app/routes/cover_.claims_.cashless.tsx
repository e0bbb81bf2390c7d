import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { asEmployee, requireEmployee } from "~/cover/session.server";
import { isRefusal, refusalOr } from "~/upstream/http.server";
import { claimPath } from "~/cover/paths";
import { MemberChoice } from "~/cover/member-choice";
import { intimationSchema } from "~/cover/forms";
import { type Hospital, getEmployeeCover, intimateCashless, searchHospitals } from "~/upstream/claims.server";
import { browserValidation, ErrorSummary, FieldErrors, SubmitButton, TextField } from "~/components/form";
import { PATHS } from "~/routing/paths";
import { seoMeta } from "~/content/seo";
import { redirectWithToast } from "~/session/toast.server";
import { todayInIndia } from "~/utils/dates";
import { parseSubmission } from "~/validation/submission.server";

export const handle = { hydrate: true };

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: "Intimate a cashless admission",
      description: "Tell the TPA about a planned or emergency admission at a network hospital.",
      path: PATHS.cover.cashless,
    },
    matches,
  );

export const headers = () => ({ "Cache-Control": "no-store" });

const HOSPITAL_ID = /^HSP-\d{4}$/;
const REFUSALS = [400, 409] as const;
const SEARCH_SIZE = 10;

/**
 * The family's members, and the network's cashless hospitals to choose from: the one a search result
 * named (`?hospital=`), or those a search here found (`?place=`).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireEmployee(request);
  const params = new URL(request.url).searchParams;
  const chosen = params.get("hospital") ?? "";
  const place = (params.get("place") ?? "").trim().slice(0, 60);
  const [cover, hospitals] = await Promise.all([
    asEmployee(request, () => getEmployeeCover(token)),
    HOSPITAL_ID.test(chosen)
      ? searchHospitals({ id: chosen })
      : place
        ? searchHospitals({ place, cashless: true, pageSize: SEARCH_SIZE })
        : null,
  ]);
  return data(
    {
      members: cover.members.map((m) => ({ id: m.member_id, name: m.full_name, relationship: m.relationship })),
      hospitals: (hospitals?.hospitals ?? []).filter((h) => h.cashless),
      chosen: HOSPITAL_ID.test(chosen) ? chosen : null,
      place,
      helpline: cover.policy.tpa.cashless_helpline,
      today: todayInIndia(),
    },
    { headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { token } = await requireEmployee(request);
  const submission = parseSubmission(await request.formData(), intimationSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const v = submission.value;
  // The API's refusals of the rules (400) and of a second intimation (409) are answers the form shows;
  // anything else is the page's error (docs/decisions/0044).
  const made = await asEmployee(request, () =>
    refusalOr(
      REFUSALS,
      intimateCashless(token, {
        member_id: v.member,
        hospital_id: v.hospital,
        admission: v.admission,
        admission_date: v.date,
        admission_time: v.admission === "emergency" ? v.time : undefined,
        reason: v.reason,
        estimate_paise: v.estimate * 100,
      }),
    ),
  );
  if (isRefusal(made, REFUSALS)) return data(submission.reply({ formErrors: [made.message] }), { status: made.status });
  return redirectWithToast(claimPath(made.claim_id), {
    kind: "success",
    message: `Intimated: your number is ${made.claim_id}.`,
  });
}

function HospitalChoice({ hospital, name, checked }: { hospital: Hospital; name: string; checked: boolean }) {
  return (
    <label className="checkbox field">
      <input type="radio" name={name} value={hospital.hospital_id} defaultChecked={checked} />
      <span>
        <strong>{hospital.name}</strong>
        <br />
        <span className="small muted">{hospital.address}</span>
      </span>
    </label>
  );
}

export default function CashlessIntimation() {
  const { members, hospitals, chosen, place, helpline, today } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { admission: "planned", hospital: chosen ?? undefined },
    ...browserValidation(intimationSchema),
  });
  return (
    <div className="container container--narrow membership cover">
      <header className="membership__head">
        <p className="muted small">
          <a href={PATHS.cover.home}>Your cover</a>
        </p>
        <h1>Intimate a cashless admission</h1>
        <p className="muted">
          Tell the TPA at least 48 hours before a planned admission, or within 24 hours of an emergency one. For
          anything else, call the TPA’s 24-hour helpline on {helpline}.
        </p>
      </header>

      <form method="get" className="card" role="search">
        <div className="field">
          <label htmlFor="place">Find the hospital: city or PIN code</label>
          <input id="place" name="place" className="input" defaultValue={place} maxLength={60} />
        </div>
        <button type="submit" className="button button--ghost">
          Find cashless hospitals
        </button>
      </form>

      <Form method="post" {...getFormProps(form)} noValidate className="card stack">
        <ErrorSummary form={form} />
        <fieldset className="fieldset">
          <legend>Hospital</legend>
          {hospitals.length === 0 ? (
            <p className="small muted">
              Search above, or choose one from the <a href={PATHS.hospitals}>network list</a>.
            </p>
          ) : (
            hospitals.map((h) => (
              <HospitalChoice
                key={h.hospital_id}
                hospital={h}
                name={fields.hospital.name}
                checked={h.hospital_id === (chosen ?? fields.hospital.initialValue)}
              />
            ))
          )}
          <FieldErrors id={fields.hospital.errorId} errors={fields.hospital.errors} />
        </fieldset>
        <MemberChoice legend="Who is being admitted" field={fields.member} members={members} />
        <fieldset className="fieldset">
          <legend>Admission</legend>
          <label className="checkbox field">
            <input {...getInputProps(fields.admission, { type: "radio", value: "planned" })} />
            <span>Planned</span>
          </label>
          <label className="checkbox field">
            <input {...getInputProps(fields.admission, { type: "radio", value: "emergency" })} />
            <span>Emergency (already admitted)</span>
          </label>
          <FieldErrors id={fields.admission.errorId} errors={fields.admission.errors} />
        </fieldset>
        <TextField meta={fields.date} label="Date of admission" type="date" min={today} />
        <TextField
          meta={fields.time}
          label="Time of admission (emergency only)"
          placeholder="14:30"
          inputMode="numeric"
          hint="24-hour clock, India time."
        />
        <div className="field">
          <label htmlFor={fields.reason.id}>Reason, in your words</label>
          <textarea {...getTextareaProps(fields.reason)} className="input" rows={3} maxLength={500} />
          <p className="field__hint">Only you and the TPA read this: never your employer.</p>
          <FieldErrors id={fields.reason.errorId} errors={fields.reason.errors} />
        </div>
        <TextField
          meta={fields.estimate}
          label="The hospital’s estimate (₹)"
          inputMode="numeric"
          prefix="₹"
          hint="Ask the hospital’s insurance desk; a rough figure is fine."
        />
        <SubmitButton pendingLabel="Sending…" className="button button--block">
          Intimate the admission
        </SubmitButton>
      </Form>
    </div>
  );
}
