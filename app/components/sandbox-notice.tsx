import { PATHS } from "~/routing/paths";

/** Shown while the embedded API serves: nobody should mistake the sandbox for the real service. */
export function SandboxNotice() {
  return (
    <div className="sandbox-notice" role="note">
      Sandbox: one-time codes and payments are simulated. Read your code in the <a href={PATHS.outbox}>SMS outbox</a>.
    </div>
  );
}
