import type { SubmissionResult } from "@conform-to/react";
import { getFormProps, useForm } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { z } from "zod";
import { DataNoticeLink } from "~/components/data-notice";
import { browserValidation, ErrorSummary } from "~/components/form";
import type { Dependant, Person } from "~/membership/people/people";
import { peopleSchema } from "~/membership/people/people";
import { PeopleFieldset } from "~/membership/people/people-fieldset";

/** The add-one form (docs/product.md, The member census): an employee and the dependants their family cover allows. */
export function addMemberSchema(today: string, allowed: readonly Dependant[]) {
  return peopleSchema(today, allowed, "asked", { intent: z.literal("add") });
}

/** The add form's answer: Conform's reply, with each field's problem and the API's refusal if any. */
export type AddReply = { intent: "add"; result: SubmissionResult<string[]> };

export function AddMemberForm({ allowed, today, reply }: { allowed: Dependant[]; today: string; reply?: AddReply }) {
  const schema = addMemberSchema(today, allowed);
  const [form, fields] = useForm<z.input<typeof schema>, z.output<typeof schema>>({
    id: "add",
    lastResult: reply?.result,
    ...browserValidation(schema),
  });
  const people: Person[] = ["self", ...allowed];
  return (
    <section className="card" aria-labelledby="add-title">
      <h2 id="add-title">Add an employee</h2>
      <DataNoticeLink />
      <Form method="post" {...getFormProps(form)} className="stack">
        <ErrorSummary form={form} />
        <input type="hidden" name="intent" value="add" />
        {people.map((person) => (
          <PeopleFieldset key={person} person={person} meta={fields[person]} joining="asked" />
        ))}
        <button type="submit" className="button">
          Add to the team
        </button>
      </Form>
    </section>
  );
}
