import path from "node:path";
import express, { type RequestHandler, Router } from "express";

/** public/, streamed through the compression middleware (pages are compressed by server/remix-handler.ts). */
export function staticFiles(root: string, compress: RequestHandler): Router {
  const router = Router();
  // Fingerprinted build output never changes under its name; everything else in public/ may.
  router.use("/build", compress, express.static(path.join(root, "public/build"), { immutable: true, maxAge: "1y" }));
  // Every file in public/ has an extension and no page path does: pages skip the look on disk, and
  // so do a page's data requests (`.data`, single fetch), which no file in public/ answers.
  const publicFiles = express.static(path.join(root, "public"), { maxAge: "1h" });
  router.use((req, res, next) => {
    const extension = path.extname(req.path);
    if (!extension || extension === ".data") return next();
    compress(req, res, () => publicFiles(req, res, next));
  });
  return router;
}
