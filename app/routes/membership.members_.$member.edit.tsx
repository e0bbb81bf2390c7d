import { getFormProps, useForm } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { z, ZodTypeAny } from "zod";
import { browserValidation, ErrorSummary, SubmitButton, TextField } from "~/components/form";
import { DataNoticeLink } from "~/components/data-notice";
import { seoMeta } from "~/content/seo";
import type { Correctable } from "~/membership/census/correction-form";
import { CORRECTABLE, correctedWords, correctionSchema } from "~/membership/census/correction-form";
import { RELATIONSHIP_LABELS } from "~/membership/census/rules";
import { GenderField } from "~/membership/people/select-fields";
import { PATHS } from "~/routing/paths";
import { memberEditPath } from "~/routing/membership-paths";
import { requireToken, withToken } from "~/session/signed-in.server";
import { redirectWithToast } from "~/session/toast.server";
import { ApiError, refusalOr } from "~/upstream/http.server";
import { correctMember, getMember, parseMemberId, rejectionsOf } from "~/upstream/members.server";
import { formatDate, todayInIndia } from "~/utils/dates";
import { invariantResponse } from "~/utils/invariant.server";
import { parseSubmission } from "~/validation/submission.server";

export const meta: MetaFunction = ({ matches, params }) =>
  seoMeta(
    {
      title: "Correct a member’s details",
      description: "Correct a name, date of birth, gender, mobile or email of a member of your team.",
      path: memberEditPath(params.member ?? ""),
    },
    matches,
  );

const NO_SUCH_MEMBER = "There is no such member in your team.";

/** The member of the signed-in admin's company; another company's, or an unknown one, is a 404. */
async function memberOf(request: Request, token: string, id: string | undefined) {
  const memberId = parseMemberId(id);
  invariantResponse(memberId !== null, NO_SUCH_MEMBER, { status: 404 });
  const found = await withToken(request, token, (t) => getMember(t, memberId));
  invariantResponse(found !== null, NO_SUCH_MEMBER, { status: 404 });
  return found.member;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { token, headers } = await requireToken(request);
  const m = await memberOf(request, token, params.member);
  return data(
    {
      member: {
        id: m.member_id,
        code: m.employee_code,
        rel: m.relationship,
        dateOfJoining: m.date_of_joining,
        band: m.band,
        ended: m.cover_ended_on,
        full_name: m.full_name,
        gender: m.gender,
        date_of_birth: m.date_of_birth,
        mobile: m.mobile ?? "",
        email: m.email ?? "",
      },
      today: todayInIndia(),
    },
    { headers },
  );
}

type Reply = { result: SubmissionResult<string[]> };

export async function action({ request, params }: ActionFunctionArgs) {
  const { token } = await requireToken(request);
  const m = await memberOf(request, token, params.member);
  const schema = correctionSchema(todayInIndia(), {
    employee_code: m.employee_code,
    relationship: m.relationship,
    date_of_joining: m.date_of_joining,
  });
  const submission = parseSubmission(await request.formData(), schema);
  if (submission.status !== "success") return data<Reply>({ result: submission.reply() }, { status: 400 });
  // docs/api-contract.md, POST /membership/members/{id}/correction: each refusal is about the form.
  const done = await withToken(request, token, (t) =>
    refusalOr([409, 422], correctMember(t, m.member_id, submission.value)),
  );
  if (done instanceof ApiError) {
    const fieldErrors: Record<string, string[]> = {};
    for (const r of rejectionsOf(done)) (fieldErrors[r.column] ??= []).push(r.message);
    const formErrors = Object.keys(fieldErrors).length > 0 ? undefined : [done.message];
    return data<Reply>({ result: submission.reply({ formErrors, fieldErrors }) }, { status: done.status });
  }
  const { member, correction } = done;
  const what = correctedWords(correction.fields);
  return redirectWithToast(PATHS.members, {
    kind: "success",
    message: `${member.full_name}’s ${what} corrected${
      correction.endorsement_number ? ` (endorsement ${correction.endorsement_number})` : ""
    }. Their e-cards are issued again and emailed to the employee.`,
  });
}

const LABELS: Record<Correctable, string> = {
  full_name: "Full name",
  gender: "Gender",
  date_of_birth: "Date of birth",
  mobile: "Mobile",
  email: "Email",
};

export default function CorrectMemberPage() {
  const { member, today } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const employee = member.rel === "self";
  const [form, fields] = useForm<z.input<ReturnType<typeof correctionSchema>>, string[]>({
    id: "correct",
    lastResult: reply?.result,
    defaultValue: Object.fromEntries(CORRECTABLE.map((f) => [f, member[f]])),
    // The form's fields are what it posts; its parsed value is the action's to use.
    ...browserValidation<ZodTypeAny>(
      correctionSchema(today, {
        employee_code: member.code,
        relationship: member.rel,
        date_of_joining: member.dateOfJoining,
      }),
    ),
  });
  return (
    <div className="container membership members">
      <p className="muted small">
        <Link to={PATHS.members}>Your team’s details</Link>
      </p>
      <header className="membership__head">
        <h1>Correct {member.full_name}’s details</h1>
        <p>
          {`${RELATIONSHIP_LABELS[member.rel]}, employee code ${member.code}.`} A correction is saved at once and
          recorded on your statement; once the policy is issued it is an endorsement, and the employee is emailed their
          family’s e-cards, issued again.
        </p>
      </header>
      {member.ended ? (
        <p className="notice notice--warning">
          {`Their cover ended on ${formatDate(member.ended)}: their details are no longer corrected.`}
        </p>
      ) : (
        <section className="card" aria-labelledby="correct-title">
          <h2 id="correct-title">Their details</h2>
          <DataNoticeLink />
          <Form method="post" {...getFormProps(form)} className="stack">
            <ErrorSummary form={form} />
            <TextField
              meta={fields.full_name}
              label={LABELS.full_name}
              autoComplete="off"
              hint={employee ? undefined : "A newborn named for now (“Baby of Kavya Mehta”) is given their name here."}
            />
            <GenderField meta={fields.gender} label={LABELS.gender} />
            <TextField
              meta={fields.date_of_birth}
              label={LABELS.date_of_birth}
              type="date"
              hint={
                employee
                  ? `The premium was priced on the ${member.band} age band: a date of birth that moves them out of it changes the premium, and support makes that correction.`
                  : undefined
              }
            />
            <TextField
              meta={fields.mobile}
              label={employee ? LABELS.mobile : `${LABELS.mobile} (optional)`}
              type="tel"
              inputMode="numeric"
              autoComplete="off"
            />
            <TextField
              meta={fields.email}
              label={employee ? LABELS.email : `${LABELS.email} (optional)`}
              type="email"
              autoComplete="off"
            />
            <SubmitButton pendingLabel="Saving the correction…">Save the correction</SubmitButton>
          </Form>
        </section>
      )}
    </div>
  );
}
