import type { ReactNode } from "react";
import { useEffect, useRef } from "react";
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
 * the caller adds (`children`: the priced changes, the confirm button). The results open where the admin
 * is looking (docs/product.md, Accessibility): their first line (the refusal, or the heading) takes the
 * focus, which scrolls it into view: without script by `autofocus` in the page the server sends, with
 * script each time a check answers (a fetcher's answer mounts no new page). So `result` is one object per
 * answer (callers memoise it): a new object is a new answer, and takes the focus.
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
  const first = useRef<HTMLDivElement & HTMLHeadingElement>(null);
  useEffect(() => first.current?.focus(), [result]);
  if (!result.ok)
    return (
      // eslint-disable-next-line jsx-a11y/no-autofocus -- the page that answers an upload opens on its answer
      <div className="error-summary" role="alert" tabIndex={-1} ref={first} autoFocus>
        <h3 className="error-summary__title">The file could not be used</h3>
        <p>
          {result.fileName ? `${result.fileName}: ` : ""}
          {result.message}. {nothingDone}.
        </p>
      </div>
    );
  return (
    <div className="upload-results" aria-live="polite">
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the page that answers an upload opens on its answer */}
      <h3 id="results" tabIndex={-1} ref={first} autoFocus>
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
