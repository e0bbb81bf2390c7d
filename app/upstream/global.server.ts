import { z } from "zod";
import { COUNTRY_ID } from "~/config/constants";
import { apiRequest, apiStatusCodeRequest } from "./http.server";

/** Calls to the global backend (docs/api-contract.md, Global): codes, tokens, WhatsApp, FAQ, app link. */

const codeSent = z.object({
  whatsapp: z.number().int(),
  code_length: z.number().int().optional(),
  expires_in_s: z.number().int().optional(),
  resend_after_s: z.number().int().optional(),
});
export type CodeSent = z.infer<typeof codeSent>;

/**
 * Whose request the app relays, for the API's per-client limits (docs/api-contract.md): the visitor's
 * address, as server.ts resolved it, and the browser's device id, which codes are asked and checked
 * under (docs/decisions/0016, Update).
 */
function relayedFor(clientIp: string, deviceId: string | undefined) {
  return { "x-forwarded-for": clientIp, ...(deviceId === undefined ? {} : { "x-device-id": deviceId }) };
}

export function sendCode(mobileNo: string, clientIp: string, deviceId?: string) {
  return apiRequest({
    backend: "global",
    path: "/users",
    query: { country_id: COUNTRY_ID, mobile_no: mobileNo },
    headers: relayedFor(clientIp, deviceId),
    idempotent: false,
    data: codeSent,
  });
}

const verified = z.object({
  token: z.string().min(1),
  expires_at: z.string().optional(),
  user: z
    .object({ mobile_no: z.string(), country_id: z.coerce.number(), whatsapp: z.number().int() })
    .partial()
    .optional(),
});

export function verifyCode(mobileNo: string, code: string, clientIp: string, deviceId?: string) {
  return apiRequest({
    backend: "global",
    method: "POST",
    path: "/users/verify/otp",
    headers: relayedFor(clientIp, deviceId),
    body: { mobile_no: mobileNo, country_id: COUNTRY_ID, code },
    data: verified,
  });
}

const anything = z.unknown();

export function logout(token: string) {
  return apiRequest({ backend: "global", path: "/logout", token, data: anything });
}

const whatsappSet = z.object({ whatsapp: z.number().int() });

export function setWhatsapp(token: string, enabled: boolean) {
  return apiRequest({
    backend: "global",
    method: "PATCH",
    path: "/users/whatsapp",
    token,
    body: { whatsapp_status: enabled ? 1 : 0 },
    data: whatsappSet,
  });
}

const faq = z.array(z.object({ question: z.string(), answer: z.string() }));
export type FaqEntry = z.infer<typeof faq>[number];

export function getFaq() {
  return apiRequest({ backend: "global", path: "/faq", data: faq });
}

export function sendAppLink(mobileNo: string) {
  return apiStatusCodeRequest({
    backend: "global",
    path: "/applink",
    query: { mobile_no: mobileNo },
    idempotent: false,
  });
}

const terms = z.object({
  version: z.number().int(),
  title: z.string(),
  updated_at: z.string(),
  sections: z.array(z.object({ heading: z.string(), body: z.string() })),
});
export type Terms = z.infer<typeof terms>;

/** Terms live at the gateway root and need the `platform: web` header (docs/api-contract.md, Terms). */
export function getTerms(version?: number) {
  return apiRequest({ backend: "root", path: "/tnc", query: { version }, headers: { platform: "web" }, data: terms });
}

export interface CallbackRequest {
  name: string;
  mobile_no: string;
  email?: string;
  company_name?: string;
  headcount: number;
  note?: string;
}

/** A team outside the checkout's range asks sales to call (docs/product.md, A way forward at the limits). */
export function requestCallback(request: CallbackRequest) {
  return apiRequest({
    backend: "global",
    method: "POST",
    path: "/sales/callback",
    body: request,
    idempotent: false,
    data: anything,
  });
}
