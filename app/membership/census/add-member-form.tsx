import { Form } from "@remix-run/react";
import { DataNoticeLink } from "~/components/data-notice";
import type { FieldErrors, FormValues, Person } from "./add-form";
import { PERSON_COLUMNS, PERSON_LABELS, fieldName } from "./add-form";
import type { MemberColumn } from "./rules";
import { COLUMN_LABELS, GENDERS, RELATIONSHIP_LABELS } from "./rules";

/** The add form's answer: what was typed, each field's problem, and the API's refusal if any. */
export type AddReply = { intent: "add"; values: FormValues; errors: FieldErrors; message?: string };

const INPUT_TYPES: Partial<Record<MemberColumn, string>> = {
  date_of_birth: "date",
  date_of_joining: "date",
  email: "email",
  mobile: "tel",
};

export function AddMemberForm({ allowed, reply }: { allowed: Person[]; reply?: AddReply }) {
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
