import { expect, it } from "vitest";
import { forgetReads, inRequestScope, keepRead, readOnce } from "../../app/upstream/request-scope.server";

/** Reads shared within one request (app/upstream/request-scope.server.ts, decision 0035). */
function counter() {
  let calls = 0;
  return {
    read: () => Promise.resolve(`cart ${++calls}`),
    get calls() {
      return calls;
    },
  };
}

it("within a request the same read is asked once; another request asks again", async () => {
  const cart = counter();
  const first = await inRequestScope(() => Promise.all([readOnce("cart", cart.read), readOnce("cart", cart.read)]));
  expect(first).toEqual(["cart 1", "cart 1"]);
  expect(await inRequestScope(() => readOnce("cart", cart.read))).toBe("cart 2");
  // Outside a request nothing is kept.
  await readOnce("cart", cart.read);
  await readOnce("cart", cart.read);
  expect(cart.calls).toBe(4);
});

it("a call that may change the state forgets what was read; a write's answer is what is read next", async () => {
  const cart = counter();
  const seen = await inRequestScope(async () => {
    const before = await readOnce("cart", cart.read);
    forgetReads();
    const after = await readOnce("cart", cart.read);
    keepRead("cart", "cart as written");
    return [before, after, await readOnce("cart", cart.read)];
  });
  expect(seen).toEqual(["cart 1", "cart 2", "cart as written"]);
  expect(cart.calls).toBe(2);
});

it("a failed read is not kept: the next read asks again", async () => {
  let calls = 0;
  const flaky = () => (++calls === 1 ? Promise.reject(new Error("down")) : Promise.resolve("cart"));
  const answers = await inRequestScope(async () => [
    await readOnce("cart", flaky).catch((error: Error) => error.message),
    await readOnce("cart", flaky),
  ]);
  expect(answers).toEqual(["down", "cart"]);
});
