import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireToken, withToken } from "~/session/signed-in.server";
import { DataNotice } from "~/components/data-notice";
import { seoMeta } from "~/content/seo";
import { BACKDATE_DAYS, familySchema, joinerSchema, leaverSchema } from "~/membership/changes/change-forms";
import type { Chosen } from "~/membership/changes/person-forms";
import { FamilyForm, JoinerForm, LeaverForm } from "~/membership/changes/person-forms";
import type { FormName, Reply } from "~/membership/changes/replies";
import { UploadForm } from "~/membership/changes/upload-changes";
import { dependantsAllowed } from "~/membership/people/people";
import { PATHS } from "~/routing/paths";
import { changePath } from "~/routing/membership-paths";
import { checkChangeUpload } from "~/membership/changes/change-upload.server";
import { redirectWithToast } from "~/session/toast.server";
import type { ChangeRequest } from "~/upstream/changes.server";
import { confirmBatch, parseBatchId, quoteChange, refusalOf } from "~/upstream/changes.server";
import { ApiError, refusalOr } from "~/upstream/http.server";
import { getCensus, getMember, parseMemberId } from "~/upstream/members.server";
import { todayInIndia } from "~/utils/dates";
import { formatCount } from "~/utils/money";
import { seeOther } from "~/utils/see-other";
import { parseSubmission } from "~/validation/submission.server";
import { type IntentArgs, intentArgs } from "~/membership/intent-args.server";

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: "Changes to your team",
      description: "Add a joiner, remove a leaver or add a family member, priced before you confirm.",
      path: PATHS.changes,
    },
    matches,
  );

/**
 * The covers bought, to choose a joiner's from, and how far the census has come: changes are for a named
 * team (docs/product.md, Changes during the year). Without a paid membership there is nothing to change.
 */
async function coversBought(request: Request, token: string) {
  const census = await withToken(request, token, (t) => getCensus(t, 1, 1));
  if (census === null) throw redirect(PATHS.membership);
  const { complete, employees_named: named, employees_bought: bought } = census.summary;
  const covers = census.summary.by_cover
    .filter((b) => b.employees_bought > 0)
    .map((b) => ({
      value: `${b.band}|${b.range}`,
      label: `${b.band_label}, ${b.range}: ${b.range_label}`,
      range: b.range,
    }));
  return { covers, dependants: dependantsAllowed(covers.map((c) => c.range)), census: { complete, named, bought } };
}

/**
 * The employee chosen from the members list for the leaver's or the family event's form (docs/product.md,
 * Corrections): one of this company's employees still covered, else none (the form asks for the code).
 */
async function chosenEmployee(request: Request, token: string, id: string | null): Promise<Chosen | null> {
  const memberId = parseMemberId(id ?? undefined);
  if (memberId === null) return null;
  const found = await withToken(request, token, (t) => getMember(t, memberId));
  const m = found?.member;
  if (m === undefined || m.relationship !== "self" || m.cover_ended_on !== null) return null;
  return { code: m.employee_code, name: m.full_name };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireToken(request);
  const { covers, dependants, census } = await coversBought(request, token);
  const asked = new URL(request.url).searchParams;
  const [leaver, family] = await Promise.all([
    chosenEmployee(request, token, asked.get("leaver")),
    chosenEmployee(request, token, asked.get("family")),
  ]);
  return data({ covers, dependants, census, chosen: { leaver, family }, today: todayInIndia() }, { headers });
}

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
  const args = await intentArgs(request);
  switch (args.form.get("intent")) {
    case "upload":
      return uploadChanges(args);
    case "confirm-all":
      return confirmAll(args);
    case "add":
      return quoteJoiner(args);
    case "remove":
      return quoteLeaver(args);
    case "family":
      return quoteFamilyMember(args);
    default:
      throw data({ message: "There is no such form." }, { status: 400 });
  }
}

/** A change priced by the API (its page then shows it), or the API's refusal beside the fields it names. */
async function quote(
  { request, token }: IntentArgs,
  name: FormName,
  submission: {
    reply: (o?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]>;
  },
  body: ChangeRequest,
  cellField: CellField = ownField,
) {
  // docs/api-contract.md, POST /membership/changes/quote: each refusal is about the form.
  const quoted = await withToken(request, token, (t) => refusalOr([400, 404, 409, 422], quoteChange(t, body)));
  if (!(quoted instanceof ApiError)) return seeOther(changePath(quoted.change.change_id));
  const errors = refusalErrors(quoted, cellField);
  const { "": formErrors, ...fieldErrors } = errors;
  return data<Reply>({ form: name, result: submission.reply({ formErrors, fieldErrors }) }, { status: 422 });
}

/** `intent=upload`: each row checked and priced by the API in one call; nothing changes until confirmed. */
async function uploadChanges({ request, token, form, today }: IntentArgs) {
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

/** `intent=confirm-all`: one call for the upload's changes, each made once: a second submit answers them as they are. */
async function confirmAll({ request, token, form }: IntentArgs) {
  const batch = parseBatchId(form.get("batch"));
  if (batch === null) throw data({ message: "There is no such upload." }, { status: 400 });
  // The batch's quotes expired (410), or it is not this company's (404): said on the changes page.
  const confirmed = await withToken(request, token, (t) => refusalOr([400, 404, 409, 410], confirmBatch(t, batch)));
  if (confirmed instanceof ApiError)
    return redirectWithToast(PATHS.changes, { kind: "warning", message: confirmed.message });
  const { results } = confirmed;
  const refused = results.flatMap((r) => ("error" in r ? [r.error.message] : []));
  return redirectWithToast(PATHS.membership, {
    kind: refused.length > 0 ? "warning" : "success",
    message:
      refused.length > 0
        ? `${results.length - refused.length} of ${results.length} changes made. ${refused[0]}`
        : `${results.length} ${results.length === 1 ? "change" : "changes"} made.`,
  });
}

/** `intent=add`: a joiner with their dependants, priced. */
async function quoteJoiner(args: IntentArgs) {
  const { dependants } = await coversBought(args.request, args.token);
  const submission = parseSubmission(args.form, joinerSchema(args.today, dependants));
  if (submission.status !== "success") return data<Reply>({ form: "add", result: submission.reply() }, { status: 400 });
  const { people, ...body } = submission.value;
  return quote(
    args,
    "add",
    submission,
    { kind: "add", ...body },
    (row, column) => `${people[row - 1] ?? "self"}.${column}`,
  );
}

/** `intent=remove`: a leaver, and the credit for the days left. */
async function quoteLeaver(args: IntentArgs) {
  const submission = parseSubmission(args.form, leaverSchema(args.today));
  if (submission.status !== "success")
    return data<Reply>({ form: "remove", result: submission.reply() }, { status: 400 });
  const { intent: _, ...body } = submission.value;
  return quote(args, "remove", submission, { kind: "remove", ...body });
}

/** `intent=family`: a new spouse or baby of an employee, priced. */
async function quoteFamilyMember(args: IntentArgs) {
  const submission = parseSubmission(args.form, familySchema(args.today));
  if (submission.status !== "success")
    return data<Reply>({ form: "family", result: submission.reply() }, { status: 400 });
  return quote(args, "family", submission, { kind: "family", ...submission.value });
}

export default function ChangesPage() {
  const { covers, dependants, census, chosen, today } = useLoaderData<typeof loader>();
  if (!census.complete) return <NameTeamFirst named={census.named} bought={census.bought} />;
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
      <LeaverForm today={today} chosen={chosen.leaver} />
      <FamilyForm today={today} chosen={chosen.family} />
      <UploadForm />
    </div>
  );
}

/**
 * Before the team is named there is no change to make (docs/product.md, Changes during the year): a
 * joiner is simply one more member of the census, in one of the places bought.
 */
function NameTeamFirst({ named, bought }: { named: number; bought: number }) {
  return (
    <div className="container membership changes">
      <p className="muted small">
        <Link to={PATHS.membership}>Your membership</Link>
      </p>
      <header className="membership__head">
        <h1>Finish naming your team first</h1>
        <p>
          {`${formatCount(named)} of ${formatCount(bought)} employees are named.`} Joiners, leavers and family events
          are changes to a named team. Until everyone you bought cover for is named, someone who joined since you paid
          is named in one of the places you bought, and someone who left is simply not named.
        </p>
      </header>
      <p>
        <Link className="button" to={PATHS.members}>
          Name your team
        </Link>
      </p>
    </div>
  );
}
