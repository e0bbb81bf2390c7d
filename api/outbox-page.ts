// GET /dev/outbox: the SMS outbox as a page, so codes can be read without a phone in the sandbox.
import { Router } from "express";
import type { ApiContext } from "./context";
import { route } from "./envelope";
import { escapeHtml, page } from "./html";
import { mobileNoSchema } from "./mobile";
import { listOutbox } from "./sms";

export function devRouter(ctx: ApiContext): Router {
  const router = Router();
  router.get(
    "/outbox",
    route((req, res) => {
      const raw = typeof req.query.mobile_no === "string" ? req.query.mobile_no.trim() : "";
      const parsed = raw === "" ? undefined : mobileNoSchema.safeParse(raw);
      const filter = parsed?.success ? parsed.data : undefined;
      const problem =
        parsed !== undefined && !parsed.success
          ? `<p role="alert">${escapeHtml(parsed.error.issues[0]!.message)}</p>`
          : "";
      const messages = listOutbox(ctx.db, filter);
      const rows = messages
        .map(
          (m) =>
            `<tr><td>${escapeHtml(m.created_at.replace("T", " ").slice(0, 19))}</td><td>${escapeHtml(
              m.mobile_no
            )}</td><td>${escapeHtml(m.text)}</td></tr>`
        )
        .join("\n");
      const table =
        messages.length === 0
          ? "<p>No messages yet.</p>"
          : `<table><thead><tr><th scope="col">Sent (UTC)</th><th scope="col">Mobile</th><th scope="col">Message</th></tr></thead><tbody>${rows}</tbody></table>`;
      const html = page(
        "SMS outbox (sandbox)",
        `<h1>SMS outbox (sandbox)</h1>
<p class="note">Nothing here was really sent. Codes and payments in this sandbox are simulated.</p>
<form method="get" action="">
<label for="mobile_no">Show messages for mobile number</label>
<input type="text" id="mobile_no" name="mobile_no" inputmode="numeric" autocomplete="off" value="${escapeHtml(raw)}">
<button class="secondary" type="submit">Filter</button>
</form>
${problem}
${table}`
      );
      res
        .status(200)
        .set({
          "Content-Type": "text/html; charset=utf-8",
          "Cache-Control": "no-store",
          "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
        })
        .send(html);
    })
  );
  return router;
}
