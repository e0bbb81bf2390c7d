// GET /dev/outbox: the SMS and email outboxes as a page, so codes and confirmations can be read
// without a phone or a mailbox in the sandbox; email attachments download from here. Each reader sees
// only what they may (sandbox/messages/outbox-access.ts): everything with the outbox key, else their own.
import { type Response, Router } from "express";
import type { ApiContext } from "../shared/context";
import { type OutboxEmail, emailAttachment, listEmails } from "./email";
import { route } from "../shared/envelope";
import { escapeHtml, page } from "../shared/html";
import { mobileNoSchema } from "../shared/mobile";
import { OUTBOX_KEY_COOKIE, type OutboxReader, isOutboxKey, outboxReader } from "./outbox-access";
import { listOutbox } from "./sms";

const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'";

/** The emails a reader may see: all of them, or those to their own address. */
function readableEmails(ctx: ApiContext, reader: Exclude<OutboxReader, null>): OutboxEmail[] {
  return reader.all ? listEmails(ctx.db, undefined) : reader.emails.flatMap((address) => listEmails(ctx.db, address));
}

function emailsSection(ctx: ApiContext, reader: Exclude<OutboxReader, null>): string {
  const emails = readableEmails(ctx, reader);
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
      // The key in the address is kept in a cookie and taken out of the address (decision 0040).
      if (typeof req.query.key === "string") {
        if (!isOutboxKey(ctx, req.query.key)) return sendPage(res, 401, keyPage("That is not the outbox key."));
        res.cookie(OUTBOX_KEY_COOKIE, req.query.key, {
          httpOnly: true,
          sameSite: "strict",
          secure: req.secure,
          path: req.baseUrl || "/",
        });
        res.redirect(303, "outbox");
        return;
      }
      const reader = outboxReader(ctx, req);
      if (reader === null) return sendPage(res, 401, keyPage(""));
      const raw = typeof req.query.mobile_no === "string" ? req.query.mobile_no.trim() : "";
      const parsed = raw === "" ? undefined : mobileNoSchema.safeParse(raw);
      const filter = parsed?.success ? parsed.data : undefined;
      const problem =
        parsed !== undefined && !parsed.success
          ? `<p role="alert">${escapeHtml(parsed.error.issues[0]!.message)}</p>`
          : "";
      const messages = reader.all
        ? listOutbox(ctx.db, filter)
        : filter === undefined || filter === reader.mobileNo
          ? listOutbox(ctx.db, reader.mobileNo)
          : [];
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
${emailsSection(ctx, reader)}`,
      );
      sendPage(res, 200, html);
    }),
  );
  router.get(
    "/outbox/emails/:id/attachments/:position",
    route((req, res) => {
      const id = Number(req.params.id);
      const position = Number(req.params.position);
      const reader = outboxReader(ctx, req);
      const readable =
        reader !== null &&
        Number.isSafeInteger(id) &&
        (reader.all || readableEmails(ctx, reader).some((email) => email.id === id));
      // Someone else's attachment is as missing as one that never was.
      const file = readable && Number.isSafeInteger(position) ? emailAttachment(ctx.db, id, position) : undefined;
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

function sendPage(res: Response, status: number, html: string): void {
  res
    .status(status)
    .set({
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": PAGE_CSP,
    })
    .send(html);
}

/** Asks for the outbox key: the messages are people's own, and only its holder reads them all. */
function keyPage(problem: string): string {
  return page(
    "SMS and email outbox (sandbox)",
    `<h1>SMS and email outbox (sandbox)</h1>
<p>The outbox holds people's codes and emails. Give the key it was started with (SANDBOX_OUTBOX_KEY) to read it.</p>
${problem === "" ? "" : `<p role="alert">${escapeHtml(problem)}</p>`}
<form method="get" action="">
<label for="key">Outbox key</label>
<input type="password" id="key" name="key" autocomplete="off">
<button type="submit">Open the outbox</button>
</form>`,
  );
}
