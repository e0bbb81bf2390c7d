import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/** The rooms eslint.config.js keeps apart: a cross-room import written today fails `npm run lint`. */
const eslint = new ESLint();

async function ruleIdsFor(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

describe("import boundaries", () => {
  it("refuses the sandbox in the app and the app in the sandbox", async () => {
    expect(
      await ruleIdsFor(
        'import { PLANS } from "../../sandbox/store/seed-data";\nexport const x = PLANS;\n',
        "app/utils/x.ts",
      ),
    ).toContain("@typescript-eslint/no-restricted-imports");
    expect(
      await ruleIdsFor('import { PATHS } from "~/routing/paths";\nexport const x = PATHS;\n', "sandbox/x.ts"),
    ).toContain("@typescript-eslint/no-restricted-imports");
  });

  it("refuses a *.server module's values in browser code but allows its types", async () => {
    expect(
      await ruleIdsFor('import { env } from "~/config/env.server";\nexport const x = env;\n', "app/components/x.tsx"),
    ).toContain("@typescript-eslint/no-restricted-imports");
    expect(
      await ruleIdsFor(
        'import type { Quote } from "~/upstream/employer.server";\nexport type X = Quote;\n',
        "app/components/x.tsx",
      ),
    ).toEqual([]);
  });

  it("lets a route module import server code, which the compiler strips from the browser build", async () => {
    expect(
      await ruleIdsFor('import { env } from "~/config/env.server";\nexport const x = env;\n', "app/routes/x.tsx"),
    ).toEqual([]);
  });

  it("keeps the checkout and the membership apart, and shared code out of both (docs/decisions/0044)", async () => {
    expect(
      await ruleIdsFor(
        'import { stepCart } from "~/checkout/step-guard.server";\nexport const x = stepCart;\n',
        "app/membership/home/x.server.ts",
      ),
    ).toContain("no-restricted-imports");
    expect(
      await ruleIdsFor(
        'import { isPaidOrPending } from "~/checkout/steps";\nexport const x = isPaidOrPending;\n',
        "app/membership/home/x.ts",
      ),
    ).toEqual([]);
    expect(
      await ruleIdsFor(
        'import { MEMBER_COLUMNS } from "~/membership/census/rules";\nexport const x = MEMBER_COLUMNS;\n',
        "app/checkout/x.ts",
      ),
    ).toContain("no-restricted-imports");
    expect(
      await ruleIdsFor(
        'import { MEMBER_COLUMNS } from "~/membership/census/rules";\nexport const x = MEMBER_COLUMNS;\n',
        "app/components/x.tsx",
      ),
    ).toContain("no-restricted-imports");
    expect(
      await ruleIdsFor(
        'import { MEMBER_COLUMNS } from "~/membership/census/rules";\nexport const x = MEMBER_COLUMNS;\n',
        "app/routes/x.tsx",
      ),
    ).toEqual([]);
  });
});
