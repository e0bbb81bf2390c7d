import { Router } from "express";
import { z } from "zod";
import { TERMS } from "../catalog/content-data";
import { HttpError, parseInput, route, sendOk } from "../shared/envelope";

export function termsRouter(): Router {
  const router = Router();
  router.get(
    "/",
    route((req, res) => {
      if (req.get("platform") !== "web") throw new HttpError(400, "platform header required");
      const q = parseInput(
        z.object({
          version: z
            .string()
            .regex(/^[1-9]\d{0,3}$/, "version must be a positive whole number.")
            .transform(Number)
            .optional(),
        }),
        req.query,
      );
      const terms =
        q.version === undefined
          ? TERMS.reduce((a, b) => (b.version > a.version ? b : a))
          : TERMS.find((t) => t.version === q.version);
      if (terms === undefined) throw new HttpError(404, `There is no version ${q.version} of the terms.`);
      sendOk(res, terms);
    }),
  );
  return router;
}
