import { once } from "node:events";
import { type AddressInfo, createServer } from "node:net";
import { afterEach, expect, it } from "vitest";
import { type TestApi, checkoutForms, startApi } from "./helpers";

/** The smallest SMTP server nodemailer will talk to: it accepts every message and keeps its raw text. */
async function fakeSmtp() {
  const messages: { from: string; to: string[]; data: string }[] = [];
  const server = createServer((socket) => {
    let buffer = "";
    let inData = false;
    let current = { from: "", to: [] as string[], data: "" };
    socket.write("220 fake ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          messages.push(current);
          current = { from: "", to: [], data: "" };
          inData = false;
          socket.write("250 queued\r\n");
          continue;
        }
        const eol = buffer.indexOf("\r\n");
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "MAIL") current.from = line;
        if (verb === "RCPT") current.to.push(line);
        if (verb === "DATA") inData = true;
        if (verb === "QUIT") socket.end("221 bye\r\n");
        else socket.write(verb === "DATA" ? "354 go on\r\n" : "250 ok\r\n");
      }
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { messages, port: (server.address() as AddressInfo).port, close: () => server.close() };
}

let api: TestApi | undefined;
let smtp: Awaited<ReturnType<typeof fakeSmtp>> | undefined;
afterEach(async () => {
  await api?.close();
  smtp?.close();
});

it("sends the confirmation over SMTP when SMTP_URL is set, with the invoice PDF attached", async () => {
  smtp = await fakeSmtp();
  api = await startApi({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
  const token = await api.login("9811111111");
  const update = (type: string, item: unknown) =>
    api!.call("POST", "/api/employer/v1/carts/update", { token, body: { type, item } });
  await update("company", { gstin: "07AAFCT1128B1ZV" });
  await update("admin", { name: "Ravi Kumar", email: "ravi@tanager.example", total_employees: 5, authorised: true });
  await update("plan", { plan_id: "kavach-essential", coverage_ids: [] });
  await update("people", { rows: [{ band: "18-35", range: "1A", count: 5 }] });
  const order = (
    await api.call("POST", "/api/employer/v1/checkout/order/create", {
      token,
      body: { policy: "yearly", callback_url: "https://app.example/checkout/payment/callback" },
    })
  ).json.data;
  const forms = checkoutForms((await api.html(`/api/sandbox/checkout/${order.order_id}`)).text);
  const pay = [...forms.entries()].find(([label]) => label.endsWith("— Success"))![1];
  const paid = (await api.call("POST", "/api/employer/v1/checkout/order/verify", { body: pay.fields })).json.data;
  expect(paid.invoice).toMatchObject({ email_to: "r…@tanager.example" });
  // The answer waits a moment for the email and says where it is; on a loaded machine it may still be
  // on its way, and the membership then says it went.
  expect(["sending", "sent"]).toContain(paid.invoice.email_status);
  await expect
    .poll(
      async () =>
        (await api!.call("GET", "/api/employer/v1/membership", { token })).json.data.invoices[0]?.email_status,
    )
    .toBe("sent");
  // The invoices to the buyer, and the purchase told to the company's registered email (docs/product.md,
  // One membership per company).
  expect(smtp.messages.map((m) => m.to)).toEqual(
    expect.arrayContaining([["RCPT TO:<ravi@tanager.example>"], ["RCPT TO:<gst@tanager-foods.example>"]]),
  );
  expect(smtp.messages).toHaveLength(2);
  const message = smtp.messages.find((m) => m.to[0] === "RCPT TO:<ravi@tanager.example>");
  const numbers = paid.invoices.map((i: { number: string }) => i.number).join(", ");
  expect(message!.data).toContain(
    `Subject: Your Kavach membership is active: tax ${paid.invoices.length === 1 ? "invoice" : "invoices"} ${numbers}`,
  );
  expect(message!.data).toMatch(/Content-Type: application\/pdf; name=SG-\d{2}-\d{2}-000001\.pdf/);
  // Nothing went to the sandbox outbox.
  expect((await api.call("GET", "/api/sandbox/emails")).json.data).toEqual([]);
});
