import http from "node:http";
import { expect, test } from "@playwright/test";
import { freePort, startServer } from "../support/server";
import { until } from "../support/until";

/**
 * One scrape sees the whole server (docs/decisions/0036): on two workers, /metrics, on its own
 * port (METRICS_PORT) or on the public one with METRICS_TOKEN, sums what every worker counted.
 */

const TOKEN = "metrics-token-0123456789abcdef";

/** GET on a connection of its own, so the workers share the requests; answers the worker's id prefix. */
function getAlone(port: number, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get({ port, host: "127.0.0.1", path, agent: false }, (response) => {
        response.resume();
        // A request id is the answering process's random prefix and a count (server/request-log.ts).
        response.on("end", () => resolve(String(response.headers["x-request-id"]).replace(/-[^-]+$/, "")));
      })
      .on("error", reject);
  });
}

const countOf = (text: string) =>
  Number(
    text.match(
      /^kavach_http_request_duration_seconds_count\{route="\/about-us",method="GET",status="200"\} (\d+)$/m,
    )?.[1],
  );

test("a scrape sums both workers' counts, on the metrics port and behind the token", async () => {
  test.setTimeout(120_000);
  const metricsPort = await freePort();
  const server = await startServer({
    env: { WEB_CONCURRENCY: "2", METRICS_PORT: String(metricsPort), METRICS_TOKEN: TOKEN },
  });
  try {
    await until(() => server.logs.some((line) => line.includes("all 2 workers listening")), "two workers listening");
    // Until both workers have answered some: the kernel hands each new connection to one of them.
    const answeredBy = new Set<string>();
    let asked = 0;
    while (answeredBy.size < 2 && asked < 400) {
      answeredBy.add(await getAlone(server.port, "/about-us"));
      asked += 1;
    }
    expect(answeredBy.size).toBe(2);
    const fromPort = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(countOf(fromPort)).toBe(asked);
    const publicScrape = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(publicScrape.status).toBe(200);
    expect(countOf(await publicScrape.text())).toBe(asked);
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
  } finally {
    await server.stop();
  }
});
