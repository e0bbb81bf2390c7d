import { parse as parseCookies } from "cookie";
import type { RequestHandler } from "express";
import type { FieldsProblem } from "./input-bounds";
import { routePath } from "./route-path";

/**
 * Reads a page's form post whole, checks it, and only then lets it on (docs/product.md, Security rules).
 *
 * - A post takes a render slot only once its body has arrived: this runs before the render gate, so
 *   a client that sends its body a byte at a time holds a socket, never a slot, and is cut off with
 *   408 after `timeoutMs`.
 * - No request costs more than its size: the fields are held to the bounds every input is held to
 *   (server/input-bounds.ts), before any schema or form parser sees them.
 * - Only what a page's form sends is read: `application/x-www-form-urlencoded`, unencoded, or
 *   `multipart/form-data` on the few paths that take a file. Anything else (JSON, multipart
 *   elsewhere, gzip) is a 415 with a short message, never a parser's 500.
 */
export interface FormBodyOptions {
  /** The bounds every input is held to (server/input-bounds.ts). */
  inputProblem: FieldsProblem;
  limitBytes: number;
  timeoutMs: number;
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
function refuse(res: Parameters<RequestHandler>[1], status: number, message: string) {
  res.status(status).type("text/plain").send(message);
}

export function formBodies(options: FormBodyOptions): RequestHandler {
  return (req, res, next) => {
    if (!PAGE_METHODS.has(req.method)) {
      res.setHeader("Allow", "GET, HEAD, POST");
      return refuse(res, 405, "Method not allowed.");
    }
    if (req.method !== "POST") return next();
    const route = routePath(req.path);
    const uploadLimit = options.uploads.get(route);
    if (
      (uploadLimit !== undefined || options.signedInPaths.has(route)) &&
      parseCookies(req.get("cookie") ?? "")[options.sessionCookieName] === undefined
    ) {
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
      // A file's bytes are not fields: the upload's action reads and bounds the file itself.
      const fieldProblem = upload ? null : options.inputProblem(new URLSearchParams(body.toString("utf8")).keys());
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
