import { Form } from "@remix-run/react";
import { UploadResults } from "~/membership/people/upload-results";
import { formatCount } from "~/utils/money";
import type { UploadResult } from "./upload.server";

/** The rows the results page names, at most: enough to fix a file, and a page that stays light. */
export const REJECTIONS_SHOWN = 200;

/** A census file's check: why it could not be read, or its ready rows and the rows to fix, and the confirm button. */
export function CensusUploadResults({ result }: { result: UploadResult }) {
  return (
    <UploadResults
      nothingDone="Nothing was added"
      untilConfirmed="Nothing is added until you confirm"
      result={
        result.ok
          ? {
              ok: true,
              fileName: result.fileName,
              rows: result.rows,
              heading: `${formatCount(result.readyCount)} ${result.readyCount === 1 ? "row" : "rows"} ready, ${formatCount(result.rejectedRows)} ${result.rejectedRows === 1 ? "row needs" : "rows need"} fixing`,
              problems: result.rejections,
              advice: `Fix these rows in the file and upload it again${result.rejectedRows > 0 && result.readyCount > 0 ? ", or add the ready rows now and the rest later" : ""}.${result.rejections.length === REJECTIONS_SHOWN ? ` The first ${REJECTIONS_SHOWN} problems are listed.` : ""}`,
              showValues: true,
            }
          : result
      }
    >
      {result.ok && result.checkId ? (
        <Form method="post" className="actions">
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="check_id" value={result.checkId} />
          <button type="submit" className="button">
            {`Confirm and add ${formatCount(result.readyCount)} ${result.readyCount === 1 ? "member" : "members"}`}
          </button>
        </Form>
      ) : null}
    </UploadResults>
  );
}
