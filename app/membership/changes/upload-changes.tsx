import { Form, Link, useActionData } from "@remix-run/react";
import { DataNoticeLink } from "~/components/data-notice";
import { SubmitButton } from "~/components/form";
import { UploadResults } from "~/membership/people/upload-results";
import { changePath } from "~/routing/membership-paths";
import { formatPaise } from "~/utils/money";
import type { ChangeUploadResult } from "./change-upload.server";
import type { Reply, UploadReply } from "./replies";

/** Several changes from one file: the form, then each row's problems and each priced change. */
export function UploadForm() {
  const reply = useActionData() as Reply | UploadReply | undefined;
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
      {upload ? <ChangeUploadResults result={upload} /> : null}
    </section>
  );
}

/** A changes file's check: the rows to fix, each priced change (a link to its page), and "confirm all". */
function ChangeUploadResults({ result }: { result: ChangeUploadResult }) {
  const together = result.ok ? result.changes.filter((c) => !c.payable) : [];
  return (
    <UploadResults
      nothingDone="Nothing was changed"
      untilConfirmed="Nothing changes until you confirm"
      result={
        result.ok
          ? {
              ok: true,
              fileName: result.fileName,
              rows: result.rows,
              heading: `${result.changes.length} ${result.changes.length === 1 ? "change" : "changes"} priced, ${new Set(result.problems.map((p) => p.row)).size} rows need fixing`,
              problems: result.problems,
              advice: "Fix these rows in the file and upload it again.",
              showValues: false,
            }
          : result
      }
    >
      {result.ok && result.changes.length > 0 ? (
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
      {result.ok && together.length > 0 && result.batchId !== null ? (
        <Form method="post">
          <input type="hidden" name="batch" value={result.batchId} />
          <SubmitButton name="intent" value="confirm-all" pendingLabel="Confirming…">
            {`Confirm ${together.length} ${together.length === 1 ? "change" : "changes"}`}
          </SubmitButton>
        </Form>
      ) : null}
    </UploadResults>
  );
}
