import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { ZodType, ZodTypeDef } from "zod";

/** A failure the client should see: becomes `{"success":0,"msg",…}` with the given 4xx status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export function sendOk(res: Response, data?: unknown, msg?: string): void {
  const body: Record<string, unknown> = { success: 1 };
  if (msg !== undefined) body.msg = msg;
  if (data !== undefined) body.data = data;
  res.status(200).json(body);
}

export function sendFail(res: Response, status: number, msg: string, data?: Record<string, unknown>): void {
  res.status(status).json(data === undefined ? { success: 0, msg } : { success: 0, msg, data });
}

/** Express 4 does not catch rejected promises; this forwards them to the error handler. */
export function route(handler: (req: Request, res: Response) => void | Promise<void>): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    Promise.resolve()
      .then(() => handler(req, res))
      .catch(next);
  };
}

// zod's own wording ("Expected string, received number") means nothing without the field's name;
// messages written in the schemas are shown as they are.
const ZOD_DEFAULT_MESSAGE = /^(Required|Expected|Invalid|Unrecognized|String must|Number must|Array must)/;

/** Parses input with a zod schema, turning the first problem into a 400 with a readable message. */
export function parseInput<T>(schema: ZodType<T, ZodTypeDef, unknown>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  if (!ZOD_DEFAULT_MESSAGE.test(issue.message)) throw new HttpError(400, issue.message);
  const field = issue.path.join(".");
  if (issue.code === "invalid_type" && issue.received === "undefined") {
    throw new HttpError(400, field ? `${field} is required.` : "A request body is required.");
  }
  throw new HttpError(400, field ? `${field}: ${issue.message}.` : `${issue.message}.`);
}
