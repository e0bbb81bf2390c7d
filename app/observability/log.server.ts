import { AsyncLocalStorage } from "node:async_hooks";
import { createRequire } from "node:module";
import { pino } from "pino";
import { env } from "~/config/env.server";

/**
 * The one logger of the process (docs/decisions/0036), for the app, the server around it and the
 * embedded API: pino, one JSON line per event on stdout, written synchronously (no transport and
 * its worker thread, so the bundled server needs nothing beside it and a crash loses no line).
 *
 * Every line has its time and level; a line written while a request is being answered carries
 * that request's id (`id`, the X-Request-Id the visitor is answered with), whoever writes it: the
 * id lives in an AsyncLocalStorage the server enters per request (withRequestId).
 *
 * Personal data never reaches the log (docs/product.md, Security rules): fields that hold a
 * person's name, mobile or email are censored by name wherever they sit in a line's object (pino's
 * redact), and whatever still reads as a mobile number or an email address in the finished line
 * (a message, an error's text, a URL) is masked before the line is written.
 */

const requestIds = new AsyncLocalStorage<string>();

/** Runs a request's work with its id, so every line logged within it carries the id. */
export function withRequestId<T>(id: string, work: () => T): T {
  return requestIds.run(id, work);
}

/** The id of the request being answered here, if any (sent upstream as X-Request-Id). */
export const currentRequestId = (): string | undefined => requestIds.getStore();

/** Fields that hold personal data, censored at the top of a line and one level down. */
const PERSONAL_FIELDS = [
  "name",
  "full_name",
  "fullName",
  "first_name",
  "last_name",
  "mobile",
  "mobile_no",
  "mobileNo",
  "phone",
  "whatsapp_no",
  "email",
  "date_of_birth",
  "dob",
  "company_name",
];

/** An Indian mobile number, bare or with +91/91, as typed (98765 43210 too); an email address. */
const MOBILE = /(?<![\w.])(?:\+?91[- ]?)?[6-9]\d{4}[- ]?\d{5}(?![\w.])/g;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const maskPersonal = (line: string) => line.replace(MOBILE, "[mobile]").replace(EMAIL, "[email]");

interface LineSink {
  write(line: string): void;
}

/**
 * Pretty lines only for a developer at a terminal (or LOG_PRETTY=1), and only in development:
 * pino-pretty is a development dependency, absent from a production install.
 */
function standardOutput(): LineSink {
  const pretty = env.LOG_PRETTY ? env.LOG_PRETTY === "1" : process.stdout.isTTY === true;
  if (env.NODE_ENV === "development" && pretty) {
    try {
      const prettyStream = createRequire(import.meta.url)("pino-pretty") as (options: object) => LineSink;
      return prettyStream({ sync: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" });
    } catch {
      // Not installed (a production install): plain JSON lines.
    }
  }
  return pino.destination({ dest: 1, sync: true });
}

let output: LineSink = standardOutput();

/** Where the lines go instead of stdout (a test that reads them); undefined goes back to stdout. */
export function sendLogsTo(write: ((line: string) => void) | undefined): void {
  output = write ? { write } : standardOutput();
}

export const logger = pino(
  {
    level: env.LOG_LEVEL,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => {
      const id = requestIds.getStore();
      return id === undefined ? {} : { id };
    },
    redact: {
      paths: [...PERSONAL_FIELDS, ...PERSONAL_FIELDS.map((field) => `*.${field}`)],
      // A value masked already (a mobile shown as 98******10) says nothing more, and helps support.
      censor: (value: unknown) => (typeof value === "string" && value.includes("***") ? value : "[redacted]"),
    },
  },
  { write: (line: string) => output.write(maskPersonal(line)) },
);

export type Logger = typeof logger;
type Level = "debug" | "info" | "warn" | "error";

/**
 * A line from code that logs plain objects (the embedded API, which never imports the app): its
 * `level` picks pino's, its own `time` gives way to pino's, and `msg` stays the message.
 */
export function logEvent(event: Record<string, unknown>): void {
  const { level, time: _time, msg, ...fields } = event;
  const method: Level = level === "error" || level === "warn" || level === "debug" ? level : "info";
  if (typeof msg === "string") logger[method](fields, msg);
  else logger[method](fields);
}
