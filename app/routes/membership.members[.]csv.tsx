import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireToken, withToken } from "~/session/signed-in.server";
import { membersCsvOffThread } from "~/membership/census/file-pool.server";
import { allMembers, download } from "~/membership/documents/files.server";
import { PATHS } from "~/routing/paths";

/** The company's member list as CSV, for its own admin only, kept by no cache. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { token } = await requireToken(request);
  const members = await withToken(request, token, allMembers);
  if (members === null) throw redirect(PATHS.membership);
  return download(await membersCsvOffThread(members), "text/csv; charset=utf-8", "kavach-members.csv");
}
