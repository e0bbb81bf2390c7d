import type { SubmissionResult } from "@conform-to/react";
import type { ChangeUploadResult } from "./change-upload.server";

/** The changes page's forms, each answered under its own name so only that form shows the answer. */
export type FormName = "add" | "remove" | "family";
export type Reply = { form: FormName; result: SubmissionResult<string[]> };
export type UploadReply = { form: "upload"; upload: ChangeUploadResult };
