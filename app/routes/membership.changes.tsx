import type { FieldMetadata, SubmissionResult } from "@conform-to/react";
import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import type { z, ZodTypeAny } from "zod";
import { attempt, requireToken, withToken } from "~/session/signed-in.server";
import { browserValidation, ErrorSummary, FieldErrors, SubmitButton, TextField } from "~/components/form";
import { DataNotice, DataNoticeLink } from "~/components/data-notice";
import { seoMeta } from "~/content/seo";
import type { Dependant, Joiner } from "~/membership/changes/change-forms";
import {
  BACKDATE_DAYS,
  FAMILY_DEPENDANTS,
  JOINER_COLUMNS,
  familySchema,
  joinerSchema,
  leaverSchema,
} from "~/membership/changes/change-forms";
import { dependantsAllowed } from "~/membership/census/add-form";
import { COLUMN_LABELS, GENDERS, RELATIONSHIP_LABELS } from "~/membership/census/rules";
import { PATHS } from "~/routing/paths";
import { changePath } from "~/routing/membership-paths";
import type { ChangeUploadResult } from "~/membership/changes/change-upload.server";
import { checkChangeUpload } from "~/membership/changes/change-upload.server";
import { redirectWithToast } from "~/session/toast.server";
import { formatPaise } from "~/utils/money";
import type { ChangeRequest } from "~/upstream/changes.server";
import { confirmBatch, parseBatchId, quoteChange, refusalOf } from "~/upstream/changes.server";
import { ApiError } from "~/upstream/http.server";
import { getCensus } from "~/upstream/members.server";
import { todayInIndia } from "~/utils/dates";
import { seeOther } from "~/utils/see-other";
import { parseSubmission } from "~/validation/submission.server";

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: "Changes to your team",
      description: "Add a joiner, remove a leaver or add a family member, priced before you confirm.",
      path: PATHS.changes,
    },
    matches,
  );

/** The covers bought, to choose a joiner's from; without a paid membership there is nothing to change. */
async function coversBought(request: Request, token: string) {
  const census = await withToken(request, token, async (t) => {
    try {
      return await getCensus(t, 1, 1);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw redirect(PATHS.membership);
      throw error;
    }
  });
  const covers = census.summary.by_cover
    .filter((b) => b.employees_bought > 0)
    .map((b) => ({
      value: `${b.band}|${b.range}`,
      label: `${b.band_label}, ${b.range}: ${b.range_label}`,
      range: b.range,
    }));
  return { covers, dependants: dependantsAllowed(covers.map((c) => c.range)) as Dependant[] };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireToken(request);
  const { covers, dependants } = await coversBought(request, token);
  return data({ covers, dependants, today: todayInIndia() }, { headers });
}

type FormName = "add" | "remove" | "family";
type Reply = { form: FormName; result: SubmissionResult<string[]> };
type UploadReply = { form: "upload"; upload: ChangeUploadResult };

/** Where a refused person's cell is shown on a form: the field of that row's person and column. */
type CellField = (row: number, column: string) => string;
const ownField: CellField = (_row, column) => column;

/** The API's refusal as the form's errors: a date or a cover beside its field, a person's cell beside it, else on top. */
function refusalErrors(error: ApiError, cellField: CellField): Record<string, string[]> {
  const { field, rejected } = refusalOf(error);
  if (error.status === 422 && field !== undefined) return { [field === "range" ? "cover" : field]: [error.message] };
  if (error.status === 422 && rejected !== undefined && rejected.length > 0) {
    const errors: Record<string, string[]> = {};
    for (const r of rejected) (errors[cellField(r.row_number, r.column)] ??= []).push(r.message);
    return errors;
  }
  return { "": [error.message] };
}

export async function action({ request }: ActionFunctionArgs) {
  const { token } = await requireToken(request);
  const form = await request.formData();
  const today = todayInIndia();
  const intent = form.get("intent");
  const quote = async (
    name: FormName,
    submission: {
      reply: (o?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]>;
    },
    body: ChangeRequest,
    cellField: CellField = ownField,
  ) => {
    const quoted = await attempt(request, () => quoteChange(token, body));
    if (quoted.ok) return seeOther(changePath(quoted.value.change.change_id));
    if (quoted.error.isOutage) throw data({ message: quoted.error.message }, { status: 503 });
    const errors = refusalErrors(quoted.error, cellField);
    const { "": formErrors, ...fieldErrors } = errors;
    return data<Reply>({ form: name, result: submission.reply({ formErrors, fieldErrors }) }, { status: 422 });
  };

  if (intent === "upload") {
    const file = form.get("file");
    if (!(file instanceof File) || file.name === "")
      return data({
        form: "upload" as const,
        upload: { ok: false as const, fileName: "", message: "Choose a CSV or Excel file to upload" },
      });
    const { covers } = await coversBought(request, token);
    const upload = await withToken(request, token, (t) =>
      checkChangeUpload(
        t,
        file,
        today,
        covers.map((c) => c.value),
      ),
    );
    return data({ form: "upload" as const, upload });
  }
  if (intent === "confirm-all") {
    const batch = parseBatchId(form.get("batch"));
    if (batch === null) throw data({ message: "There is no such upload." }, { status: 400 });
    // One call for the upload's changes, each made once: a second submit answers them as they are.
    const confirmed = await attempt(request, () => confirmBatch(token, batch));
    if (!confirmed.ok) {
      if (confirmed.error.isOutage) throw data({ message: confirmed.error.message }, { status: 503 });
      return redirectWithToast(PATHS.changes, { kind: "warning", message: confirmed.error.message });
    }
    const { results } = confirmed.value;
    const refused = results.flatMap((r) => ("error" in r ? [r.error.message] : []));
    return redirectWithToast(PATHS.membership, {
      kind: refused.length > 0 ? "warning" : "success",
      message:
        refused.length > 0
          ? `${results.length - refused.length} of ${results.length} changes made. ${refused[0]}`
          : `${results.length} ${results.length === 1 ? "change" : "changes"} made.`,
    });
  }
  if (intent === "add") {
    const { dependants } = await coversBought(request, token);
    const submission = parseSubmission(form, joinerSchema(today, dependants));
    if (submission.status !== "success")
      return data<Reply>({ form: "add", result: submission.reply() }, { status: 400 });
    const { people, ...body } = submission.value;
    return quote(
      "add",
      submission,
      { kind: "add", ...body },
      (row, column) => `${people[row - 1] ?? "self"}.${column}`,
    );
  }
  if (intent === "remove") {
    const submission = parseSubmission(form, leaverSchema(today));
    if (submission.status !== "success")
      return data<Reply>({ form: "remove", result: submission.reply() }, { status: 400 });
    const { intent: _, ...body } = submission.value;
    return quote("remove", submission, { kind: "remove", ...body });
  }
  if (intent === "family") {
    const submission = parseSubmission(form, familySchema(today));
    if (submission.status !== "success")
      return data<Reply>({ form: "family", result: submission.reply() }, { status: 400 });
    return quote("family", submission, { kind: "family", ...submission.value });
  }
  throw data({ message: "There is no such form." }, { status: 400 });
}

function useChangeForm<Fields extends Record<string, unknown>>(name: FormName, schema: ZodTypeAny) {
  const reply = useActionData<typeof action>() as Reply | UploadReply | undefined;
  return useForm<Fields, string[]>({
    id: name,
    lastResult: reply?.form === name && "result" in reply ? reply.result : undefined,
    ...browserValidation(schema),
  });
}

export default function ChangesPage() {
  const { covers, dependants, today } = useLoaderData<typeof loader>();
  return (
    <div className="container membership changes">
      <p className="muted small">
        <Link to={PATHS.membership}>Your membership</Link>
      </p>
      <header className="membership__head">
        <h1>Changes to your team</h1>
        <p>
          Add a joiner, remove a leaver or add a new spouse or baby. Each change is dated: a joiner from their date of
          joining, a leaver from their last day, a family event from the marriage or the birth, never more than{" "}
          {BACKDATE_DAYS} days back. You see the price, worked out for the days left in the policy year, before you
          confirm.
        </p>
      </header>
      <DataNotice />
      <JoinerForm covers={covers} dependants={dependants} today={today} />
      <LeaverForm today={today} />
      <FamilyForm today={today} />
      <UploadForm />
    </div>
  );
}

function UploadForm() {
  const reply = useActionData<typeof action>() as Reply | UploadReply | undefined;
  const upload = reply?.form === "upload" && "upload" in reply ? reply.upload : undefined;
  return (
    <section className="card" aria-labelledby="upload-title">
      <h2 id="upload-title">Upload several changes</h2>
      <p>
        The census template with three more columns: <code>change</code> (<code>add</code> or <code>remove</code>), and
        for a removal <code>last_day</code> and <code>reason</code>. A joiner’s dependants are rows with their code.
        Every row is checked and priced; nothing changes until you confirm.
      </p>
      <DataNoticeLink />
      <Form method="post" encType="multipart/form-data" className="stack">
        <div className="field">
          <label htmlFor="changes-file">CSV or Excel file</label>
          <input id="changes-file" name="file" type="file" accept=".csv,.xlsx,text/csv" required />
        </div>
        <SubmitButton name="intent" value="upload" pendingLabel="Checking the file…">
          Upload and check
        </SubmitButton>
      </Form>
      {upload ? <UploadResults result={upload} /> : null}
    </section>
  );
}

function UploadResults({ result }: { result: ChangeUploadResult }) {
  if (!result.ok)
    return (
      <div className="error-summary" role="alert">
        <h3 className="error-summary__title">The file could not be used</h3>
        <p>
          {result.fileName ? `${result.fileName}: ` : ""}
          {result.message}. Nothing was changed.
        </p>
      </div>
    );
  const together = result.changes.filter((c) => !c.payable);
  return (
    <div className="upload-results" aria-live="polite">
      <h3 id="results">
        {`${result.changes.length} ${result.changes.length === 1 ? "change" : "changes"} priced, ${new Set(result.problems.map((p) => p.row)).size} rows need fixing`}
      </h3>
      <p className="muted small">
        {result.fileName}: {result.rows} rows read. Nothing changes until you confirm.
      </p>
      {result.problems.length > 0 ? (
        <div className="table-scroll">
          <table className="stack-table" aria-label="Rows that need fixing">
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Column</th>
                <th scope="col">Problem</th>
              </tr>
            </thead>
            <tbody>
              {result.problems.map((p, i) => (
                <tr key={i}>
                  <td data-joiner="Row">{p.row}</td>
                  <td data-joiner="·">{p.column}</td>
                  <td data-joiner="·">{p.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {result.changes.length > 0 ? (
        <div className="table-scroll">
          <table className="stack-table" aria-label="Changes priced">
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Change</th>
                <th scope="col" className="num">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {result.changes.map((c) => (
                <tr key={c.changeId}>
                  <td data-joiner="Row">{c.row}</td>
                  <td data-joiner="·">
                    <Link to={changePath(c.changeId)}>{c.what}</Link>
                    {c.payable ? " (pay on its page)" : ""}
                  </td>
                  <td data-joiner="·" className="num">
                    {c.totalPaise < 0 ? `${formatPaise(-c.totalPaise)} credit` : formatPaise(c.totalPaise)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {together.length > 0 && result.batchId !== null ? (
        <Form method="post">
          <input type="hidden" name="batch" value={result.batchId} />
          <SubmitButton name="intent" value="confirm-all" pendingLabel="Confirming…">
            {`Confirm ${together.length} ${together.length === 1 ? "change" : "changes"}`}
          </SubmitButton>
        </Form>
      ) : null}
    </div>
  );
}

const INPUT_TYPES: Partial<Record<string, "date" | "email" | "tel">> = {
  date_of_birth: "date",
  email: "email",
  mobile: "tel",
};
const PERSON_LABELS: Record<Joiner, string> = {
  self: "The joiner",
  spouse: "Spouse (optional)",
  child1: "First child (optional)",
  child2: "Second child (optional)",
};

function JoinerForm({
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
  const people: Joiner[] = ["self", ...dependants];
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
        {people.map((who) => {
          const person = fields[who].getFieldset();
          return (
            <fieldset key={who} className="fieldset">
              <legend>{PERSON_LABELS[who]}</legend>
              {JOINER_COLUMNS[who].map((column) => {
                const meta = person[column];
                const label = who !== "self" && column === "full_name" ? "Full name" : COLUMN_LABELS[column];
                if (column === "gender") return <GenderField key={column} meta={meta} label={label} />;
                if (column === "relationship")
                  return (
                    <SelectField key={column} meta={meta} label={label}>
                      <option value="">Choose</option>
                      {(["son", "daughter"] as const).map((r) => (
                        <option key={r} value={r}>
                          {RELATIONSHIP_LABELS[r]}
                        </option>
                      ))}
                    </SelectField>
                  );
                return (
                  <TextField
                    key={column}
                    meta={meta}
                    label={label}
                    type={INPUT_TYPES[column] ?? "text"}
                    autoComplete="off"
                  />
                );
              })}
            </fieldset>
          );
        })}
        <SubmitButton name="intent" value="add" pendingLabel="Working out the price…">
          See the price
        </SubmitButton>
      </Form>
    </section>
  );
}

function LeaverForm({ today }: { today: string }) {
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

function FamilyForm({ today }: { today: string }) {
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

/** A labelled select bound to Conform, laid out as TextField lays out an input: hint, then its errors. */
function SelectField({
  meta,
  label,
  hint,
  children,
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <select className="input" {...selectProps(meta)} key={meta.key}>
        {children}
      </select>
      {hint ? <p className="field__hint">{hint}</p> : null}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** A person's gender, as the census records it. */
function GenderField({
  meta,
  label,
  choose = "Choose",
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  choose?: string;
}) {
  return (
    <SelectField meta={meta} label={label}>
      <option value="">{choose}</option>
      {GENDERS.map((g) => (
        <option key={g} value={g}>
          {g[0]!.toUpperCase() + g.slice(1)}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * A select bound to its field, as Conform's getSelectProps would bind it. Written here because only
 * these forms use a select: Conform's helper would land in the script every checkout step shares
 * (docs/performance.md, the checkout's script budget).
 */
function selectProps(meta: FieldMetadata<string | undefined>) {
  return {
    id: meta.id,
    name: meta.name,
    form: meta.formId,
    required: meta.required || undefined,
    defaultValue: typeof meta.initialValue === "string" ? meta.initialValue : undefined,
    "aria-invalid": meta.errors ? true : undefined,
    "aria-describedby": meta.errors ? meta.errorId : undefined,
  };
}
