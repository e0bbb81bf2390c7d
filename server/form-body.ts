import type { RequestHandler } from "express";

/**
 * Reads a page's form post whole, checks it, and only then lets it on (docs/product.md, Security rules).
 *
 * - A post takes a render slot only once its body has arrived: this runs before the render gate, so
 *   a client that sends its body a byte at a time holds a socket, never a slot, and is cut off with
 *   408 after `timeoutMs`.
 * - No request costs more than its size: a field name's `[n]` index is bounded and so is the number
 *   of fields, before any schema or form parser sees them. Conform builds an array as long as the
 *   largest index posted (`rows[1000000].count=1`: 45 bytes, seconds of CPU and gigabytes).
 * - Only what a page's form sends is read: `application/x-www-form-urlencoded`, unencoded, or
 *   `multipart/form-data` on the few paths that take a file. Anything else (JSON, multipart
 *   elsewhere, gzip) is a 415 with a short message, never a parser's 500.
 */
export interface FormBodyOptions {
  limitBytes: number;
  timeoutMs: number;
  /** Most fields one post may carry; the largest form has a few dozen. */
  maxFields: number;
  /** Largest `[n]` index in a field name; the people grid has a dozen rows. */
  maxIndex: number;
  /**
   * Paths whose action needs a signed-in admin. A post there without the session cookie is
   * refused before its body is read: the action would sign it out anyway.
   */
  signedInPaths: ReadonlySet<string>;
  sessionCookieName: string;
  signInPath: string;
  /**
   * Paths whose form uploads a file (multipart/form-data, signed in only), each with its own
   * limit; their action reads the file and bounds it again.
   */
  uploads: ReadonlyMap<string, number>;
}

/** Methods a page answers; anything else is 405 rather than whatever the framework makes of it. */
const PAGE_METHODS = new Set(["GET", "HEAD", "POST"]);
const FORM_TYPE = "application/x-www-form-urlencoded";
const UPLOAD_TYPE = "multipart/form-data";
/** A bracket segment: an index, or a lower-case key (the gateway's `error[metadata][order_id]`); nothing else. */
const SEGMENT = /\[([^\]]*)\]/g;
const KEY_SEGMENT = /^[a-z][a-z_]{0,39}$/;
const INDEX_SEGMENT = /^(0|[1-9][0-9]{0,5})$/;
const MAX_NAME_LENGTH = 200;

/** What is wrong with a posted form's field names, or null when they are within bounds. */
export function formProblem(
  body: URLSearchParams,
  { maxFields, maxIndex }: Pick<FormBodyOptions, "maxFields" | "maxIndex">,
): string | null {
  let fields = 0;
  for (const name of body.keys()) {
    fields += 1;
    if (fields > maxFields) return `Too many fields (at most ${maxFields}).`;
    if (name.length > MAX_NAME_LENGTH) return "A field name is too long.";
    for (const [, segment] of name.matchAll(SEGMENT)) {
      if (KEY_SEGMENT.test(segment!)) continue;
      if (!INDEX_SEGMENT.test(segment!) || Number(segment) > maxIndex) return "A field name has an index out of range.";
    }
  }
  return null;
}

function refuse(res: Parameters<RequestHandler>[1], status: number, message: string) {
  res.status(status).type("text/plain").send(message);
}

export function formBodies(options: FormBodyOptions): RequestHandler {
  const holdsSession = new RegExp(`(^|;\\s*)${options.sessionCookieName}=`);
  return (req, res, next) => {
    if (!PAGE_METHODS.has(req.method)) {
      res.setHeader("Allow", "GET, HEAD, POST");
      return refuse(res, 405, "Method not allowed.");
    }
    if (req.method !== "POST") return next();
    const uploadLimit = options.uploads.get(req.path);
    if ((uploadLimit || options.signedInPaths.has(req.path)) && !holdsSession.test(req.get("cookie") ?? "")) {
      res.redirect(303, options.signInPath);
      return;
    }
    const encoding = req.get("content-encoding");
    if (encoding && encoding.trim().toLowerCase() !== "identity")
      return refuse(res, 415, "Content-Encoding not accepted.");
    const type = (req.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    const upload = uploadLimit !== undefined && type === UPLOAD_TYPE;
    if (type !== FORM_TYPE && !upload) return refuse(res, 415, "Send the form as application/x-www-form-urlencoded.");
    const limitBytes = upload ? uploadLimit : options.limitBytes;
    if (Number(req.get("content-length") ?? 0) > limitBytes) return refuse(res, 413, "Request body too large.");

    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (problem?: [number, string]) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req.off("data", onData).off("end", onEnd).off("error", onError);
      if (problem) {
        // The rest of the body is not worth reading: the connection goes once the answer is out.
        res.setHeader("Connection", "close");
        refuse(res, ...problem);
        res.once("finish", () => req.destroy());
        return;
      }
      const body = Buffer.concat(chunks);
      const fieldProblem = upload ? null : formProblem(new URLSearchParams(body.toString("utf8")), options);
      if (fieldProblem) return refuse(res, 400, fieldProblem);
      res.locals.formBody = body;
      next();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limitBytes) return finish([413, "Request body too large."]);
      chunks.push(chunk);
    };
    const onEnd = () => finish();
    const onError = () => finish([400, "The request body could not be read."]);
    const timer = setTimeout(() => finish([408, "The request body took too long to arrive."]), options.timeoutMs);
    req.on("data", onData).on("end", onEnd).on("error", onError);
  };
}
