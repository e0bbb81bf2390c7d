import { getFormProps, useForm } from "@conform-to/react";
import { Form, useActionData } from "@remix-run/react";
import type { z, ZodTypeAny } from "zod";
import { browserValidation, ErrorSummary, FieldErrors, SubmitButton, TextField } from "~/components/form";
import { DataNoticeLink } from "~/components/data-notice";
import type { Dependant, Person } from "~/membership/people/people";
import { PeopleFieldset } from "~/membership/people/people-fieldset";
import { GenderField, SelectField } from "~/membership/people/select-fields";
import { BACKDATE_DAYS, FAMILY_DEPENDANTS, familySchema, joinerSchema, leaverSchema } from "./change-forms";
import type { FormName, Reply, UploadReply } from "./replies";

/** A change form bound to Conform, showing the action's answer only when it answered this form. */
function useChangeForm<Fields extends Record<string, unknown>>(name: FormName, schema: ZodTypeAny) {
  const reply = useActionData() as Reply | UploadReply | undefined;
  return useForm<Fields, string[]>({
    id: name,
    lastResult: reply?.form === name && "result" in reply ? reply.result : undefined,
    ...browserValidation(schema),
  });
}

export function JoinerForm({
  covers,
  dependants,
  today,
}: {
  covers: { value: string; label: string }[];
  dependants: Dependant[];
  today: string;
}) {
  const [form, fields] = useChangeForm<z.input<ReturnType<typeof joinerSchema>>>(
    "add",
    joinerSchema(today, dependants),
  );
  const people: Person[] = ["self", ...dependants];
  return (
    <section className="card" aria-labelledby="add-title">
      <h2 id="add-title">Add a joiner</h2>
      <DataNoticeLink />
      <Form method="post" {...getFormProps(form)} className="stack">
        <ErrorSummary form={form} />
        <SelectField
          meta={fields.cover}
          label="Age band and family cover"
          hint="The joiner’s age on their date of joining must fall in the band."
        >
          <option value="">Choose</option>
          {covers.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </SelectField>
        <TextField meta={fields.effective_date} label="Date of joining" type="date" />
        {people.map((person) => (
          <PeopleFieldset key={person} person={person} meta={fields[person]} joining="dated" selfLegend="The joiner" />
        ))}
        <SubmitButton name="intent" value="add" pendingLabel="Working out the price…">
          See the price
        </SubmitButton>
      </Form>
    </section>
  );
}

export function LeaverForm({ today }: { today: string }) {
  const [form, fields] = useChangeForm<z.input<ReturnType<typeof leaverSchema>>>("remove", leaverSchema(today));
  return (
    <section className="card" aria-labelledby="remove-title">
      <h2 id="remove-title">Remove a leaver</h2>
      <p>Their dependants leave with them. Cover ends after their last day.</p>
      <Form method="post" {...getFormProps(form)} className="stack">
        <ErrorSummary form={form} />
        <TextField meta={fields.employee_code} label="Employee code" autoComplete="off" />
        <TextField meta={fields.effective_date} label="Last day" type="date" />
        <TextField meta={fields.reason} label="Reason" />
        <SubmitButton name="intent" value="remove" pendingLabel="Working out the credit…">
          See the credit
        </SubmitButton>
      </Form>
    </section>
  );
}

const FAMILY_LABELS: Record<(typeof FAMILY_DEPENDANTS)[number], string> = {
  spouse: "A spouse, after a marriage",
  son: "A newborn son",
  daughter: "A newborn daughter",
};

export function FamilyForm({ today }: { today: string }) {
  const [form, fields] = useChangeForm<z.input<ReturnType<typeof familySchema>>>("family", familySchema(today));
  return (
    <section className="card" aria-labelledby="family-title">
      <h2 id="family-title">Add a family member</h2>
      <p>
        A marriage or a birth is added for the employee within {BACKDATE_DAYS} days of it. Their family cover may move
        up to a wider one bought for their age band, priced for the days left.
      </p>
      <DataNoticeLink />
      <Form method="post" {...getFormProps(form)} className="stack">
        <ErrorSummary form={form} />
        <TextField meta={fields.employee_code} label="Employee code" autoComplete="off" />
        <fieldset className="fieldset" aria-describedby={fields.dependant.errorId}>
          <legend>Who joins the family</legend>
          {FAMILY_DEPENDANTS.map((d) => (
            <label key={d} className="radio">
              <input
                type="radio"
                name={fields.dependant.name}
                value={d}
                defaultChecked={fields.dependant.initialValue === d}
              />{" "}
              {FAMILY_LABELS[d]}
            </label>
          ))}
          <FieldErrors id={fields.dependant.errorId} errors={fields.dependant.errors} />
        </fieldset>
        <TextField meta={fields.effective_date} label="Date of the marriage or birth" type="date" />
        <TextField meta={fields.full_name} label="Their full name" autoComplete="off" />
        <GenderField meta={fields.gender} label="Spouse’s gender" choose="Choose (not needed for a newborn)" />
        <TextField
          meta={fields.date_of_birth}
          label="Spouse’s date of birth"
          type="date"
          hint="A newborn’s date of birth is the date of the birth."
        />
        <SubmitButton name="intent" value="family" pendingLabel="Working out the price…">
          See the price
        </SubmitButton>
      </Form>
    </section>
  );
}
