/**
 * The sandbox outbox's key every test server starts with (SANDBOX_OUTBOX_KEY), and the header that
 * carries it: tests read people's codes and emails as the developer does (decision 0040).
 */
export const OUTBOX_KEY = "outbox-key-for-tests-0123456789";
export const OUTBOX_HEADERS = { "x-sandbox-outbox-key": OUTBOX_KEY };
