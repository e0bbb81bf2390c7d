import { afterEach, expect, it } from "vitest";
import { logEvent, logger, sendLogsTo, withRequestId } from "~/observability/log.server";

/**
 * docs/product.md, Security rules; docs/decisions/0036: personal data never reaches the log, by
 * the logger's own configuration, whatever a caller hands it.
 */
function captured(log: () => void): Array<Record<string, unknown>> {
  const lines: string[] = [];
  sendLogsTo((line) => lines.push(line));
  log();
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}
afterEach(() => sendLogsTo(undefined));

it("censors the fields that hold names, mobiles and emails, at the top and one level down", () => {
  const [line] = captured(() =>
    logger.warn(
      {
        name: "Asha Rao",
        mobile_no: "9876543210",
        member: { full_name: "Ishaan Venkataraman", email: "ishaan@fernleaf.example", date_of_birth: "1994-03-12" },
        order_id: "order_123",
      },
      "member refused",
    ),
  );
  expect(line).toMatchObject({
    level: "warn",
    msg: "member refused",
    name: "[redacted]",
    mobile_no: "[redacted]",
    member: { full_name: "[redacted]", email: "[redacted]", date_of_birth: "[redacted]" },
    order_id: "order_123",
  });
});

it("masks a mobile number or an email address anywhere in the line, an error's text and stack included", () => {
  const text = captured(() => {
    logger.error(
      { err: new Error("no member 9876543210 (asha.rao@fernleaf.example)") },
      "lookup +91 98765 43210 failed",
    );
    logger.info({ url: "/global/users?country_id=91&mobile_no=919876543210" }, "asked");
  })
    .map((line) => JSON.stringify(line))
    .join("\n");
  expect(text).not.toMatch(/98765\s?43210|asha\.rao/);
  expect(text).toContain("[mobile]");
  expect(text).toContain("[email]");
});

it("keeps a number masked already, and gives every line its time, level and request id", () => {
  const [line] = captured(() =>
    withRequestId("req-1", () =>
      logEvent({ level: "warn", time: "ignored", event: "otp_verify_failed", mobile: "98******10" }),
    ),
  );
  expect(line).toMatchObject({ level: "warn", id: "req-1", event: "otp_verify_failed", mobile: "98******10" });
  expect(line!.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/);
  expect(line!.time).not.toBe("ignored");
});
