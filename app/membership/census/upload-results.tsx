import { Form } from "@remix-run/react";
import type { UploadResult } from "./upload.server";
import { formatCount } from "~/utils/money";

/** The rows the results page names, at most: enough to fix a file, and a page that stays light. */
export const REJECTIONS_SHOWN = 200;

/** A census file's check: why it could not be read, or its ready rows and the rows to fix, and the confirm button. */
export function UploadResults({ result }: { result: UploadResult }) {
  if (!result.ok)
    return (
      <div className="error-summary" role="alert" tabIndex={-1}>
        <h3 className="error-summary__title">The file could not be used</h3>
        <p>
          {result.fileName ? `${result.fileName}: ` : ""}
          {result.message}. Nothing was added.
        </p>
      </div>
    );
  return (
    <div className="upload-results" aria-live="polite">
      <h3 id="results">
        {`${formatCount(result.readyCount)} ${result.readyCount === 1 ? "row" : "rows"} ready, ${formatCount(result.rejectedRows)} ${result.rejectedRows === 1 ? "row needs" : "rows need"} fixing`}
      </h3>
      <p className="muted small">
        {result.fileName}: {formatCount(result.rows)} rows read. Nothing is added until you confirm.
      </p>
      {result.rejections.length > 0 ? (
        <div className="error-summary" role="alert" tabIndex={-1} aria-labelledby="rejected-title">
          <h3 className="error-summary__title" id="rejected-title">
            Rows that need fixing
          </h3>
          <p>
            Fix these rows in the file and upload it again
            {result.rejectedRows > 0 && result.readyCount > 0 ? ", or add the ready rows now and the rest later" : ""}.
            {result.rejections.length === REJECTIONS_SHOWN ? ` The first ${REJECTIONS_SHOWN} problems are listed.` : ""}
          </p>
          <div className="table-scroll">
            <table className="stack-table">
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Column</th>
                  <th scope="col">Value</th>
                  <th scope="col">Problem</th>
                </tr>
              </thead>
              <tbody>
                {result.rejections.map((r, i) => (
                  <tr key={i}>
                    <td data-joiner="Row">{r.row}</td>
                    <td data-joiner="·">{r.column}</td>
                    <td data-joiner="·">{r.value === "" ? <span className="muted">(empty)</span> : r.value}</td>
                    <td data-joiner="·">{r.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}
      {result.checkId ? (
        <Form method="post" className="actions">
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="check_id" value={result.checkId} />
          <button type="submit" className="button">
            {`Confirm and add ${formatCount(result.readyCount)} ${result.readyCount === 1 ? "member" : "members"}`}
          </button>
        </Form>
      ) : null}
    </div>
  );
}
