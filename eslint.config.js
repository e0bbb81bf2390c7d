// One style across app/, server/, sandbox/, tests/, bench/ and scripts/: the rules well-kept Remix apps
// use (React, hooks, accessibility, TypeScript), with type-only imports marked as such so bundles
// never keep a module for its types. Formatting is Prettier's (eslint-config-prettier turns off the rest).
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import globals from "globals";
import tseslint from "typescript-eslint";

/** What every sandbox file is refused (the app and the server), and a room's own refusal. */
function sandboxRooms(...own) {
  return [
    { group: ["~/**", "**/app/**", "**/server/**"], message: "The sandbox never imports the app or the server." },
    ...own,
  ];
}

export default tseslint.config(
  {
    ignores: [
      "build/",
      "public/build/",
      "data/",
      "test-results/",
      "playwright-report/",
      "screenshots/",
      "tests/e2e/.artifacts/",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    ...react.configs.flat.recommended,
    ...react.configs.flat["jsx-runtime"],
    plugins: { ...react.configs.flat.recommended.plugins, "react-hooks": reactHooks },
    languageOptions: {
      ...react.configs.flat.recommended.languageOptions,
      globals: { ...globals.browser, ...globals.node },
    },
    settings: { react: { version: "detect" } },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat["jsx-runtime"].rules,
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A scrolling list or table region is focusable so the keyboard can scroll it (WCAG 2.1.1).
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: ["ul"], roles: ["region"] }],
      // Plan cards are labels around their radio; the name sits a few elements deep.
      "jsx-a11y/label-has-associated-control": ["error", { depth: 4 }],
    },
  },
  // Rooms (README, Where things are): the app reaches the upstream only over HTTP through
  // app/upstream/, so the sandbox and the app never import each other; server/ is handed what it
  // needs through the build's entry module; browser code never imports a `*.server` module.
  {
    files: ["app/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/sandbox/**", "**/server/**"], message: "The app never imports the sandbox or the server." },
          ],
        },
      ],
    },
  },
  {
    files: ["app/**"],
    ignores: ["app/**/*.server.ts", "app/**/*.server.tsx", "app/routes/**", "app/root.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/sandbox/**", "**/server/**"], message: "The app never imports the sandbox or the server." },
            {
              group: ["**/*.server", "**/*.server.*"],
              message: "Browser code never imports a *.server module (types only).",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  // No import circle (docs/decisions/0043): a module's values are ready before anything that imports
  // them runs, and each room reads one way. Type-only imports are left out, as the compiler erases them.
  {
    files: ["sandbox/**/*.ts", "app/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js"] })],
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  // The app's feature rooms (docs/decisions/0044): the checkout and the membership never import each
  // other (the membership reads only the order's status from checkout/steps), and the shared rooms
  // under them never import either. A separate rule from the one above, so neither replaces the other.
  {
    files: ["app/membership/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/checkout/**", "!~/checkout/steps", "**/checkout/**", "!**/checkout/steps"],
              message: "The membership does not import the checkout (docs/decisions/0044).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/checkout/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/membership/**", "**/membership/**"],
              message: "The checkout does not import the membership (docs/decisions/0044).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/{components,session,upstream,utils,validation,config,routing,content}/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/membership/**", "**/membership/**"],
              message: "Shared code does not import a feature room (docs/decisions/0044).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["sandbox/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: sandboxRooms() }],
      // One way to open a write transaction: writeTransaction starts it IMMEDIATE, so two workers wait for
      // each other instead of one answering SQLITE_BUSY when it upgrades its read (docs/decisions/0017).
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message:
            "Use writeTransaction (sandbox/store/db.ts): it starts IMMEDIATE; a deferred transaction fails at once when another worker writes (docs/decisions/0017).",
        },
      ],
    },
  },
  // writeTransaction itself.
  { files: ["sandbox/store/db.ts"], rules: { "no-restricted-syntax": "off" } },
  // The sandbox's rooms (docs/decisions/0043): only the entry (index.ts) mounts the routes; the store is
  // the floor and imports no other room; shared helpers stand on the store alone (types aside). A later
  // block replaces an earlier one's patterns, so each room's block repeats what every sandbox file is refused.
  {
    files: ["sandbox/**"],
    ignores: ["sandbox/index.ts", "sandbox/routes/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: sandboxRooms({
            group: ["**/routes/**", "**/index", "**/index.ts"],
            message: "Only the sandbox's entry (sandbox/index.ts) mounts its routes.",
          }),
        },
      ],
    },
  },
  {
    files: ["sandbox/store/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: sandboxRooms({ group: ["../**"], message: "sandbox/store/ imports no other room." }) },
      ],
    },
  },
  {
    files: ["sandbox/shared/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: sandboxRooms({
            regex: "^\\.\\./(?!store/)",
            message: "sandbox/shared/ stands on sandbox/store/ alone (types aside).",
            allowTypeImports: true,
          }),
        },
      ],
    },
  },
  {
    files: ["server/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              // Types only: the build's entry module says what it hands over (server/app.ts).
              group: ["~/**", "**/app/**"],
              message: "server/ is handed what it needs by the build's entry module.",
              allowTypeImports: true,
            },
            {
              group: ["**/sandbox/**"],
              message: "server/ is handed the embedded API by server.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read API answers whose shape each assertion checks, and Playwright's hooks take `{}` first.
    files: ["tests/**"],
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "no-empty-pattern": ["error", { allowObjectPatternsAsParameters: true }],
    },
  },
  { files: ["**/*.js"], languageOptions: { globals: globals.node } },
  prettier,
);
