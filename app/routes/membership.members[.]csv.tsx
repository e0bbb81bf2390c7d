import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireToken, withToken } from "~/session/signed-in.server";
import { membersCsvOffThread } from "~/membership/census/file-pool.server";
import { allMembers, download } from "~/membership/documents/files.server";
import { PATHS } from "~/routing/paths";
import { ApiError } from "~/upstream/http.server";

/** The company's member list as CSV, for its own admin only, kept by no cache. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { token } = await requireToken(request);
  const members = await withToken(request, token, async (t) => {
    try {
      return await allMembers(t);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw redirect(PATHS.membership);
      throw error;
    }
  });
  return download(await membersCsvOffThread(members), "text/csv; charset=utf-8", "kavach-members.csv");
}
