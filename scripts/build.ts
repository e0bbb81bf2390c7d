/**
 * `npm run build`: the Remix build (classic compiler, remix.config.js), then the page script and
 * the server bundle, in one process.
 *
 * Remix's CLI module loads its Vite plugin even for the classic compiler, and that plugin reaches
 * Vite through vite-node's CommonJS entry, which prints Vite's CJS deprecation notice. Nothing of
 * ours uses Vite's Node API (the notice is about Remix's own loading), so Vite's documented switch
 * silences it here; any other warning of the build still prints.
 */
process.env.VITE_CJS_IGNORE_WARNING = "true";
const { cli } = await import("@remix-run/dev");
await cli.run(["build"]);
await import("./build-enhance");
await import("./build-server");
// As Remix's own CLI does after a command: its compiler leaves an esbuild service running.
process.exit(0);
export {};
