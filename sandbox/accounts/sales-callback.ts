// A call-back request from a team the checkout cannot serve (fewer than 2 or more than 10,000
// employees: docs/product.md, A way forward at the limits). It goes to the sales team's mailbox: in
// the sandbox, the email outbox at /dev/outbox, addressed to SALES_EMAIL.
import { z } from "zod";
import type { ApiContext } from "../shared/context";
import { mobileNoSchema } from "../shared/mobile";

export const SALES_EMAIL = "sales@kavach.example";

export const callbackRequestSchema = z
  .object({
    name: z.string().trim().min(1, "name is required.").max(120),
    mobile_no: mobileNoSchema,
    email: z.string().trim().email("email is not valid.").max(254).optional(),
    company_name: z.string().trim().max(160).optional(),
    headcount: z.number().int().min(1).max(10_000_000),
    note: z.string().trim().max(1000).optional(),
  })
  .strict();
export type CallbackRequest = z.infer<typeof callbackRequestSchema>;

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export async function requestCallback(ctx: ApiContext, request: CallbackRequest): Promise<void> {
  const lines = [
    `Name: ${request.name}`,
    `Mobile: +91 ${request.mobile_no}`,
    `Email: ${request.email ?? "not given"}`,
    `Company: ${request.company_name ?? "not given"}`,
    `Employees: ${request.headcount}`,
    `Note: ${request.note ?? "none"}`,
  ];
  await ctx.email.send({
    to: SALES_EMAIL,
    subject: `Call-back request: ${request.headcount} employees`,
    text: `A team outside the online checkout's range asks for a call back.\n\n${lines.join("\n")}\n`,
    html: `<p>A team outside the online checkout's range asks for a call back.</p><ul>${lines
      .map((l) => `<li>${escape(l)}</li>`)
      .join("")}</ul>`,
    attachments: [],
  });
  ctx.log({ event: "sales_callback_requested", headcount: request.headcount });
}
