/**
 * A route's check on what it was asked for or answered (as the Epic Stack's `invariantResponse`):
 * when the condition fails, the request ends with `status` and the message the page's error boundary
 * shows. A `Response`, so a file route may throw it too (docs/decisions/0044).
 */
export function invariantResponse(
  condition: unknown,
  message: string,
  init: ResponseInit & { status: number },
): asserts condition {
  if (!condition) throw Response.json({ message }, init);
}
