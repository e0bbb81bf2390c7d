import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { browserValidation, ErrorSummary, SubmitButton, TextField } from "~/components/form";
import { MobileNumberField } from "~/components/one-time-code";
import { seoMeta } from "~/content/seo";
import { PATHS } from "~/routing/paths";
import { requireToken, withToken } from "~/session/signed-in.server";
import { ApiError, refusalOr } from "~/upstream/http.server";
import {
  acceptRequest,
  changeRole,
  declineRequest,
  getTeam,
  handOver,
  inviteColleague,
  removeColleague,
  type Team,
} from "~/upstream/team.server";
import { INVITED_ROLES } from "~/upstream/team-roles";
import { formatDate } from "~/utils/dates";
import { seeOther } from "~/utils/see-other";
import { mobileNumber, personName } from "~/validation/fields";
import { parseSubmission } from "~/validation/submission.server";

/**
 * The membership's team (docs/product.md, More than one admin): the owner invites colleagues with a
 * role, changes roles, removes people, hands ownership over and decides access requests. The upstream
 * refuses anyone but the owner (403); this page then says so rather than showing the controls.
 */
const role = z.enum(INVITED_ROLES, { errorMap: () => ({ message: "Choose a role." }) });
const id = z.coerce.number().int().positive();
const inviteSchema = z.object({ intent: z.literal("invite"), name: personName, mobile: mobileNumber, role });
const schema = z.discriminatedUnion("intent", [
  inviteSchema,
  z.object({ intent: z.literal("role"), id, role }),
  z.object({ intent: z.literal("remove"), id }),
  z.object({ intent: z.literal("owner"), id }),
  z.object({ intent: z.literal("accept"), id, role }),
  z.object({ intent: z.literal("decline"), id }),
]);

const ROLE_TEXT: Record<(typeof INVITED_ROLES)[number], string> = {
  admin: "Admin: everything but the team",
  hr: "HR: members, changes and e-cards; no payments",
  finance: "Finance: invoices, payments and the mandate; no members' details",
};

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: "Your team on Kavach",
      description: "Who acts for your company's membership.",
      path: PATHS.membershipTeam,
    },
    matches,
  );

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireToken(request);
  const team = await withToken(request, token, (t) => refusalOr([403, 404], getTeam(t)));
  if (team instanceof ApiError) return data({ team: null, refused: team.message }, { headers });
  return data({ team, refused: null }, { headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseSubmission(await request.formData(), schema);
  const { token } = await requireToken(request);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const v = submission.value;
  const done = await withToken(request, token, (t) =>
    refusalOr(
      [400, 403, 404, 409],
      (v.intent === "invite"
        ? inviteColleague(t, { name: v.name, mobile_no: v.mobile, role: v.role })
        : v.intent === "role"
          ? changeRole(t, v.id, v.role)
          : v.intent === "remove"
            ? removeColleague(t, v.id)
            : v.intent === "owner"
              ? handOver(t, v.id).then(() => null)
              : v.intent === "accept"
                ? acceptRequest(t, v.id, v.role)
                : declineRequest(t, v.id)) as Promise<unknown>,
    ),
  );
  if (done instanceof ApiError) return data(submission.reply({ formErrors: [done.message] }), { status: 400 });
  // After a hand-over the former owner is an admin: their membership is where they go on.
  return seeOther(v.intent === "owner" ? PATHS.membership : PATHS.membershipTeam);
}

function RoleSelect({ name = "role", label }: { name?: string; label: string }) {
  return (
    <label className="field">
      <span className="label">{label}</span>
      <select name={name} className="input" defaultValue="hr">
        {INVITED_ROLES.map((r) => (
          <option key={r} value={r}>
            {ROLE_TEXT[r]}
          </option>
        ))}
      </select>
    </label>
  );
}

export default function TeamPage() {
  const { team, refused } = useLoaderData<typeof loader>();
  if (team === null) {
    return (
      <div className="container membership">
        <h1>Your team</h1>
        <p className="notice notice--warning" role="status">
          {refused} Only the membership’s owner manages its team.
        </p>
        <a href={PATHS.membership}>Back to the membership</a>
      </div>
    );
  }
  return <TeamControls team={team} />;
}

function TeamControls({ team }: { team: Team }) {
  const lastResult = useActionData<typeof action>();
  // The browser checks the invitation's fields; every intent is checked by the server.
  const [form, fields] = useForm({ lastResult, ...browserValidation(inviteSchema) });
  return (
    <div className="container membership">
      <p className="muted small">
        <a href={PATHS.membership}>Your membership</a>
      </p>
      <h1>Your team</h1>
      <ErrorSummary form={form} />
      {form.errors?.length ? (
        <p className="notice notice--warning" role="alert">
          {form.errors[0]}
        </p>
      ) : null}

      {team.requests.length > 0 ? (
        <section className="card" aria-labelledby="requests-heading">
          <h2 id="requests-heading">Asking to be added</h2>
          <ul className="plain-list">
            {team.requests.map((r) => (
              <li key={r.id} data-testid="access-request">
                <strong>{r.name}</strong> ({r.mobile_shown}), asked on {formatDate(r.asked_at.slice(0, 10))}
                <Form method="post">
                  <input type="hidden" name="intent" value="accept" />
                  <input type="hidden" name="id" value={r.id} />
                  <RoleSelect label={`Role for ${r.name}`} />
                  <SubmitButton pendingLabel="Adding…">Accept {r.name}</SubmitButton>
                </Form>
                <Form method="post">
                  <input type="hidden" name="intent" value="decline" />
                  <input type="hidden" name="id" value={r.id} />
                  <SubmitButton pendingLabel="Declining…" className="button button--ghost">
                    Decline {r.name}
                  </SubmitButton>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="card" aria-labelledby="people-heading">
        <h2 id="people-heading">People on this membership</h2>
        <table className="stack-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Mobile</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {team.people.map((p) => (
              <tr key={p.id}>
                <th scope="row">{p.name}</th>
                <td data-label="Mobile">{p.mobile_shown}</td>
                <td data-label="Role">{p.role_label}</td>
                <td data-label="Status">
                  {p.status === "invited" && p.expires_at
                    ? `Invited, until ${formatDate(p.expires_at.slice(0, 10))}`
                    : p.status === "expired"
                      ? "Invitation expired"
                      : "Active"}
                </td>
                <td data-label="Change">
                  {p.role === "owner" ? null : (
                    <>
                      <Form method="post">
                        <input type="hidden" name="intent" value="role" />
                        <input type="hidden" name="id" value={p.id} />
                        <RoleSelect label={`New role for ${p.name}`} />
                        <SubmitButton pendingLabel="Saving…">Change role</SubmitButton>
                      </Form>
                      {p.role === "admin" && p.status === "active" ? (
                        <Form method="post">
                          <input type="hidden" name="intent" value="owner" />
                          <input type="hidden" name="id" value={p.id} />
                          <SubmitButton pendingLabel="Handing over…">Make {p.name} the owner</SubmitButton>
                        </Form>
                      ) : null}
                      <Form method="post">
                        <input type="hidden" name="intent" value="remove" />
                        <input type="hidden" name="id" value={p.id} />
                        <SubmitButton pendingLabel="Removing…" className="button button--ghost">
                          Remove {p.name}
                        </SubmitButton>
                      </Form>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className="card" aria-labelledby="invite-heading">
        <h2 id="invite-heading">Invite a colleague</h2>
        <p className="muted">They sign in with their mobile number and the usual code within 7 days.</p>
        <Form method="post" {...getFormProps(form)} noValidate>
          <input type="hidden" name="intent" value="invite" />
          <TextField meta={fields.name} label="Their name" autoComplete="off" maxLength={80} />
          <MobileNumberField
            meta={fields.mobile}
            label="Their mobile number"
            hint="The number they will sign in with."
          />
          <RoleSelect label="Role" />
          <SubmitButton pendingLabel="Inviting…">Send the invitation</SubmitButton>
        </Form>
      </section>
    </div>
  );
}
