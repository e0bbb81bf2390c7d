import type { ReactNode } from "react";
import { formatCount } from "~/utils/money";

/** A row of an uploaded file that needs fixing: where, what it held (when shown) and why. */
export interface UploadProblemRow {
  row: number;
  column: string;
  value?: string;
  message: string;
}

export type CheckedUpload =
  | { ok: false; fileName: string; message: string }
  | {
      ok: true;
      fileName: string;
      rows: number;
      /** What the check found, the results' heading. */
      heading: string;
      problems: UploadProblemRow[];
      /** What to do about the rows that need fixing. */
      advice: string;
      /** Whether the table shows each problem's value (the census's file does). */
      showValues: boolean;
    };

/**
 * An uploaded file's check (docs/product.md, The member census; Changes during the year), the census's and
 * the changes' alike: why the file could not be used, or what is ready, the rows to fix, then what
 * the caller adds (`children`: the priced changes, the confirm button). The heading and each refusal
 * take `tabIndex={-1}` so a script can move the focus to them (docs/product.md, Accessibility).
 */
export function UploadResults({
  result,
  nothingDone,
  untilConfirmed,
  children,
}: {
  result: CheckedUpload;
  /** What the failure box says was not done ("Nothing was added"). */
  nothingDone: string;
  /** What waits for the confirm ("Nothing is added until you confirm"). */
  untilConfirmed: string;
  children?: ReactNode;
}) {
  if (!result.ok)
    return (
      <div className="error-summary" role="alert" tabIndex={-1}>
        <h3 className="error-summary__title">The file could not be used</h3>
        <p>
          {result.fileName ? `${result.fileName}: ` : ""}
          {result.message}. {nothingDone}.
        </p>
      </div>
    );
  return (
    <div className="upload-results" aria-live="polite">
      <h3 id="results" tabIndex={-1}>
        {result.heading}
      </h3>
      <p className="muted small">
        {result.fileName}: {formatCount(result.rows)} rows read. {untilConfirmed}.
      </p>
      {result.problems.length > 0 ? (
        <div className="error-summary" role="alert" tabIndex={-1} aria-labelledby="rejected-title">
          <h3 className="error-summary__title" id="rejected-title">
            Rows that need fixing
          </h3>
          <p>{result.advice}</p>
          <div className="table-scroll">
            <table className="stack-table" aria-labelledby="rejected-title">
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Column</th>
                  {result.showValues ? <th scope="col">Value</th> : null}
                  <th scope="col">Problem</th>
                </tr>
              </thead>
              <tbody>
                {result.problems.map((p, i) => (
                  <tr key={i}>
                    <td data-joiner="Row">{p.row}</td>
                    <td data-joiner="·">{p.column}</td>
                    {result.showValues ? (
                      <td data-joiner="·">{p.value ? p.value : <span className="muted">(empty)</span>}</td>
                    ) : null}
                    <td data-joiner="·">{p.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}
      {children}
    </div>
  );
}
