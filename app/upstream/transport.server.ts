import http from "node:http";
import https from "node:https";
import { promisify } from "node:util";
import zlib from "node:zlib";

/**
 * One HTTP exchange with the upstream over node:http and kept-alive connections. fetch (undici)
 * costs about twice the CPU per call for the same exchange (Request, Headers, AbortSignal and
 * web streams for every call; measured: ~600 against ~250 µs per loopback call), and
 * every checkout page makes at least one.
 */

const agents = {
  "http:": new http.Agent({ keepAlive: true }),
  "https:": new https.Agent({ keepAlive: true }),
};

const gunzip = promisify(zlib.gunzip);

export interface Exchange {
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** The whole exchange, from connecting to the last byte of the answer. */
  timeoutMs: number;
}

/** The upstream did not answer in time: a name like the TimeoutError of AbortSignal.timeout. */
class TimeoutError extends Error {
  name = "TimeoutError";
}

export interface Answer {
  status: number;
  text: string;
  /** The body as bytes, for the few answers that are files (an invoice PDF). */
  bytes: Buffer;
  contentType: string;
}

/** Status and body; rejects on a network failure or when the time is up. */
export function exchange(url: URL, options: Exchange): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const headers =
      options.body === undefined
        ? options.headers
        : { ...options.headers, "content-length": String(Buffer.byteLength(options.body)) };
    const request = client.request(
      url,
      { method: options.method, headers, agent: agents[url.protocol as keyof typeof agents] },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", fail);
        response.on("end", () => {
          const body = Buffer.concat(chunks);
          (response.headers["content-encoding"] === "gzip" ? gunzip(body) : Promise.resolve(body)).then((bytes) => {
            clearTimeout(timer);
            resolve({
              status: response.statusCode ?? 0,
              // Decoded when read: a file's megabytes are never text.
              get text() {
                return bytes.toString("utf8");
              },
              bytes,
              contentType: response.headers["content-type"] ?? "",
            });
          }, fail);
        });
      },
    );
    const timer = setTimeout(
      () => request.destroy(new TimeoutError(`no answer within ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    function fail(error: Error) {
      clearTimeout(timer);
      reject(error);
    }
    request.on("error", fail);
    request.end(options.body);
  });
}
