import { download, templateCsv } from "~/membership/documents/files.server";

/** The census template as CSV: the same for everyone, so it may be kept an hour. */
export function loader() {
  return download(templateCsv(), "text/csv; charset=utf-8", "kavach-team-template.csv", "public, max-age=3600");
}
