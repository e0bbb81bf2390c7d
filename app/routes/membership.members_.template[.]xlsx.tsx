import { download, templateXlsx } from "~/membership/documents/files.server";

/** The census template as an Excel workbook, with a sheet of the allowed values. */
export async function loader() {
  return download(
    await templateXlsx(),
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "kavach-team-template.xlsx",
    "public, max-age=3600",
  );
}
