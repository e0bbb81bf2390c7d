import { requireToken } from "~/session/signed-in.server";
import { todayInIndia } from "~/utils/dates";

/**
 * What each intent of a membership page's action works with (several forms on one route, told apart by
 * `intent`): the request, the signed-in admin's token, the posted form and today in India.
 */
export interface IntentArgs {
  request: Request;
  token: string;
  form: FormData;
  today: string;
}

/** Signs the post in (or answers it as signed out) and reads its form once, for the intent it names. */
export async function intentArgs(request: Request): Promise<IntentArgs> {
  const { token } = await requireToken(request);
  return { request, token, form: await request.formData(), today: todayInIndia() };
}
