/**
 * The few cookies a signed-in admin carries, kept by name. Browsers would refuse the production
 * `__Host-` Secure cookie over plain http; a script on loopback can still send it back as a header.
 */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Takes every Set-Cookie of a response; an expired one (Max-Age=0) is dropped. */
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || pair.slice(eq + 1) === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(eq + 1));
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}
