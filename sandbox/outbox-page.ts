// GET /dev/outbox: the SMS and email outboxes as a page, so codes and confirmations can be read
// without a phone or a mailbox in the sandbox; email attachments download from here.
import { Router } from "express";
import type { ApiContext } from "./context";
import { emailAttachment, listEmails } from "./email";
import { route } from "./envelope";
import { escapeHtml, page } from "./html";
import { mobileNoSchema } from "./mobile";
import { listOutbox } from "./sms";

const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'";

function emailsSection(ctx: ApiContext): string {
  const emails = listEmails(ctx.db, undefined);
  if (emails.length === 0) return "<h2>Email outbox</h2><p>No emails yet.</p>";
  const items = emails
    .map((e) => {
      const files = e.attachments
        .map(
          (a) =>
            `<li><a href="outbox/emails/${e.id}/attachments/${a.position}" download>${escapeHtml(a.filename)}</a> (${escapeHtml(
              a.content_type,
            )}, ${Math.ceil(a.size / 1024)} KB)</li>`,
        )
        .join("");
      return `<article class="email">
<h3>${escapeHtml(e.subject)}</h3>
<p class="meta">To ${escapeHtml(e.to)} · ${escapeHtml(e.created_at.replace("T", " ").slice(0, 19))} UTC</p>
<pre>${escapeHtml(e.text)}</pre>
${files === "" ? "" : `<p>Attachments:</p><ul>${files}</ul>`}
</article>`;
    })
    .join("\n");
  return `<h2>Email outbox</h2>\n${items}`;
}

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
              m.mobile_no,
            )}</td><td>${escapeHtml(m.text)}</td></tr>`,
        )
        .join("\n");
      const table =
        messages.length === 0
          ? "<p>No messages yet.</p>"
          : `<table><thead><tr><th scope="col">Sent (UTC)</th><th scope="col">Mobile</th><th scope="col">Message</th></tr></thead><tbody>${rows}</tbody></table>`;
      const html = page(
        "SMS and email outbox (sandbox)",
        `<h1>SMS and email outbox (sandbox)</h1>
<p class="note">Nothing here was really sent. Codes, emails and payments in this sandbox are simulated.</p>
<h2>SMS outbox</h2>
<form method="get" action="">
<label for="mobile_no">Show messages for mobile number</label>
<input type="text" id="mobile_no" name="mobile_no" inputmode="numeric" autocomplete="off" value="${escapeHtml(raw)}">
<button class="secondary" type="submit">Filter</button>
</form>
${problem}
${table}
${emailsSection(ctx)}`,
      );
      res
        .status(200)
        .set({
          "Content-Type": "text/html; charset=utf-8",
          "Cache-Control": "no-store",
          "Content-Security-Policy": PAGE_CSP,
        })
        .send(html);
    }),
  );
  router.get(
    "/outbox/emails/:id/attachments/:position",
    route((req, res) => {
      const id = Number(req.params.id);
      const position = Number(req.params.position);
      const file =
        Number.isSafeInteger(id) && Number.isSafeInteger(position) ? emailAttachment(ctx.db, id, position) : undefined;
      if (file === undefined) {
        res.status(404).set({ "Content-Type": "text/plain; charset=utf-8" }).send("No such attachment.");
        return;
      }
      res
        .status(200)
        .set({
          "Content-Type": file.content_type,
          "Content-Disposition": `attachment; filename="${file.filename.replace(/[^\w.-]/g, "_")}"`,
          "Cache-Control": "no-store",
        })
        .send(file.content);
    }),
  );
  return router;
}
